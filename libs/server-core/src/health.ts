import type { ServiceHealth } from '@quotebook/contracts';
import type { DataSource } from 'typeorm';

/** A service's answer to its health pattern: it is up (it answered) and says whether its database is. */
export async function checkServiceHealth(service: string, dataSource: DataSource): Promise<ServiceHealth> {
  const database = await Promise.race([
    dataSource.query('SELECT 1').then(() => 'up' as const),
    new Promise<'down'>((resolve) => setTimeout(() => resolve('down'), 1500).unref()),
  ]).catch(() => 'down' as const);
  return { service, status: 'up', database };
}
