import type { EntityManager, EntityMetadata, EntityTarget } from 'typeorm';

/** Column types whose values pg answers as the ORM would hydrate them (DATE as YYYY-MM-DD, see database.ts). */
const PLAIN_TYPES = new Set(['uuid', 'text', 'varchar', 'numeric', 'decimal', 'integer', 'int', 'smallint', 'boolean', 'date', 'timestamptz', 'jsonb']);

export type RowOrder<T> = Partial<Record<keyof T & string, 'ASC' | 'DESC'>>;

/** Statements built so far, per entity and per shape of the call (its filter's fields and its order). */
const statements = new WeakMap<EntityMetadata, Map<string, string>>();

/**
 * The rows of `entity` whose fields equal `where` (tenantId, ...), in `order`: what `manager.find`
 * answers for equality filters, as plain objects of the entity's shape. The statement is built from the
 * entity's metadata once per shape and then only sent, so a list read on every call costs its query
 * and no more: the ORM neither rebuilds the query nor hydrates each row. An entity with a column whose
 * value the ORM would transform is refused when the statement is built.
 */
export function entityRows<T>(manager: EntityManager, entity: EntityTarget<T>, where: Partial<Record<keyof T & string, unknown>>, order: RowOrder<T>): Promise<T[]> {
  const metadata = manager.connection.getMetadata(entity);
  const fields = Object.keys(where);
  const shape = JSON.stringify([fields, order]);
  let byShape = statements.get(metadata);
  if (!byShape) statements.set(metadata, (byShape = new Map()));
  let statement = byShape.get(shape);
  if (statement === undefined) {
    statement = buildStatement(manager, metadata, fields, order);
    byShape.set(shape, statement);
  }
  return manager.query(statement, fields.map((field) => where[field as keyof T & string]));
}

function buildStatement(manager: EntityManager, metadata: EntityMetadata, fields: readonly string[], order: Record<string, string | undefined>): string {
  const escape = (name: string) => manager.connection.driver.escape(name);
  for (const column of metadata.columns) {
    if (column.transformer || column.isArray || !PLAIN_TYPES.has(String(column.type))) {
      throw new Error(`${metadata.name}.${column.propertyName} (${String(column.type)}) is not read as it is stored`);
    }
  }
  const columnOf = (property: string) => {
    const column = metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${metadata.name} has no column ${property}`);
    return escape(column.databaseName);
  };
  const select = metadata.columns.map((column) => `${escape(column.databaseName)} AS ${escape(column.propertyName)}`).join(', ');
  const table = metadata.schema ? `${escape(metadata.schema)}.${escape(metadata.tableName)}` : escape(metadata.tableName);
  const conditions = fields.map((field, index) => `${columnOf(field)} = $${index + 1}`);
  const ordering = Object.entries(order).map(([field, direction]) => `${columnOf(field)} ${direction === 'DESC' ? 'DESC' : 'ASC'}`);
  return (
    `SELECT ${select} FROM ${table}` +
    (conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '') +
    (ordering.length > 0 ? ` ORDER BY ${ordering.join(', ')}` : '')
  );
}
