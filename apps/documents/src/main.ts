import 'reflect-metadata';
import { runService } from '@quotebook/server-core';
import { DocumentsModule } from './app.module';
import { DocumentsEnv } from './env';

void runService({ name: 'documents', envClass: DocumentsEnv, createModule: (env) => DocumentsModule.forRoot(env) });
