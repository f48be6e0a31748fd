import { Client, types } from 'pg';
import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';

// DATE columns stay YYYY-MM-DD strings (pg would make them local-midnight Date objects).
types.setTypeParser(1082, (value: string) => value);

export interface DatabaseOptions {
  url: string;
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

/** TypeORM options for one service: its own schema, its own migrations table, migrations at start. */
export function dataSourceOptions(options: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error'],
    extra: { connectionTimeoutMillis: 5000, max: 10 },
  };
}

/** The schema must exist before TypeORM can create its migrations table inside it. */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/** Hides the password of a connection URL for log lines. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
