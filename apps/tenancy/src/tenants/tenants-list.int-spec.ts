import type { INestMicroservice } from '@nestjs/common';
import { LIST_PAGE_BYTES, TENANTS_LIST, type Principal } from '@quotebook/contracts';
import type { RpcClient } from '@quotebook/server-core';
import { createTestDatabase, queryDatabase, type TestDatabase } from '@quotebook/testing';
import { randomUUID } from 'node:crypto';
import { connectClient, deleteEventStream, startTenancy } from '../test/tenancy-harness';

describe('the tenants list in pages bounded by bytes (integration)', () => {
  let database: TestDatabase;
  let tenancy: INestMicroservice;
  let client: { rpc: RpcClient; close(): Promise<void> };
  let rpc: RpcClient;
  const superadmin: Principal = { userId: randomUUID(), role: 'superadmin', tenantId: null, sessionVersion: 1 };

  beforeAll(async () => {
    database = await createTestDatabase('tenancy');
    tenancy = await startTenancy(database.url);
    client = await connectClient();
    rpc = client.rpc;
  });

  afterAll(async () => {
    await client?.close();
    await tenancy?.close();
    await deleteEventStream();
    await database?.drop();
  });

  it('answers more tenants than one message can hold page by page, in order, each page within the budget', async () => {
    // about 3 KB each: 600 of them are 1.8 MB, more than the bus carries at once
    await queryDatabase(
      database.url,
      `INSERT INTO tenancy.tenants (name, keyword, address, company_name)
       SELECT 'Agenzia ' || lpad(n::text, 4, '0'), 'agenzia-' || n, repeat('Via Roma ', 250), repeat('Società ', 100)
         FROM generate_series(1, 600) AS n`,
    );
    const names: string[] = [];
    let cursor: number | null = 0;
    let pages = 0;
    while (cursor !== null) {
      const page = await rpc.send(TENANTS_LIST, { principal: superadmin, cursor });
      expect(Buffer.byteLength(JSON.stringify(page.items))).toBeLessThanOrEqual(LIST_PAGE_BYTES);
      names.push(...page.items.map((tenant) => tenant.name));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(names).toEqual(Array.from({ length: 600 }, (_, index) => `Agenzia ${String(index + 1).padStart(4, '0')}`));
  });
});
