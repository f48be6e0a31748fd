import { plainToInstance } from 'class-transformer';
import { TENANT_PUBLIC_FIELDS, TenantSettingsDto } from '@quotebook/contracts';
import { Tenant } from './tenant.entity';
import { mapLoginStatus, mapPublicTenant, mapTenant, settingsChanges } from './tenant.views';

const tenant: Tenant = Object.assign(new Tenant(), {
  id: '0b8f2a8e-3c55-4d7c-8f0e-6a1b2c3d4e5f',
  name: 'Agenzia Sole',
  keyword: 'agenzia-sole',
  languages: ['it', 'en'],
  expiryDate: '2026-04-01',
  enabled: true,
  companyName: 'Sole S.r.l.',
  address: 'Via Roma 1',
  country: 'Italia',
  city: 'Roma',
  postalCode: '00100',
  phone: null,
  mobile: null,
  referenceEmail: 'info@sole.it',
  website: 'https://sole.it',
  vatNumber: 'IT01234567890',
  fiscalCode: null,
  reaOffice: null,
  reaNumber: null,
  iban: null,
  regimeFiscale: 'RF01',
  logoUrl: '/uploads/logos/abc.png',
  createdAt: new Date('2026-01-02T03:04:05.000Z'),
});

describe('mapTenant', () => {
  it('shows every field in camelCase with an ISO creation time and the status of the day', () => {
    expect(mapTenant(tenant, '2026-03-10')).toEqual({
      id: tenant.id,
      name: 'Agenzia Sole',
      keyword: 'agenzia-sole',
      languages: ['it', 'en'],
      expiryDate: '2026-04-01',
      enabled: true,
      status: 'Expiring Soon',
      companyName: 'Sole S.r.l.',
      address: 'Via Roma 1',
      country: 'Italia',
      city: 'Roma',
      postalCode: '00100',
      phone: null,
      mobile: null,
      referenceEmail: 'info@sole.it',
      website: 'https://sole.it',
      vatNumber: 'IT01234567890',
      fiscalCode: null,
      reaOffice: null,
      reaNumber: null,
      iban: null,
      regimeFiscale: 'RF01',
      logoUrl: '/uploads/logos/abc.png',
      createdAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it.each([
    [{ enabled: false }, 'Disabled'],
    [{ expiryDate: '2026-03-09' }, 'Expired'],
    [{ expiryDate: null }, 'Active'],
  ])('with %j the status is %s', (change, status) => {
    expect(mapTenant({ ...tenant, ...change } as Tenant, '2026-03-10').status).toBe(status);
  });
});

describe('mapPublicTenant', () => {
  it('shows what the sign-in and status screens need and none of the contact or tax details', () => {
    const sut = mapPublicTenant(tenant, '2026-03-10');
    expect(sut).toEqual({
      id: tenant.id,
      name: 'Agenzia Sole',
      keyword: 'agenzia-sole',
      logoUrl: '/uploads/logos/abc.png',
      status: 'Expiring Soon',
      expiryDate: '2026-04-01',
    });
    expect(Object.keys(sut)).toEqual([...TENANT_PUBLIC_FIELDS]);
  });
});

describe('mapLoginStatus', () => {
  it('tells identity what it needs to allow a sign-in and to link to the agency', () => {
    expect(mapLoginStatus({ ...tenant, enabled: false } as Tenant, '2026-03-10')).toEqual({
      id: tenant.id,
      keyword: tenant.keyword,
      enabled: false,
      expiryDate: '2026-04-01',
      status: 'Disabled',
    });
  });
});

describe('settingsChanges', () => {
  it('changes only the fields given, an empty text clearing the field', () => {
    const dto = plainToInstance(TenantSettingsDto, { companyName: '  Luna S.p.A. ', website: '', phone: '   ' });
    expect(settingsChanges(dto)).toEqual({ companyName: 'Luna S.p.A.', website: null, phone: null });
  });

  it('changes nothing for an empty request', () => {
    expect(settingsChanges(plainToInstance(TenantSettingsDto, {}))).toEqual({});
  });
});
