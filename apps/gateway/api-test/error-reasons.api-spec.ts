import { Agency, createAgency, created, customerBody, periodBody, productBody } from './catalogue-fixtures';
import { api, createTenantWithAdmin, superadminToken, tenantPayload, uniqueKeyword } from './http';

/**
 * Every error answer names its reason beside its status: the rule that was broken where a domain rule
 * names it, else the class of failure. Clients act on the reason (e.g. show a taken keyword on its field),
 * never on the message text.
 */
let root: string;
let agency: Agency;

beforeAll(async () => {
  root = await superadminToken();
  agency = await createAgency(root);
});

describe('domain reasons', () => {
  it('a VAT rate that products use: 409 VAT_RATE_IN_USE', async () => {
    const vatRate = await created(agency.adminToken, `${agency.base}/vat-rates`, { description: 'IVA in uso', rate: 22 });
    await created(agency.adminToken, `${agency.base}/products`, productBody({ vatRateId: vatRate.id }));
    const response = await api('DELETE', `${agency.base}/vat-rates/${vatRate.id}`, { token: agency.adminToken });
    expect(response.body).toEqual({
      statusCode: 409,
      message: 'VAT rate is used by 1 product(s)',
      error: 'Conflict',
      reason: 'VAT_RATE_IN_USE',
    });
  });

  it('a price list that customers use: 409 PRICE_LIST_IN_USE', async () => {
    const priceList = await created(agency.adminToken, `${agency.base}/price-lists`, {
      name: 'Listino in uso',
      startDate: '2030-01-01',
      endDate: '2030-12-31',
    });
    await created(agency.adminToken, `${agency.base}/customers`, customerBody({ priceListId: priceList.id }));
    const response = await api('DELETE', `${agency.base}/price-lists/${priceList.id}`, { token: agency.adminToken });
    expect(response.status).toBe(409);
    expect(response.body.reason).toBe('PRICE_LIST_IN_USE');
  });

  it('a keyword another agency has: 409 KEYWORD_TAKEN, on create and on update', async () => {
    const { payload } = await createTenantWithAdmin(root);
    const onCreate = await api('POST', '/api/tenants', {
      token: root,
      body: tenantPayload({ keyword: payload.keyword, adminUsername: uniqueKeyword('admin') }),
    });
    expect(onCreate.body).toEqual({ statusCode: 409, message: 'Keyword already exists', error: 'Conflict', reason: 'KEYWORD_TAKEN' });

    const second = await createTenantWithAdmin(root);
    const onUpdate = await api('PUT', `/api/tenants/${second.tenant.id}`, {
      token: root,
      body: { ...second.payload, keyword: payload.keyword, adminPassword: '' },
    });
    expect(onUpdate.status).toBe(409);
    expect(onUpdate.body.reason).toBe('KEYWORD_TAKEN');
  });

  it('a username another user has: 409 USERNAME_TAKEN, for an agency admin and for a team member', async () => {
    const { payload } = await createTenantWithAdmin(root);
    const admin = await api('POST', '/api/tenants', {
      token: root,
      body: tenantPayload({ adminUsername: payload.adminUsername }),
    });
    expect(admin.body).toEqual({ statusCode: 409, message: 'Username already exists', error: 'Conflict', reason: 'USERNAME_TAKEN' });

    const member = await api('POST', '/api/users', {
      token: agency.adminToken,
      body: {
        username: payload.adminUsername,
        password: 'user-pass-1',
        name: 'Luca Verdi',
        email: 'luca@example.com',
        role: 'tenant_user',
        tenantId: agency.tenantId,
      },
    });
    expect(member.status).toBe(409);
    expect(member.body.reason).toBe('USERNAME_TAKEN');
  });

  it('an availability period overlapping another: 409 PERIOD_OVERLAP', async () => {
    const product = await created(agency.adminToken, `${agency.base}/products`, productBody());
    await created(agency.adminToken, `${agency.base}/products/${product.id}/availability`, periodBody('2031-06-01', '2031-06-30'));
    const clash = await api('POST', `${agency.base}/products/${product.id}/availability`, {
      token: agency.adminToken,
      body: periodBody('2031-06-15', '2031-07-15'),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.reason).toBe('PERIOD_OVERLAP');
  });

  it('wrong credentials: 401 INVALID_CREDENTIALS', async () => {
    const response = await api('POST', '/api/auth/login', { body: { username: uniqueKeyword('nobody'), password: 'wrong-password' } });
    expect(response.status).toBe(401);
    expect(response.body.reason).toBe('INVALID_CREDENTIALS');
  });
});

describe("the gateway's own errors", () => {
  it('a request without a token: 401 UNAUTHENTICATED', async () => {
    const response = await api('GET', `${agency.base}/vat-rates`);
    expect(response.body).toEqual(expect.objectContaining({ statusCode: 401, error: 'Unauthorized', reason: 'UNAUTHENTICATED' }));
  });

  it('a body that breaks the rules: 400 VALIDATION_FAILED with one message per rule', async () => {
    const response = await api('POST', `${agency.base}/vat-rates`, { token: agency.adminToken, body: { rate: 101 } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      message: expect.arrayContaining([expect.any(String)]),
      error: 'Bad Request',
      reason: 'VALIDATION_FAILED',
    });
  });

  it('a role that may not write: 403 FORBIDDEN; an unknown record: 404 NOT_FOUND', async () => {
    const forbidden = await api('POST', `${agency.base}/vat-rates`, { token: agency.userToken, body: { description: 'IVA', rate: 4 } });
    expect([forbidden.status, forbidden.body.reason]).toEqual([403, 'FORBIDDEN']);
    const missing = await api('DELETE', `${agency.base}/vat-rates/00000000-0000-4000-8000-000000000000`, { token: agency.adminToken });
    expect([missing.status, missing.body.reason]).toEqual([404, 'NOT_FOUND']);
  });

  it('malformed JSON: 400 VALIDATION_FAILED; JSON in another encoding than UTF-8: 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const malformed = await api('POST', `${agency.base}/vat-rates`, {
      token: agency.adminToken,
      rawBody: '{"description":',
      headers: { 'content-type': 'application/json' },
    });
    expect([malformed.status, malformed.body.reason]).toEqual([400, 'VALIDATION_FAILED']);
    const utf16 = await api('POST', `${agency.base}/vat-rates`, {
      token: agency.adminToken,
      rawBody: Buffer.from(JSON.stringify({ description: 'IVA', rate: 4 }), 'utf16le'),
      headers: { 'content-type': 'application/json; charset=utf-16le' },
    });
    expect([utf16.status, utf16.body.reason]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });

  it('the OpenAPI document describes the reason with every value it can take', async () => {
    const document = await api('GET', '/api/docs-json');
    const schema = document.body.components.schemas['ErrorResponse'];
    expect(schema.required).toEqual(expect.arrayContaining(['statusCode', 'message', 'error', 'reason']));
    const reason = schema.properties.reason;
    const ref: string | undefined = reason.$ref ?? reason.allOf?.[0]?.$ref;
    const values: string[] = reason.enum ?? document.body.components.schemas[String(ref).split('/').pop() as string].enum;
    expect(values).toEqual(expect.arrayContaining(['VALIDATION_FAILED', 'UNAUTHENTICATED', 'KEYWORD_TAKEN', 'USERNAME_TAKEN', 'TAG_NAME_TAKEN', 'VAT_RATE_DESCRIPTION_TAKEN']));
  });
});
