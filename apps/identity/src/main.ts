import 'reflect-metadata';
import { runService } from '@quotebook/server-core/service';
import { IdentityModule } from './app.module';
import { IdentityEnv } from './env';

void runService({ name: 'identity', envClass: IdentityEnv, createModule: (env) => IdentityModule.forRoot(env) });
