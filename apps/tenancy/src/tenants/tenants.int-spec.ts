import {
  AUTH_LOGIN, SESSION_ENDED_MESSAGE, TENANT_DISABLED_MESSAGE, TENANT_EXPIRED_MESSAGE, TENANCY_HEALTH, TENANTS_BY_KEYWORD, TENANTS_CREATE,
  TENANTS_DELETE, TENANTS_GET, TENANTS_GET_ADMIN, TENANTS_LIST, TENANTS_LOGIN_STATUS, TENANTS_SET_LOGO, TENANTS_UPDATE, TENANTS_UPDATE_SETTINGS,
  todayIn, type CreateTenantDto, type LoginResponse, type Principal, type TokenClaims, type TenantView, type UpdateTenantDto,
} from '@quotebook/contracts';
import { EventBus } from '@quotebook/server-core';
import { eventually } from '@quotebook/testing';
import { randomUUID } from 'node:crypto';
import { daysFrom, rpcError, SUPERADMIN, useTenancyHarness } from '../test/tenancy-harness';

const today = todayIn('Europe/Rome');

/** The principal the gateway would forward for this sign-in: the token's user and session version. */
function principalOf({ token, user }: LoginResponse): Principal {
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as TokenClaims;
  return { userId: user.id, role: user.role, tenantId: user.tenantId, sessionVersion: claims.sv };
}

