import 'reflect-metadata';
import { runService } from '@quotebook/server-core/service';
import { DocumentsModule } from './app.module';
import { DocumentsEnv } from './env';

void runService({
  name: 'documents',
  envClass: DocumentsEnv,
  createModule: (env) => DocumentsModule.forRoot(env),
  // a stop waits for the documents under way as long as the gateway waits for one
  drainTimeoutMs: (env) => env.DOCUMENT_JOB_TIMEOUT_MS + 2 * env.NATS_REQUEST_TIMEOUT_MS,
});
