import { api, expectInvalid, superadminToken } from './http';
import { Agency, createAgency, created, customerBody, messages } from './catalogue-fixtures';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let root: string;
let agency: Agency;
let other: Agency;
let priceList: { id: string };

const priceListBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Listino hotel',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  reductionPercentage: 10,
  isActive: true,
  ...overrides,
});

beforeAll(async () => {
  root = await superadminToken();
  [agency, other] = await Promise.all([createAgency(root), createAgency(root)]);
  priceList = await created(agency.adminToken, `${agency.base}/price-lists`, priceListBody());
});

const listCustomers = async (token = agency.adminToken) => {
  const response = await api('GET', `${agency.base}/customers`, { token });
  expect(response.status).toBe(200);
  return response.body as Array<Record<string, unknown> & { id: string }>;
};

describe('customers', () => {
  it('creates a customer with every field (201) and lists it with its tag ids', async () => {
    const body = customerBody({ priceListId: priceList.id, fiscalCode: '04512340634', tenantId: agency.tenantId });
    const response = await api('POST', `${agency.base}/customers`, { token: agency.adminToken, body });
    expect(response.status).toBe(201);
    const { tenantId: _echo, ...fields } = body as Record<string, unknown>;
    expect(response.body).toEqual({ ...fields, language: 'it', id: expect.any(String), tagIds: [], createdAt: expect.any(String) });

    const listed = (await listCustomers(agency.userToken)).find((customer) => customer.id === response.body.id);
    expect(listed).toEqual(expect.objectContaining({ name: body.name, priceListId: priceList.id, tagIds: [] }));
  });

  it('keeps optional fields empty (null) and the price list optional', async () => {
    const response = await api('POST', `${agency.base}/customers`, {
      token: agency.adminToken,
      body: { title: 'Gent.ma', name: 'Laura Bianchi', email: 'laura@mail.example' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual(
      expect.objectContaining({ title: 'Gent.ma', phone: null, contact: null, city: null, priceListId: null, vatNumber: null, sdi: null, pec: null }),
    );
  });

  it('accepts every salutation on offer', async () => {
    for (const title of ['Spett.le', 'Gent.mo', 'Gent.ma', 'Dott.', 'Dott.ssa', 'Egregio dott.', 'Gent.ma Dottoressa']) {
      const response = await api('POST', `${agency.base}/customers`, { token: agency.adminToken, body: customerBody({ title }) });
      expect(response.status).toBe(201);
      expect(response.body.title).toBe(title);
    }
  });

  it.each([
    [{ title: 'Sig.' }, /Title is required/],
    [{ title: undefined }, /Title is required/],
    [{ name: '' }, /Ragione sociale is required/],
    [{ email: '' }, /Email is required/],
    [{ email: 'not-an-email' }, /Invalid email format/],
    [{ pec: 'pec-senza-chiocciola' }, /pec must be a valid email address/],
    [{ priceListId: 'listino' }, /priceListId must be a UUID/],
    [{ sdi: 'TROPPO-LUNGO-PER-SDI' }, /sdi/],
  ])('refuses %j with 400 and the message of the rule', async (overrides, message) => {
    const response = await api('POST', `${agency.base}/customers`, { token: agency.adminToken, body: customerBody(overrides) });
    expect(response.status).toBe(400);
    expect(messages(response.body)).toMatch(message);
  });

  it('names every broken rule at once', async () => {
    const response = await api('POST', `${agency.base}/customers`, { token: agency.adminToken, body: { title: '', name: '', email: 'x' } });
    expectInvalid(response, ['Title is required', 'Ragione sociale is required', 'Invalid email format']);
  });

  it("refuses an inactive price list and another agency's price list", async () => {
    const inactive = await created(agency.adminToken, `${agency.base}/price-lists`, priceListBody({ name: 'Listino vecchio', isActive: false }));
    const withInactive = await api('POST', `${agency.base}/customers`, { token: agency.adminToken, body: customerBody({ priceListId: inactive.id }) });
    expect(withInactive.status).toBe(400);
    expect(messages(withInactive.body)).toMatch(/price list/i);

    const foreign = await created(other.adminToken, `${other.base}/price-lists`, priceListBody({ name: 'Listino altrui' }));
    const withForeign = await api('POST', `${agency.base}/customers`, { token: agency.adminToken, body: customerBody({ priceListId: foreign.id }) });
    expect(withForeign.status).toBe(400);
    expect(messages(withForeign.body)).toMatch(/priceListId/);
  });

  it('updates (200) every field, including unlinking the price list, and deletes (204)', async () => {
    const customer = await created(agency.adminToken, `${agency.base}/customers`, customerBody({ priceListId: priceList.id }));
    const update = await api('PUT', `${agency.base}/customers/${customer.id}`, {
      token: agency.adminToken,
      body: customerBody({ title: 'Dott.', name: 'Alessandro Ferri', email: 'a.ferri@mail.example', city: 'Bologna', priceListId: null }),
    });
    expect(update.status).toBe(200);
    expect(update.body).toEqual(
      expect.objectContaining({ id: customer.id, title: 'Dott.', name: 'Alessandro Ferri', email: 'a.ferri@mail.example', city: 'Bologna', priceListId: null }),
    );
    expect((await api('DELETE', `${agency.base}/customers/${customer.id}`, { token: agency.adminToken })).status).toBe(204);
    expect((await listCustomers()).map((candidate) => candidate.id)).not.toContain(customer.id);
    expect((await api('GET', `${agency.base}/customers/${customer.id}/tags`, { token: agency.adminToken })).status).toBe(404);
  });

  it('answers 409 when a price list in use is deleted, and keeps it and the link', async () => {
    const list = await created(agency.adminToken, `${agency.base}/price-lists`, priceListBody({ name: 'Listino in uso' }));
    const customer = await created(agency.adminToken, `${agency.base}/customers`, customerBody({ priceListId: list.id }));
    const response = await api('DELETE', `${agency.base}/price-lists/${list.id}`, { token: agency.adminToken });
    expect(response.status).toBe(409);
    expect(typeof response.body.message).toBe('string');
    const lists = await api('GET', `${agency.base}/price-lists`, { token: agency.adminToken });
    expect(lists.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: list.id, name: 'Listino in uso', isActive: true })]));
    expect((await listCustomers()).find((candidate) => candidate.id === customer.id)?.['priceListId']).toBe(list.id);
  });
});

