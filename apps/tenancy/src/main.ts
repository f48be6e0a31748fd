import 'reflect-metadata';
import { runService } from '@quotebook/server-core/service';
import { TenancyModule } from './app.module';
import { TenancyEnv } from './env';

void runService({ name: 'tenancy', envClass: TenancyEnv, createModule: (env) => TenancyModule.forRoot(env) });
