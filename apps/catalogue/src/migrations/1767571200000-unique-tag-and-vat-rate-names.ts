import { MigrationInterface, QueryRunner } from 'typeorm';

/** A name a user tells records apart by, unique within its scope whatever its case or surrounding spaces. */
interface UniqueName {
  table: 'tags' | 'vat_rates';
  index: string;
  /** the columns the name is unique within */
  scope: string[];
  column: string;
}

/** The index names are what the service maps to TAG_NAME_TAKEN and VAT_RATE_DESCRIPTION_TAKEN. */
export const UNIQUE_NAMES: readonly UniqueName[] = [
  { table: 'tags', index: 'tags_name_unique', scope: ['tenant_id', 'target_type'], column: 'name' },
  { table: 'vat_rates', index: 'vat_rates_description_unique', scope: ['tenant_id'], column: 'description' },
];

/**
 * Two tags of one type, or two VAT rates, with the same name can no longer exist in one agency. Agencies
 * that already have such twins keep every record and every link to it: the oldest keeps its name, each
 * later one is renamed "Name (2)", "Name (3)"… (the first number free in its scope), so the agency sees
 * both and can rename or merge them.
 */
export class UniqueTagAndVatRateNames1767571200000 implements MigrationInterface {
  name = 'UniqueTagAndVatRateNames1767571200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const unique of UNIQUE_NAMES) {
      const table = `"catalogue"."${unique.table}"`;
      const key = `lower(btrim("${unique.column}"))`;
      const sameScope = unique.scope.map((column) => `"${column}" = duplicate."${column}"`).join(' AND ');
      // the renaming reads every agency's rows: row-level security would show it none
      await queryRunner.query(`ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`);
      await queryRunner.query(`
        DO $$
        DECLARE
          duplicate record;
          suffix integer;
          candidate text;
        BEGIN
          FOR duplicate IN
            SELECT ranked.* FROM (
              SELECT *, row_number() OVER (PARTITION BY ${unique.scope.map((column) => `"${column}"`).join(', ')}, ${key}
                                           ORDER BY "created_at", "id") AS position
              FROM ${table}
            ) ranked
            WHERE ranked.position > 1
            ORDER BY ranked."created_at", ranked."id"
          LOOP
            suffix := 2;
            LOOP
              candidate := btrim(duplicate."${unique.column}") || ' (' || suffix || ')';
              EXIT WHEN NOT EXISTS (SELECT 1 FROM ${table} WHERE ${sameScope} AND ${key} = lower(candidate));
              suffix := suffix + 1;
            END LOOP;
            UPDATE ${table} SET "${unique.column}" = candidate WHERE "id" = duplicate."id";
          END LOOP;
        END $$`);
      await queryRunner.query(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
      await queryRunner.query(
        `CREATE UNIQUE INDEX "${unique.index}" ON ${table} (${unique.scope.map((column) => `"${column}"`).join(', ')}, ${key})`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const unique of UNIQUE_NAMES) await queryRunner.query(`DROP INDEX "catalogue"."${unique.index}"`);
  }
}
