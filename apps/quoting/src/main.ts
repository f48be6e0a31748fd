import 'reflect-metadata';
import { runService } from '@quotebook/server-core';
import { QuotingModule } from './app.module';
import { QuotingEnv } from './env';

void runService({ name: 'quoting', envClass: QuotingEnv, createModule: (env) => QuotingModule.forRoot(env) });
