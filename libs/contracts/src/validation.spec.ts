import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AvailabilityDto, CustomerDto, PriceListDto, ProductDto } from './catalogue';
import { TenantSettingsDto, UpdateTenantDto } from './tenants';
import { UpdateUserDto } from './users';

type DtoClass = new () => object;

/** The properties that break a rule, as the ValidationPipe sees the body (transformed, then validated). */
function brokenProperties(dtoClass: DtoClass, body: object): string[] {
  return validateSync(plainToInstance(dtoClass, body)).map((error) => error.property);
}

const product = { language: 'it', title: 'Colosseo' };
const period = { startDate: '2030-01-01', endDate: '2030-01-31' };
const tenant = {
  name: 'Agenzia Sole',
  keyword: 'agenzia-sole',
  expiryDate: '2030-12-31',
  adminUsername: 'sole',
  adminName: 'Mario Rossi',
  adminEmail: 'mario@sole.it',
};
const user = { username: 'luca', name: 'Luca Verdi', email: 'luca@example.com', role: 'tenant_user' };

describe('numbers are numbers: no silent conversion', () => {
  it.each([true, false, '', '2', ' 3 ', null, [2], { hours: 2 }])('refuses durationHours %p', (value) => {
    expect(brokenProperties(ProductDto, { ...product, durationHours: value })).toEqual(['durationHours']);
  });

  it.each([true, '', '15', null])('refuses durationMinutes %p', (value) => {
    expect(brokenProperties(ProductDto, { ...product, durationMinutes: value })).toEqual(['durationMinutes']);
  });

  it.each([true, '', '4', 0, 1e308, -1])('refuses minParticipants %p', (value) => {
    expect(brokenProperties(AvailabilityDto, { ...period, minParticipants: value })).toEqual(['minParticipants']);
  });

  it('accepts numbers, and money as a number or a numeric string', () => {
    expect(brokenProperties(ProductDto, { ...product, durationHours: 2, durationMinutes: 15 })).toEqual([]);
    expect(brokenProperties(AvailabilityDto, { ...period, minParticipants: 4, flatRate: '120.50', costPerPerson: 45 })).toEqual([]);
  });
});

describe('a property that may be omitted is not null', () => {
  it.each([
    [ProductDto, product, 'durationHours'],
    [ProductDto, product, 'tenantId'],
    [PriceListDto, { name: 'Summer', ...period }, 'isActive'],
    [AvailabilityDto, period, 'hasFlatRate'],
    [AvailabilityDto, period, 'priceIncludesVat'],
    [UpdateTenantDto, tenant, 'enabled'],
    [UpdateTenantDto, tenant, 'languages'],
    [UpdateTenantDto, tenant, 'adminPassword'],
    [UpdateUserDto, user, 'password'],
  ] as [DtoClass, object, string][])('%p.%s', (dtoClass, base, property) => {
    expect(brokenProperties(dtoClass, base)).toEqual([]);
    expect(brokenProperties(dtoClass, { ...base, [property]: null })).toEqual([property]);
  });

  it('while one that has a "none" value may be cleared with null', () => {
    expect(brokenProperties(ProductDto, { ...product, subtitle: null, vatRateId: null })).toEqual([]);
    expect(brokenProperties(AvailabilityDto, { ...period, minParticipants: null, flatRate: null })).toEqual([]);
    expect(brokenProperties(TenantSettingsDto, { website: null, referenceEmail: null })).toEqual([]);
  });
});

describe("'' where it means none", () => {
  it('keeps the password, clears the website, the reference e-mail and the PEC', () => {
    expect(brokenProperties(UpdateTenantDto, { ...tenant, adminPassword: '' })).toEqual([]);
    expect(brokenProperties(UpdateUserDto, { ...user, password: '' })).toEqual([]);
    expect(brokenProperties(TenantSettingsDto, { website: '', referenceEmail: '' })).toEqual([]);
    expect(brokenProperties(CustomerDto, { title: 'Spett.le', name: 'Rossi', email: 'r@example.com', pec: '' })).toEqual([]);
  });

  it('still checks any other value', () => {
    expect(brokenProperties(UpdateTenantDto, { ...tenant, adminPassword: '123' })).toEqual(['adminPassword']);
    expect(brokenProperties(TenantSettingsDto, { website: 'not a url', referenceEmail: 'nope' })).toEqual(['referenceEmail', 'website']);
  });
});
