import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { CreateTenantDto, TenantSettingsDto, UpdateTenantDto } from './tenants';

const messages = (dto: object) => validateSync(dto).flatMap((e) => Object.values(e.constraints ?? {}));

const valid = {
  name: 'Agenzia Sole',
  keyword: 'agenzia-sole',
  languages: ['it', 'en'],
  expiryDate: '2030-12-31',
  enabled: true,
  adminUsername: 'sole',
  adminPassword: 'secret1',
  adminName: 'Mario Rossi',
  adminEmail: 'mario@sole.it',
};

describe(CreateTenantDto.name, () => {
  it('accepts a complete tenant', () => {
    expect(messages(plainToInstance(CreateTenantDto, valid))).toEqual([]);
  });

  it('names every broken admin rule with the spec texts', () => {
    const sut = plainToInstance(CreateTenantDto, {
      ...valid,
      adminUsername: 'ab',
      adminName: 'M',
      adminEmail: 'nope',
      adminPassword: '123',
    });
    expect(messages(sut)).toEqual(
      expect.arrayContaining([
        'Username must be at least 3 characters',
        'Name must be at least 2 characters',
        'Valid email is required',
        'Password must be at least 6 characters',
      ]),
    );
  });

  it.each(['A', 'Upper', 'has space', 'x', '-lead', 'superadmin', 'api', 'reset-password', 'a'.repeat(41)])(
    'rejects keyword %p',
    (keyword) => {
      expect(messages(plainToInstance(CreateTenantDto, { ...valid, keyword }))).not.toEqual([]);
    },
  );

  it('rejects an impossible expiry date', () => {
    expect(messages(plainToInstance(CreateTenantDto, { ...valid, expiryDate: '2030-02-30' }))).toEqual([
      'Expiry date is required (YYYY-MM-DD)',
    ]);
  });
});

describe(UpdateTenantDto.name, () => {
  it('accepts an empty password (keeps the current one)', () => {
    expect(messages(plainToInstance(UpdateTenantDto, { ...valid, adminPassword: '' }))).toEqual([]);
  });
  it('still checks a new password', () => {
    expect(messages(plainToInstance(UpdateTenantDto, { ...valid, adminPassword: '12' }))).toEqual([
      'Password must be at least 6 characters',
    ]);
  });
});

describe(TenantSettingsDto.name, () => {
  it('accepts empty email and website', () => {
    expect(messages(plainToInstance(TenantSettingsDto, { referenceEmail: '', website: '' }))).toEqual([]);
  });
  it('rejects a bad email and a bad website', () => {
    expect(messages(plainToInstance(TenantSettingsDto, { referenceEmail: 'x@', website: 'not a url' }))).toEqual([
      'referenceEmail must be a valid email address',
      'website must be a valid URL',
    ]);
  });
});
