import { EMAIL_CASES } from '@quotebook/domain/testing';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ForgotPasswordDto } from './auth';
import { CustomerDto } from './catalogue';
import { CreateTenantDto, TenantSettingsDto } from './tenants';
import { CreateUserDto } from './users';

type DtoClass = new () => object;

/** Whether the request check (transform, then validate, as the ValidationPipe does) accepts the address. */
function accepts(dtoClass: DtoClass, body: object, property: string): boolean {
  return !validateSync(plainToInstance(dtoClass, body)).some((error) => error.property === property);
}

const bodies: ReadonlyArray<[DtoClass, string, (email: string) => object]> = [
  [CustomerDto, 'email', (email) => ({ title: 'Spett.le', name: 'Rossi Viaggi', email })],
  [CustomerDto, 'pec', (pec) => ({ title: 'Spett.le', name: 'Rossi Viaggi', email: 'info@rossi.it', pec })],
  [CreateUserDto, 'email', (email) => ({ username: 'luca', name: 'Luca', email, role: 'tenant_user', password: 'secret1', tenantId: '8d3e6c1e-1d6a-4a4e-9a3c-2f1f2b1c0d9e' })],
  [CreateTenantDto, 'adminEmail', (adminEmail) => ({ name: 'Sole', keyword: 'sole', expiryDate: '2030-12-31', adminUsername: 'sole', adminName: 'Mario', adminPassword: 'secret1', adminEmail })],
  [TenantSettingsDto, 'referenceEmail', (referenceEmail) => ({ referenceEmail })],
  [ForgotPasswordDto, 'email', (email) => ({ email })],
];

describe('the server checks e-mail addresses by the shared table', () => {
  describe.each(bodies)('%p.%s', (dtoClass, property, body) => {
    // '' means "none" for the optional addresses, so it is left to the table of required ones
    const cases = EMAIL_CASES.filter(([address]) => address !== '' || ['email', 'adminEmail'].includes(property));
    it.each(cases)('%j → %s', (address, accepted) => {
      expect(accepts(dtoClass, body(address), property)).toBe(accepted);
    });
  });
});
