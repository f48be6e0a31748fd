import { Client } from 'pg';
import { DependencyUnreachableError, redactUrl, START_HINTS } from './preflight';

export async function assertPostgresReachable(url: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new DependencyUnreachableError(
      `cannot reach PostgreSQL at ${redactUrl(url)} (${(error as Error).message || 'no answer'}); start it with: ${START_HINTS.postgres}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
