import type { DataSource } from 'typeorm';

/**
 * The node-postgres pool under a TypeORM data source, as it is (no type is promised). TypeORM has no
 * API for it: its PostgresDriver keeps the pool in the field `master` (declared public, but not
 * documented); this is the one place that reads it. metrics.int-spec.ts and
 * tenant-transaction.int-spec.ts fail on the upgrade that moves it; until the data source is
 * connected there is no pool.
 */
export function driverPoolOf(dataSource: DataSource): unknown {
  return (dataSource.driver as unknown as { master?: unknown }).master;
}
