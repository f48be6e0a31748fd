import { eventually, queryDatabase, startIsolatedStack, SUPERADMIN } from '@quotebook/testing';
import { createAgency, created, customerBody, type Agency } from '../api-test/catalogue-fixtures';
import { api, superadminToken } from '../api-test/http';
import { deadProcesses, expectErrorBody, timedApi, type TimedResponse } from './resilience-kit';

jest.setTimeout(120_000);

type Service = 'identity' | 'tenancy' | 'catalogue' | 'quoting' | 'documents';

/**
 * Each service stopped in turn on one stack: what needs it is refused at once with 503 (NATS tells
 * the gateway nobody listens, so nobody waits for a timeout), the others' routes answer as before, and
 * the same gateway serves it again as soon as the service is back. An agency deleted meanwhile
 * (tenant.deleted on JetStream) loses its rows in that service once it is back.
 */
describe('a service stopped', () => {
  let started: Awaited<ReturnType<typeof startIsolatedStack>>;
  let base: string;
  let root: string;
  let agency: Agency;

  /** A call that needs only this service (beside the gateway and Redis), as the web makes it. */
  const callOf: Record<Service, () => Promise<TimedResponse>> = {
    identity: () => timedApi('GET', `${agency.base}/users`, { token: agency.adminToken, base }),
    tenancy: () => timedApi('GET', '/api/tenants', { token: root, base }),
    catalogue: () => timedApi('GET', `${agency.base}/products`, { token: agency.userToken, base }),
    quoting: () => timedApi('GET', `${agency.base}/quotes`, { token: agency.userToken, base }),
    documents: () => timedApi('GET', `${agency.base}/quote-layouts`, { token: agency.userToken, base }),
  };
  const services = Object.keys(callOf) as Service[];

  /**
   * An agency's rows in one service's schema: every table that has a tenant_id (the test is the
   * database owner, whom row-level security does not filter), but the mark documents keeps on purpose
   * that the agency had its starter set (a late tenant.created then gives a deleted agency nothing).
   */
  const rowsIn = async (schema: string, tenantId: string) => {
    const tables = await queryDatabase<{ table_name: string }>(
      started.database.url,
      `SELECT table_name FROM information_schema.columns
        WHERE table_schema = $1 AND column_name = 'tenant_id' AND (table_schema, table_name) <> ('documents', 'starter_kits')`,
      [schema],
    );
    let rows = 0;
    for (const { table_name } of tables) {
      rows += Number((await queryDatabase<{ count: string }>(started.database.url, `SELECT count(*) FROM "${schema}"."${table_name}" WHERE tenant_id = $1`, [tenantId]))[0].count);
    }
    return rows;
  };

  /** An agency with rows in every service: its users, a customer, a quote, the starter templates and layout. */
  const agencyWithRows = async () => {
    const owned = await createAgency(root, {}, base);
    const customer = await created(owned.adminToken, `${owned.base}/customers`, customerBody(), base);
    await created(owned.adminToken, `${owned.base}/quotes`, { customerId: customer.id, serviceDate: '2030-07-15' }, base);
    // the starter set comes with tenant.created, a moment after the agency
    await eventually(async () => {
      for (const schema of ['identity', 'catalogue', 'quoting', 'documents']) expect({ schema, stored: (await rowsIn(schema, owned.tenantId)) > 0 }).toEqual({ schema, stored: true });
    });
    return owned;
  };

  beforeAll(async () => {
    started = await startIsolatedStack('fsvc');
    base = started.stack.baseUrl;
    root = await superadminToken(base);
    agency = await createAgency(root, {}, base);
  });

  afterAll(async () => {
    await started?.stop();
  });

  it.each(services)(
    '%s stopped: its routes answer 503 within 1 s and the health report names it, the other services answer; once back it serves again and purges an agency deleted meanwhile',
    async (service) => {
      for (const name of services) expect({ name, status: (await callOf[name]()).status }).toEqual({ name, status: 200 });
      const deleted = service === 'tenancy' ? null : await agencyWithRows();

      await started.stack.processes[service].stop();

      const refused = await callOf[service]();
      expectErrorBody(refused, 503, 'SERVICE_UNAVAILABLE');
      expect(refused.body.message).toContain(service);
      expect(refused.elapsedMs).toBeLessThan(1000);
      const health = await timedApi('GET', '/api/health', { base });
      expect(health.status).toBe(503);
      expect(Object.entries(health.body.components).filter(([, component]) => (component as { status: string }).status === 'down').map(([name]) => name)).toEqual([service]);
      // sign-in needs identity only; the sign-in page's agency lookup, tenancy only
      const signIn = await timedApi('POST', '/api/auth/login', { body: SUPERADMIN, base });
      expect(signIn.status).toBe(service === 'identity' ? 503 : 200);
      const lookup = await timedApi('GET', '/api/tenants/by-keyword/no-such-agency', { base });
      expect(lookup.status).toBe(service === 'tenancy' ? 503 : 404);
      for (const other of services.filter((name) => name !== service)) {
        expect({ other, status: (await callOf[other]()).status }).toEqual({ other, status: 200 });
      }
      if (deleted) {
        expect((await api('DELETE', deleted.base, { token: root, base })).status).toBe(204);
        // the services that are up purge at once; this one's rows wait for it
        await eventually(async () => expect(await rowsIn(service === 'identity' ? 'catalogue' : 'identity', deleted.tenantId)).toBe(0));
        expect(await rowsIn(service, deleted.tenantId)).toBeGreaterThan(0);
      }

      await started.stack.restart(service);

      expect((await callOf[service]()).status).toBe(200);
      expect((await api('GET', '/api/health', { base })).status).toBe(200);
      if (deleted) await eventually(async () => expect(await rowsIn(service, deleted.tenantId)).toBe(0), 15_000, 200);
      expect(deadProcesses(started.stack.processes)).toEqual([]);
    },
  );
});