describe('customer tags', () => {
  it('replaces the tags (200), reads them back, lists them with the customer and drops them with the tag', async () => {
    const customer = await created(agency.adminToken, `${agency.base}/customers`, customerBody());
    const [vip, hotel] = await Promise.all([
      created(agency.adminToken, `${agency.base}/tags`, { name: 'VIP', targetType: 'customer' }),
      created(agency.adminToken, `${agency.base}/tags`, { name: 'Hotel', targetType: 'customer' }),
    ]);
    const set = await api('PUT', `${agency.base}/customers/${customer.id}/tags`, { token: agency.adminToken, body: { tagIds: [vip.id, hotel.id] } });
    expect(set.status).toBe(200);
    expect([...set.body.tagIds].sort()).toEqual([vip.id, hotel.id].sort());

    const read = await api('GET', `${agency.base}/customers/${customer.id}/tags`, { token: agency.userToken });
    expect(read.status).toBe(200);
    expect([...read.body.tagIds].sort()).toEqual([vip.id, hotel.id].sort());

    expect((await api('DELETE', `${agency.base}/tags/${vip.id}`, { token: agency.adminToken })).status).toBe(204);
    expect((await listCustomers()).find((candidate) => candidate.id === customer.id)?.['tagIds']).toEqual([hotel.id]);
  });

  it("refuses malformed, unknown and other agencies' tags", async () => {
    const customer = await created(agency.adminToken, `${agency.base}/customers`, customerBody());
    const malformed = await api('PUT', `${agency.base}/customers/${customer.id}/tags`, { token: agency.adminToken, body: { tagIds: 'vip' } });
    expect(malformed.status).toBe(400);
    expect(messages(malformed.body)).toMatch(/tagIds must be a list of tag ids/);
    const foreign = await created(other.adminToken, `${other.base}/tags`, { name: 'Altrui', targetType: 'customer' });
    for (const tagId of [UNKNOWN_ID, foreign.id]) {
      const response = await api('PUT', `${agency.base}/customers/${customer.id}/tags`, { token: agency.adminToken, body: { tagIds: [tagId] } });
      expect(response.status).toBe(400);
      expect(messages(response.body)).toMatch(/tagIds/);
    }
    const read = await api('GET', `${agency.base}/customers/${customer.id}/tags`, { token: agency.adminToken });
    expect(read.body.tagIds).toEqual([]);
  });
});

