import { Client } from 'pg';
import { superadminToken } from './http';
import { createAgency, fillCatalogue } from './catalogue-fixtures';

/** The role the catalogue service works as (see apps/catalogue/src/catalogue.schema.ts). */
const RUNTIME_ROLE = 'quotebook_catalogue_app';

async function asRuntimeRole<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: process.env['API_DATABASE_URL'] });
  await client.connect();
  try {
    await client.query(`SET ROLE ${RUNTIME_ROLE}`);
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('row-level security on the catalogue tables', () => {
  it('is enabled and forced on every catalogue table', async () => {
    const client = new Client({ connectionString: process.env['API_DATABASE_URL'] });
    await client.connect();
    try {
      const { rows } = await client.query<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(
        `SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'catalogue' AND c.relkind = 'r' AND c.relname <> 'migrations'`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(8);
      for (const row of rows) expect(row).toEqual({ relname: row.relname, relrowsecurity: true, relforcerowsecurity: true });
    } finally {
      await client.end();
    }
  });

  it("the service's role sees nothing without a tenant and only that tenant's rows with one, even with no WHERE", async () => {
    const root = await superadminToken();
    const [first, second] = await Promise.all([createAgency(root), createAgency(root)]);
    const [firstRecords] = await Promise.all([fillCatalogue(first), fillCatalogue(second)]);

    await asRuntimeRole(async (client) => {
      const bypass = await client.query<{ rolbypassrls: boolean }>('SELECT rolbypassrls FROM pg_roles WHERE rolname = current_user');
      expect(bypass.rows).toEqual([{ rolbypassrls: false }]);

      expect((await client.query('SELECT id FROM catalogue.products')).rows).toEqual([]);

      await client.query('BEGIN');
      await client.query("SELECT set_config('app.tenant_id', $1, true)", [first.tenantId]);
      const visible = await client.query<{ id: string; tenant_id: string }>('SELECT id, tenant_id FROM catalogue.products');
      expect(visible.rows.map((row) => row.id).sort()).toEqual([...firstRecords.productIds].sort());
      const foreignWrite = await client
        .query('INSERT INTO catalogue.tags (tenant_id, name, target_type) VALUES ($1, $2, $3)', [second.tenantId, 'Intrusa', 'product'])
        .then(() => 'inserted', (error: Error) => error.message);
      expect(foreignWrite).toMatch(/row-level security/);
      await client.query('ROLLBACK');
    });
  });
});
