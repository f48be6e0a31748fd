import { Controller, Module } from '@nestjs/common';
import {
  AUTH_ME,
  CATALOGUE_QUOTE_PRICING,
  CONSUMPTIONS_ADD,
  type ConsumptionDto,
  type CreateQuoteDto,
  type CustomerView,
  CUSTOMERS_GET,
  INVOICES_FILE,
  INVOICES_GENERATE,
  type Principal,
  QUOTES_CREATE,
  QUOTES_UPDATE,
  type RpcRequest,
  type RpcResponse,
  TENANTS_GET,
  type TenantView,
  todayIn,
  type UpdateQuoteDto,
} from '@quotebook/contracts';
import { appError, carriedAppError, Handles } from '@quotebook/server-core';
import { validateFatturaPA } from '@quotebook/testing';
import { startStandIn, useServiceHarness } from '@quotebook/testing/harness';
import { randomUUID } from 'node:crypto';
import { adminOf, quotingService, quotingTestEnv, rpcError, twoAgencies, userOf } from '../test/quoting-harness';

/*
 * Invoices are numbered per agency and year without gaps, whatever runs side by side: the year's
 * counter row is taken in the transaction that stores the invoice.
 */

const customers = new Map<string, CustomerView>();
const agencies = new Map<string, TenantView>();

const customerOf = (id: string, overrides: Partial<CustomerView> = {}): CustomerView => ({
  id, title: 'Spett.le', name: 'Scuola Dante', email: 'segreteria@dante.test', phone: null, contact: null, address: 'Piazza Duomo 2', country: 'Italia',
  city: 'Milano', postalCode: '20121', priceListId: null, vatNumber: '09876543210', sdi: 'ABC1234', pec: null, fiscalCode: null, language: 'it', tagIds: [],
  createdAt: new Date(0).toISOString(), ...overrides,
});

const agencyOf = (id: string, vatNumber: string): TenantView =>
  ({
    id, name: 'Sole Viaggi', keyword: `sole-${id.slice(0, 8)}`, languages: ['it'], expiryDate: null, enabled: true, status: 'Active', logoUrl: null,
    createdAt: new Date(0).toISOString(), companyName: 'Sole Viaggi S.r.l.', address: 'Via Roma 1', country: 'Italia', city: 'Como', postalCode: '22100',
    phone: null, mobile: null, referenceEmail: null, website: null, vatNumber, fiscalCode: null, regimeFiscale: 'RF01', reaOffice: null, reaNumber: null,
    iban: 'IT60X0542811101000000123456',
  }) as TenantView;

@Controller()
class CatalogueStandIn {
  @Handles(CATALOGUE_QUOTE_PRICING)
  async pricing({ customerId }: RpcRequest<typeof CATALOGUE_QUOTE_PRICING>): Promise<RpcResponse<typeof CATALOGUE_QUOTE_PRICING>> {
    const customer = customerId ? customers.get(customerId) : undefined;
    return { customer: customer ? { id: customer.id, name: customer.name, priceList: null } : null, products: [] };
  }

  @Handles(CUSTOMERS_GET)
  async customer({ id }: RpcRequest<typeof CUSTOMERS_GET>): Promise<RpcResponse<typeof CUSTOMERS_GET>> {
    const customer = customers.get(id);
    if (!customer) throw appError('NOT_FOUND', 'Customer not found');
    return customer;
  }
}

@Controller()
class TenancyStandIn {
  @Handles(TENANTS_GET)
  async tenant({ tenantId }: RpcRequest<typeof TENANTS_GET>): Promise<RpcResponse<typeof TENANTS_GET>> {
    const agency = agencies.get(tenantId);
    if (!agency) throw appError('NOT_FOUND', 'Tenant not found');
    return agency;
  }
}

@Controller()
class IdentityStandIn {
  @Handles(AUTH_ME)
  async me({ principal }: RpcRequest<typeof AUTH_ME>): Promise<RpcResponse<typeof AUTH_ME>> {
    return { id: principal.userId, username: 'agent', name: 'Anna Agente', email: 'anna@sole.test', role: principal.role, tenantId: principal.tenantId, createdAt: new Date(0).toISOString() };
  }
}

@Module({ controllers: [CatalogueStandIn] })
class CatalogueStandInModule {}
@Module({ controllers: [TenancyStandIn] })
class TenancyStandInModule {}
@Module({ controllers: [IdentityStandIn] })
class IdentityStandInModule {}