describe('customer permissions and foreign ids', () => {
  it('lets a tenant user read customers but not write them (403), and changes nothing', async () => {
    const customer = await created(agency.adminToken, `${agency.base}/customers`, customerBody());
    const token = agency.userToken;
    const writes = await Promise.all([
      api('POST', `${agency.base}/customers`, { token, body: customerBody() }),
      api('PUT', `${agency.base}/customers/${customer.id}`, { token, body: customerBody({ name: 'Cambiato' }) }),
      api('DELETE', `${agency.base}/customers/${customer.id}`, { token }),
      api('PUT', `${agency.base}/customers/${customer.id}/tags`, { token, body: { tagIds: [] } }),
    ]);
    expect(writes.map((response) => response.status)).toEqual([403, 403, 403, 403]);
    expect((await listCustomers(token)).find((candidate) => candidate.id === customer.id)?.['name']).toBe(customer.name);
    expect((await api('GET', `${agency.base}/customers/${customer.id}/tags`, { token })).status).toBe(200);
  });

  it("answers 404 for unknown ids and another agency's customers; 403 for another agency's path; 401 without a token", async () => {
    const foreign = await created(other.adminToken, `${other.base}/customers`, customerBody({ name: 'Cliente altrui' }));
    const token = agency.adminToken;
    for (const id of [UNKNOWN_ID, foreign.id]) {
      const attempts = await Promise.all([
        api('PUT', `${agency.base}/customers/${id}`, { token, body: customerBody() }),
        api('DELETE', `${agency.base}/customers/${id}`, { token }),
        api('GET', `${agency.base}/customers/${id}/tags`, { token }),
        api('PUT', `${agency.base}/customers/${id}/tags`, { token, body: { tagIds: [] } }),
      ]);
      expect(attempts.map((response) => response.status)).toEqual([404, 404, 404, 404]);
    }
    expect((await listCustomers()).map((customer) => customer.id)).not.toContain(foreign.id);
    const theirs = await api('GET', `${other.base}/customers`, { token: other.adminToken });
    expect(theirs.body).toEqual([expect.objectContaining({ id: foreign.id, name: 'Cliente altrui' })]);
    expect((await api('GET', `${other.base}/customers`, { token: agency.userToken })).status).toBe(403);
    expect((await api('GET', `${agency.base}/customers`)).status).toBe(401);
    expect((await api('PUT', `${agency.base}/customers/x1`, { token, body: customerBody() })).status).toBe(400);
  });
});

describe('customer look-alikes (GET .../customers/duplicates)', () => {
  const duplicatesOf = (query: string, token = agency.adminToken, base = agency.base) =>
    api('GET', `${base}/customers/duplicates?${query}`, { token });

  it('names the customers with the same e-mail (any case) or VAT number (spaces and case aside), and what each shares', async () => {
    const marker = Date.now().toString(36);
    const first = await created(agency.adminToken, `${agency.base}/customers`, customerBody({ name: `Rossi ${marker}`, email: `rossi.${marker}@mail.example`, city: 'Verona', vatNumber: `IT0${marker}` }));
    const second = await created(agency.adminToken, `${agency.base}/customers`, customerBody({ name: `Rossi bis ${marker}`, email: `other.${marker}@mail.example`, city: 'Padova', vatNumber: `IT0${marker}` }));

    const byEmail = await duplicatesOf(`email=${encodeURIComponent(`ROSSI.${marker}@Mail.Example`)}`, agency.userToken);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toEqual([{ id: first.id, name: `Rossi ${marker}`, email: `rossi.${marker}@mail.example`, city: 'Verona', vatNumber: `IT0${marker}`, matches: ['email'] }]);

    const byVat = await duplicatesOf(`vatNumber=${encodeURIComponent(` it0 ${marker.toUpperCase()} `)}`);
    expect(byVat.body.map((match: { id: string }) => match.id).sort()).toEqual([first.id, second.id].sort());

    const both = await duplicatesOf(`email=rossi.${marker}@mail.example&vatNumber=IT0${marker}`);
    expect(both.body[0]).toEqual(expect.objectContaining({ id: first.id, matches: ['email', 'vatNumber'] }));
    expect(both.body[1]).toEqual(expect.objectContaining({ id: second.id, matches: ['vatNumber'] }));

    // the customer being edited is not its own duplicate
    const editing = await duplicatesOf(`email=rossi.${marker}@mail.example&excludeId=${first.id}`);
    expect(editing.body).toEqual([]);
  });

  it('answers an empty list for nothing asked or nothing alike, never another agency\'s customers', async () => {
    const marker = Date.now().toString(36);
    await created(other.adminToken, `${other.base}/customers`, customerBody({ email: `alone.${marker}@mail.example` }));
    expect((await duplicatesOf('')).body).toEqual([]);
    expect((await duplicatesOf(`email=alone.${marker}@mail.example`)).body).toEqual([]);
    expect((await duplicatesOf(`email=alone.${marker}@mail.example`, other.adminToken, other.base)).body).toHaveLength(1);
  });

  it('refuses an excludeId that is no uuid, naming it', async () => {
    expectInvalid(await duplicatesOf('email=a@b.example&excludeId=nope'), ['excludeId must be a UUID']);
  });
});