/** Tenancy in-process and the built identity process, on one database and one subject prefix. */
describe('tenancy with identity (integration)', () => {
  const harness = useTenancyHarness({ withIdentity: true });
  /** Tenancy as the gateway reaches it over NATS. */
  const sut = harness.rpc;
  let superadmin: Principal;

  beforeAll(async () => {
    superadmin = principalOf(await sut.send(AUTH_LOGIN, SUPERADMIN));
  });

  const tenantInput = (keyword: string, overrides: Partial<CreateTenantDto> = {}): CreateTenantDto => ({
    name: `Agenzia ${keyword}`,
    keyword,
    languages: ['it', 'en'],
    expiryDate: daysFrom(today, 365),
    enabled: true,
    adminUsername: `${keyword}-admin`,
    adminPassword: 'admin-password',
    adminName: `Admin ${keyword}`,
    adminEmail: `admin@${keyword}.test`,
    ...overrides,
  });
  const createTenant = (keyword: string, overrides: Partial<CreateTenantDto> = {}) =>
    sut.send(TENANTS_CREATE, { principal: superadmin, data: tenantInput(keyword, overrides) });
  /** The whole tenant (by-keyword shows only its public fields). */
  const fullTenant = async (keyword: string): Promise<TenantView> =>
    sut.send(TENANTS_GET, { principal: superadmin, tenantId: (await sut.send(TENANTS_BY_KEYWORD, { keyword })).id });
  const updateInput = (tenant: TenantView, overrides: Partial<UpdateTenantDto> = {}): UpdateTenantDto => ({
    name: tenant.name,
    keyword: tenant.keyword,
    languages: tenant.languages,
    expiryDate: tenant.expiryDate!,
    enabled: tenant.enabled,
    adminUsername: `${tenant.keyword}-admin`,
    adminName: `Admin ${tenant.keyword}`,
    adminEmail: `admin@${tenant.keyword}.test`,
    adminPassword: '',
    ...overrides,
  });
  const loginAs = async (username: string, password = 'admin-password') => principalOf(await sut.send(AUTH_LOGIN, { username, password }));
  const tenantRows = (keyword: string) => harness.query('SELECT id FROM tenancy.tenants WHERE keyword = $1', [keyword]);

  it('answers its health pattern', async () => {
    await expect(sut.send(TENANCY_HEALTH, {})).resolves.toEqual({ service: 'tenancy', status: 'up', database: 'up' });
  });

  describe('create', () => {
    it('creates the tenant and its admin, who can then sign in to it', async () => {
      const created = await createTenant('sole', { languages: ['en', 'en', 'de'], expiryDate: daysFrom(today, 400) });

      expect(created).toMatchObject({
        name: 'Agenzia sole',
        keyword: 'sole',
        languages: ['it', 'en', 'de'],
        expiryDate: daysFrom(today, 400),
        enabled: true,
        status: 'Active',
        companyName: null,
        logoUrl: null,
      });
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
      const { token, user } = await sut.send(AUTH_LOGIN, { username: 'sole-admin', password: 'admin-password' });
      expect(token).toEqual(expect.any(String));
      expect(user).toMatchObject({ role: 'tenant_admin', tenantId: created.id, name: 'Admin sole', email: 'admin@sole.test' });
      await expect(sut.send(TENANTS_GET_ADMIN, { principal: superadmin, tenantId: created.id })).resolves.toEqual({
        id: user.id,
        username: 'sole-admin',
        name: 'Admin sole',
        email: 'admin@sole.test',
      });
    });

    it('always includes Italian, first', async () => {
      await expect(createTenant('solo-tedesco', { languages: ['de'] })).resolves.toMatchObject({ languages: ['it', 'de'] });
      await expect(createTenant('senza-lingue', { languages: undefined })).resolves.toMatchObject({ languages: ['it'] });
    });

    it('refuses a keyword in use: 409', async () => {
      expect(await rpcError(createTenant('sole', { adminUsername: 'another-sole' }))).toMatchObject({
        statusCode: 409,
        reason: 'KEYWORD_TAKEN',
        message: 'Keyword already exists',
      });
    });

    it('has no admin to show for an unknown tenant: 404', async () => {
      expect(await rpcError(sut.send(TENANTS_GET_ADMIN, { principal: superadmin, tenantId: randomUUID() }))).toMatchObject({
        statusCode: 404,
        message: 'Tenant not found',
      });
    });

    it('refuses a reserved keyword: 400', async () => {
      expect(await rpcError(createTenant('api'))).toMatchObject({ statusCode: 400, message: ['Keyword "api" is reserved'] });
    });

    it('leaves no tenant behind when identity refuses the admin (username taken: 409 passed on)', async () => {
      expect(await rpcError(createTenant('luna', { adminUsername: 'sole-admin' }))).toMatchObject({
        statusCode: 409,
        message: 'Username already exists',
      });
      expect(await tenantRows('luna')).toEqual([]);
      await expect(createTenant('luna')).resolves.toMatchObject({ keyword: 'luna' });
    });

    it('names every broken field of the form: 400', async () => {
      const error = await rpcError(
        sut.send(TENANTS_CREATE, {
          principal: superadmin,
          data: { ...tenantInput('stelle'), adminUsername: 'ab', adminEmail: 'nope', expiryDate: '2030-02-30' },
        }),
      );
      expect(error).toMatchObject({ statusCode: 400 });
      expect(error.message).toEqual(
        expect.arrayContaining(['Username must be at least 3 characters', 'Valid email is required', 'Expiry date is required (YYYY-MM-DD)']),
      );
    });
  });

  describe('list and get', () => {
    it('lists every tenant by name for the superadmin', async () => {
      const names = (await sut.send(TENANTS_LIST, { principal: superadmin })).items.map((tenant) => tenant.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(names).toEqual(expect.arrayContaining(['Agenzia sole', 'Agenzia luna']));
    });

    it('gets a tenant for the superadmin and for its own users, 404 when unknown', async () => {
      const sole = await sut.send(TENANTS_BY_KEYWORD, { keyword: 'sole' });
      await expect(sut.send(TENANTS_GET, { principal: superadmin, tenantId: sole.id })).resolves.toMatchObject({ keyword: 'sole' });
      await expect(sut.send(TENANTS_GET, { principal: await loginAs('sole-admin'), tenantId: sole.id })).resolves.toMatchObject({
        keyword: 'sole',
      });
      for (const tenantId of [randomUUID(), 'not-a-uuid']) {
        expect(await rpcError(sut.send(TENANTS_GET, { principal: superadmin, tenantId }))).toMatchObject({
          statusCode: 404,
          message: 'Tenant not found',
        });
      }
    });
  });

  describe('by keyword (public)', () => {
    it('shows only what the sign-in and status screens need: no contact or tax details', async () => {
      const created = await createTenant('quasi-scaduta', { expiryDate: daysFrom(today, 10) });
      await sut.send(TENANTS_UPDATE_SETTINGS, {
        principal: superadmin,
        tenantId: created.id,
        data: { vatNumber: 'IT01234567890', fiscalCode: 'RSSMRA80A01H501U', phone: '+39 06 123456', address: 'Via Roma 1' },
      });
      await expect(sut.send(TENANTS_BY_KEYWORD, { keyword: 'quasi-scaduta' })).resolves.toEqual({
        id: created.id,
        keyword: 'quasi-scaduta',
        name: 'Agenzia quasi-scaduta',
        logoUrl: null,
        status: 'Expiring Soon',
        expiryDate: daysFrom(today, 10),
      });
    });

    it.each(['nessuna', 'Not A Keyword', ''])('is 404 Tenant not found for %p', async (keyword) => {
      expect(await rpcError(sut.send(TENANTS_BY_KEYWORD, { keyword }))).toMatchObject({ statusCode: 404, message: 'Tenant not found' });
    });
  });

  describe('update', () => {
    let tenant: TenantView;

    beforeAll(async () => {
      tenant = await createTenant('mare');
    });

    it('changes the tenant and its admin; an empty password keeps the current one', async () => {
      const updated = await sut.send(TENANTS_UPDATE, {
        principal: superadmin,
        tenantId: tenant.id,
        data: updateInput(tenant, {
          name: 'Agenzia Mare Blu',
          keyword: 'mare-blu',
          languages: ['fr'],
          adminUsername: 'mare-boss',
          adminName: 'Marina Blu',
          adminEmail: 'marina@mare.test',
        }),
      });

      expect(updated).toMatchObject({ id: tenant.id, name: 'Agenzia Mare Blu', keyword: 'mare-blu', languages: ['it', 'fr'] });
      await expect(sut.send(TENANTS_GET_ADMIN, { principal: superadmin, tenantId: tenant.id })).resolves.toMatchObject({
        username: 'mare-boss',
        name: 'Marina Blu',
        email: 'marina@mare.test',
      });
      await expect(loginAs('mare-boss', 'admin-password')).resolves.toMatchObject({ tenantId: tenant.id });
      tenant = updated;
    });

    it('sets a new admin password when one is given', async () => {
      await sut.send(TENANTS_UPDATE, {
        principal: superadmin,
        tenantId: tenant.id,
        data: updateInput(tenant, { adminUsername: 'mare-boss', adminName: 'Marina Blu', adminEmail: 'marina@mare.test', adminPassword: 'new-password' }),
      });
      await expect(loginAs('mare-boss', 'new-password')).resolves.toMatchObject({ tenantId: tenant.id });
    });

    it('refuses a keyword of another tenant (409) and an unknown tenant (404)', async () => {
      const data = updateInput(tenant, { keyword: 'sole', adminUsername: 'mare-boss' });
      expect(await rpcError(sut.send(TENANTS_UPDATE, { principal: superadmin, tenantId: tenant.id, data }))).toMatchObject({
        statusCode: 409,
        message: 'Keyword already exists',
      });
      expect(await rpcError(sut.send(TENANTS_UPDATE, { principal: superadmin, tenantId: randomUUID(), data }))).toMatchObject({
        statusCode: 404,
      });
    });

    it('rolls the tenant back when identity refuses the admin change', async () => {
      const data = updateInput(tenant, { name: 'Never Saved', adminUsername: 'sole-admin', adminName: 'X Y', adminEmail: 'x@y.test' });
      expect(await rpcError(sut.send(TENANTS_UPDATE, { principal: superadmin, tenantId: tenant.id, data }))).toMatchObject({
        statusCode: 409,
        message: 'Username already exists',
      });
      await expect(sut.send(TENANTS_GET, { principal: superadmin, tenantId: tenant.id })).resolves.toMatchObject({ name: 'Agenzia Mare Blu' });
    });
  });

  describe('settings and logo', () => {
    let sole: TenantView;
    let soleAdmin: Principal;

    beforeAll(async () => {
      sole = await fullTenant('sole');
      soleAdmin = await loginAs('sole-admin');
    });

    it('change only the fields sent; an empty text clears a field', async () => {
      await sut.send(TENANTS_UPDATE_SETTINGS, {
        principal: soleAdmin,
        tenantId: sole.id,
        data: { companyName: 'Sole S.r.l.', city: 'Roma', website: 'https://sole.it', referenceEmail: 'info@sole.it' },
      });
      const updated = await sut.send(TENANTS_UPDATE_SETTINGS, {
        principal: soleAdmin,
        tenantId: sole.id,
        data: { city: 'Napoli', website: '' },
      });

      expect(updated).toMatchObject({ companyName: 'Sole S.r.l.', city: 'Napoli', website: null, referenceEmail: 'info@sole.it' });
      const [row] = await harness.query('SELECT website, city FROM tenancy.tenants WHERE id = $1', [sole.id]);
      expect(row).toEqual({ website: null, city: 'Napoli' });
    });

    it('are validated: 400 naming the field', async () => {
      expect(
        await rpcError(sut.send(TENANTS_UPDATE_SETTINGS, { principal: soleAdmin, tenantId: sole.id, data: { referenceEmail: 'x@', website: 'not a url' } })),
      ).toMatchObject({ statusCode: 400, message: ['referenceEmail must be a valid email address', 'website must be a valid URL'] });
      const unknownField = { principal: soleAdmin, tenantId: sole.id, data: { color: 'red' } as object };
      expect(await rpcError(sut.send(TENANTS_UPDATE_SETTINGS, unknownField))).toMatchObject({
        statusCode: 400,
        message: ['property color should not exist'],
      });
    });

    it('set the logo URL', async () => {
      await expect(
        sut.send(TENANTS_SET_LOGO, { principal: soleAdmin, tenantId: sole.id, logoUrl: '/uploads/logos/sole.png' }),
      ).resolves.toMatchObject({ id: sole.id, logoUrl: '/uploads/logos/sole.png' });
      expect(await rpcError(sut.send(TENANTS_SET_LOGO, { principal: soleAdmin, tenantId: sole.id, logoUrl: '' }))).toMatchObject({
        statusCode: 400,
      });
    });

    it('of another tenant are refused: 403', async () => {
      const luna = await sut.send(TENANTS_BY_KEYWORD, { keyword: 'luna' });
      expect(await rpcError(sut.send(TENANTS_UPDATE_SETTINGS, { principal: soleAdmin, tenantId: luna.id, data: { city: 'Bari' } }))).toMatchObject({
        statusCode: 403,
        reason: 'FORBIDDEN',
      });
      expect(await rpcError(sut.send(TENANTS_SET_LOGO, { principal: soleAdmin, tenantId: luna.id, logoUrl: '/x.png' }))).toMatchObject({
        statusCode: 403,
      });
      expect(await rpcError(sut.send(TENANTS_GET, { principal: soleAdmin, tenantId: luna.id }))).toMatchObject({ statusCode: 403 });
    });

    it('are for administrators only: a tenant user of the same tenant gets 403', async () => {
      const tenantUser: Principal = { userId: randomUUID(), role: 'tenant_user', tenantId: sole.id, sessionVersion: 1 };
      expect(await rpcError(sut.send(TENANTS_UPDATE_SETTINGS, { principal: tenantUser, tenantId: sole.id, data: { city: 'Bari' } }))).toMatchObject({
        statusCode: 403,
      });
    });
  });

  describe('superadmin-only calls', () => {
    let soleAdmin: Principal;
    let sole: TenantView;

    beforeAll(async () => {
      soleAdmin = await loginAs('sole-admin');
      sole = await fullTenant('sole');
    });

    it.each([
      ['list', () => sut.send(TENANTS_LIST, { principal: soleAdmin })],
      ['create', () => sut.send(TENANTS_CREATE, { principal: soleAdmin, data: tenantInput('intrusa') })],
      ['update', () => sut.send(TENANTS_UPDATE, { principal: soleAdmin, tenantId: sole.id, data: updateInput(sole, { adminUsername: 'sole-admin' }) })],
      ['delete', () => sut.send(TENANTS_DELETE, { principal: soleAdmin, tenantId: sole.id })],
      ['get-admin', () => sut.send(TENANTS_GET_ADMIN, { principal: soleAdmin, tenantId: sole.id })],
    ])('%s answers 403 to a tenant admin', async (_name, call) => {
      expect(await rpcError(call())).toMatchObject({ statusCode: 403, reason: 'FORBIDDEN' });
      await expect(sut.send(TENANTS_BY_KEYWORD, { keyword: 'sole' })).resolves.toMatchObject({ name: 'Agenzia sole' });
      expect(await tenantRows('intrusa')).toEqual([]);
    });
  });

  describe('login status', () => {
    let tenant: TenantView;

    beforeAll(async () => {
      tenant = await createTenant('vulcano');
    });

    const setTenant = (overrides: Partial<UpdateTenantDto>) =>
      sut.send(TENANTS_UPDATE, { principal: superadmin, tenantId: tenant.id, data: updateInput(tenant, overrides) });

    it('blocks the sign-in of a disabled tenant: 403', async () => {
      await setTenant({ enabled: false });
      await expect(sut.send(TENANTS_LOGIN_STATUS, { tenantId: tenant.id })).resolves.toEqual({
        id: tenant.id,
        keyword: tenant.keyword,
        enabled: false,
        expiryDate: tenant.expiryDate,
        status: 'Disabled',
      });
      expect(await rpcError(sut.send(AUTH_LOGIN, { username: 'vulcano-admin', password: 'admin-password' }))).toMatchObject({
        statusCode: 403,
        message: TENANT_DISABLED_MESSAGE,
      });
    });

    it('blocks the sign-in of an expired tenant: 403', async () => {
      await setTenant({ enabled: true, expiryDate: daysFrom(today, -1) });
      await expect(sut.send(TENANTS_LOGIN_STATUS, { tenantId: tenant.id })).resolves.toMatchObject({ status: 'Expired' });
      expect(await rpcError(sut.send(AUTH_LOGIN, { username: 'vulcano-admin', password: 'admin-password' }))).toMatchObject({
        statusCode: 403,
        message: TENANT_EXPIRED_MESSAGE,
      });
    });

    it('lets the tenant in again once it is renewed (the last day counts)', async () => {
      await setTenant({ enabled: true, expiryDate: today });
      await expect(loginAs('vulcano-admin')).resolves.toMatchObject({ tenantId: tenant.id });
    });

    it('is 404 for an unknown tenant', async () => {
      expect(await rpcError(sut.send(TENANTS_LOGIN_STATUS, { tenantId: randomUUID() }))).toMatchObject({ statusCode: 404 });
    });
  });

  describe("an agency's state ends its users' sessions in tenancy's own check too", () => {
    const ended = { statusCode: 401, message: SESSION_ENDED_MESSAGE };

    it('when the agency is disabled or expires, until it is enabled again', async () => {
      const tenant = await createTenant('stromboli');
      const admin = await loginAs('stromboli-admin');
      const setTenant = (overrides: Partial<UpdateTenantDto>) =>
        sut.send(TENANTS_UPDATE, { principal: superadmin, tenantId: tenant.id, data: updateInput(tenant, overrides) });
      const settings = () => sut.send(TENANTS_UPDATE_SETTINGS, { principal: admin, tenantId: tenant.id, data: { city: 'Lipari' } });

      await expect(settings()).resolves.toMatchObject({ city: 'Lipari' });
      await setTenant({ enabled: false });
      expect(await rpcError(settings())).toMatchObject(ended);
      await setTenant({ enabled: true, expiryDate: daysFrom(today, -1) });
      expect(await rpcError(settings())).toMatchObject(ended);
      await setTenant({ enabled: true, expiryDate: daysFrom(today, 30) });
      await expect(settings()).resolves.toMatchObject({ city: 'Lipari' });
    });

    it('when the agency is deleted; the superadmin then finds it no more (404)', async () => {
      const tenant = await createTenant('panarea');
      const admin = await loginAs('panarea-admin');
      await sut.send(TENANTS_DELETE, { principal: superadmin, tenantId: tenant.id });
      expect(await rpcError(sut.send(TENANTS_GET, { principal: admin, tenantId: tenant.id }))).toMatchObject(ended);
      expect(await rpcError(sut.send(TENANTS_UPDATE_SETTINGS, { principal: superadmin, tenantId: tenant.id, data: { city: 'Lipari' } }))).toMatchObject({
        statusCode: 404,
        message: 'Tenant not found',
      });
    });
  });

  describe('delete', () => {
    it('removes the tenant and, through the tenant.deleted event, its users in identity', async () => {
      const tenant = await createTenant('effimera');
      await loginAs('effimera-admin');

      await expect(sut.send(TENANTS_DELETE, { principal: superadmin, tenantId: tenant.id })).resolves.toEqual({ deleted: true });

      expect(await rpcError(sut.send(TENANTS_GET, { principal: superadmin, tenantId: tenant.id }))).toMatchObject({ statusCode: 404 });
      await eventually(async () =>
        expect(await harness.query('SELECT id FROM identity.users WHERE tenant_id = $1', [tenant.id])).toEqual([]),
      );
      expect(await rpcError(sut.send(AUTH_LOGIN, { username: 'effimera-admin', password: 'admin-password' }))).toMatchObject({
        statusCode: 401,
      });
      expect(await rpcError(sut.send(TENANTS_DELETE, { principal: superadmin, tenantId: tenant.id }))).toMatchObject({
        statusCode: 404,
        message: 'Tenant not found',
      });
    });
  });

  describe('with identity down', () => {
    beforeAll(async () => {
      await harness.stopCompanion('identity');
    });

    it('creates nothing: 503 and no tenant row', async () => {
      expect(await rpcError(createTenant('orfana'))).toMatchObject({ statusCode: 503, reason: 'SERVICE_UNAVAILABLE' });
      expect(await tenantRows('orfana')).toEqual([]);
    });

    it('still answers what it owns', async () => {
      await expect(sut.send(TENANTS_BY_KEYWORD, { keyword: 'sole' })).resolves.toMatchObject({ keyword: 'sole' });
    });
  });

  describe('with the event bus gone', () => {
    it('keeps the tenant when tenant.deleted cannot be published: 503', async () => {
      const sole = await sut.send(TENANTS_BY_KEYWORD, { keyword: 'sole' });
      await harness.get(EventBus).close();

      expect(await rpcError(sut.send(TENANTS_DELETE, { principal: superadmin, tenantId: sole.id }))).toMatchObject({
        statusCode: 503,
        message: 'The event bus is unavailable; the tenant was not deleted',
      });
      expect(await tenantRows('sole')).toHaveLength(1);
    });
  });
});