describe('invoice numbering (integration)', () => {
  const harness = useServiceHarness(quotingService, {
    env: quotingTestEnv(),
    companions: {
      catalogue: () => startStandIn(CatalogueStandInModule, 'catalogue'),
      tenancy: () => startStandIn(TenancyStandInModule, 'tenancy'),
      identity: () => startStandIn(IdentityStandInModule, 'identity'),
    },
    startTimeoutMs: 60_000,
  });
  const sut = harness.rpc;
  const { tenantA, tenantB } = twoAgencies();
  const admin = adminOf(tenantA);
  const adminB = adminOf(tenantB);
  const customerA = randomUUID();
  const customerWithoutRecipient = randomUUID();
  const customerB = randomUUID();
  const year = Number(todayIn().slice(0, 4));

  beforeAll(() => {
    agencies.set(tenantA, agencyOf(tenantA, 'IT01234567890'));
    agencies.set(tenantB, agencyOf(tenantB, 'IT09999999999'));
    customers.set(customerA, customerOf(customerA));
    customers.set(customerWithoutRecipient, customerOf(customerWithoutRecipient, { sdi: null, pec: null }));
    customers.set(customerB, customerOf(customerB));
  });

  /** A confirmed quote charging one consumption. */
  async function confirmedQuote(tenantId: string, principal: Principal, customerId: string, status: 'confirmed' | 'pending' = 'confirmed') {
    const quote = await sut.send(QUOTES_CREATE, { principal, tenantId, data: { customerId, serviceDate: '2030-07-15', expiryDate: '2030-07-01' } as CreateQuoteDto });
    await sut.send(CONSUMPTIONS_ADD, { principal, tenantId, id: quote.id, data: { description: 'Cena di gruppo', quantity: 10, unitValue: '25.00' } as ConsumptionDto });
    await sut.send(QUOTES_UPDATE, { principal, tenantId, id: quote.id, data: { status } as UpdateQuoteDto });
    return quote.id;
  }

  const generate = (quoteId: string, scheme: 'ordinary' | 'margin' = 'margin', principal: Principal = admin, tenantId = tenantA) =>
    sut.send(INVOICES_GENERATE, { principal, tenantId, id: quoteId, data: { scheme } });

  it('numbers invoices issued side by side 1, 2, 3… without a gap, a failed one taking no number', async () => {
    const quotes = await Promise.all(Array.from({ length: 8 }, () => confirmedQuote(tenantA, admin, customerA)));
    const failing = await Promise.all(Array.from({ length: 3 }, () => confirmedQuote(tenantA, admin, customerWithoutRecipient)));

    const outcomes = await Promise.allSettled([...quotes, ...failing].map((quoteId, index) => generate(quoteId, index % 2 === 0 ? 'margin' : 'ordinary')));

    const issued = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(issued.map((invoice) => invoice.sequence).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(issued.map((invoice) => invoice.number))).toEqual(new Set(issued.map((invoice) => `${year}/${invoice.sequence}`)));
    expect(new Set(issued.map((invoice) => invoice.fileName)).size).toBe(8);
    for (const invoice of issued) expect(invoice.fileName).toMatch(/^IT01234567890_[0-9A-Z]{5}\.xml$/);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [carriedAppError(outcome.reason)] : []));
    expect(refusals).toHaveLength(3);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ statusCode: 409, reason: 'INVOICE_DATA_MISSING' });
      expect(refusal?.message).toEqual([expect.stringContaining('il codice SDI o la PEC del cliente')]);
    }

    // the next one follows at once: nothing was held back by the failures
    const next = await generate(await confirmedQuote(tenantA, admin, customerA));
    expect(next.sequence).toBe(9);
    const [counter] = await harness.query<{ last_number: number }>('SELECT last_number FROM quoting.invoice_numbers WHERE tenant_id = $1 AND year = $2', [tenantA, year]);
    expect(counter.last_number).toBe(9);
  }, 60_000);

  it('issues a quote once: asked twice at the same time, both answers are the same invoice', async () => {
    const quoteId = await confirmedQuote(tenantA, admin, customerA);
    const [first, second] = await Promise.all([generate(quoteId, 'margin'), generate(quoteId, 'ordinary')]);
    expect(second).toEqual(first);
    expect(await generate(quoteId)).toEqual(first);
    const rows = await harness.query<{ count: number }>('SELECT count(*)::int AS count FROM quoting.invoices WHERE quote_id = $1', [quoteId]);
    expect(rows[0].count).toBe(1);
  });

  it("numbers each agency on its own, and keeps its invoices from the other's", async () => {
    const quoteB = await confirmedQuote(tenantB, adminB, customerB);
    expect((await generate(quoteB, 'margin', adminB, tenantB)).sequence).toBe(1);
    expect((await rpcError(sut.send(INVOICES_FILE, { principal: admin, tenantId: tenantA, id: quoteB }))).statusCode).toBe(404);
    expect((await rpcError(generate(quoteB))).statusCode).toBe(404);
  });

  it('stores the XML as issued, valid for the official schema', async () => {
    const quoteId = await confirmedQuote(tenantA, admin, customerA);
    const invoice = await generate(quoteId, 'ordinary');
    const file = await sut.send(INVOICES_FILE, { principal: admin, tenantId: tenantA, id: quoteId });
    expect(file.fileName).toBe(invoice.fileName);
    expect(file.xml).toContain(`<Numero>${invoice.number}</Numero>`);
    expect(await validateFatturaPA(file.xml)).toEqual({ valid: true, errors: [] });
  });

  it('refuses a pending quote (409), a tenant user (403), and gives no number for them', async () => {
    const pending = await confirmedQuote(tenantA, admin, customerA, 'pending');
    expect(await rpcError(generate(pending))).toMatchObject({ statusCode: 409, reason: 'INVOICE_NOT_ALLOWED' });
    const confirmed = await confirmedQuote(tenantA, admin, customerA);
    expect((await rpcError(generate(confirmed, 'margin', userOf(tenantA)))).statusCode).toBe(403);
    const rows = await harness.query<{ count: number }>('SELECT count(*)::int AS count FROM quoting.invoices WHERE quote_id = ANY($1::uuid[])', [[pending, confirmed]]);
    expect(rows[0].count).toBe(0);
  });
});
