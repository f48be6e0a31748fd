import 'reflect-metadata';
import { runService } from '@quotebook/server-core/service';
import { QuotingModule } from './app.module';
import { QuotingEnv } from './env';

void runService({
  name: 'quoting',
  envClass: QuotingEnv,
  createModule: (env) => QuotingModule.forRoot(env),
  // a stop waits for a quote being sent (its document rendered, then mailed) as long as the gateway waits for it
  drainTimeoutMs: (env) => env.DOCUMENT_JOB_TIMEOUT_MS + 3 * env.NATS_REQUEST_TIMEOUT_MS,
});
