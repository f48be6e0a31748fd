import 'reflect-metadata';
import { runService } from '@quotebook/server-core/service';
import { CatalogueModule } from './app.module';
import { CatalogueEnv } from './env';

void runService({ name: 'catalogue', envClass: CatalogueEnv, createModule: (env) => CatalogueModule.forRoot(env) });
