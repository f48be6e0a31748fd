import { LIST_PAGE_BYTES, TENANTS_LIST, type Principal } from '@quotebook/contracts';
import { readAllPages } from '@quotebook/testing';
import { randomUUID } from 'node:crypto';
import { useTenancyHarness } from '../test/tenancy-harness';

describe('the tenants list in pages bounded by bytes (integration)', () => {
  const harness = useTenancyHarness();
  /** Tenancy as the gateway reaches it over NATS. */
  const sut = harness.rpc;
  const superadmin: Principal = { userId: randomUUID(), role: 'superadmin', tenantId: null, sessionVersion: 1 };

  it('answers more tenants than one message can hold page by page, in order, each page within the budget', async () => {
    // about 3 KB each: 1,200 of them are 3.6 MB, four pages at least
    await harness.query(
      `INSERT INTO tenancy.tenants (name, keyword, address, company_name)
       SELECT 'Agenzia ' || lpad(n::text, 4, '0'), 'agenzia-' || n, repeat('Via Roma ', 250), repeat('Società ', 100)
         FROM generate_series(1, 1200) AS n`,
    );
    const pages = await readAllPages((cursor) => sut.send(TENANTS_LIST, { principal: superadmin, cursor }));
    for (const page of pages) expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(LIST_PAGE_BYTES);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const names = pages.flat().map((tenant) => tenant.name);
    expect(names).toEqual(Array.from({ length: 1200 }, (_, index) => `Agenzia ${String(index + 1).padStart(4, '0')}`));
  });
});
