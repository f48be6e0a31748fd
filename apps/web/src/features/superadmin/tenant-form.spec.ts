import { aTenant } from '../../test/gateway-stub';
import {
  emptyTenantForm,
  normalizeLanguages,
  tenantFormFrom,
  tenantRequestFrom,
  validateTenantForm,
  type TenantFormValues,
} from './tenant-form';
import { filterTenants, tenantStats } from './tenant-filters';

const valid: TenantFormValues = {
  name: 'Agenzia Sole',
  keyword: 'agenzia-sole',
  expiryDate: '2030-12-31',
  languages: ['it', 'en'],
  enabled: true,
  adminName: 'Mario Rossi',
  adminEmail: 'mario@sole.it',
  adminUsername: 'sole',
  adminPassword: 'secret1',
};

describe(validateTenantForm.name, () => {
  it('accepts a complete tenant', () => {
    expect(validateTenantForm(valid, 'create')).toEqual({});
  });

  it('names every broken rule with the spec texts', () => {
    expect(validateTenantForm(emptyTenantForm(), 'create')).toEqual({
      name: 'Tenant name is required',
      keyword: 'Keyword is required',
      expiryDate: 'Expiry date is required',
      adminName: 'Name must be at least 2 characters',
      adminEmail: 'Valid email is required',
      adminUsername: 'Username must be at least 3 characters',
      adminPassword: 'Password must be at least 6 characters',
    });
  });

  it('lets an edit keep the current password when the field is empty, but not a short new one', () => {
    expect(validateTenantForm({ ...valid, adminPassword: '' }, 'edit')).toEqual({});
    expect(validateTenantForm({ ...valid, adminPassword: '123' }, 'edit')).toEqual({
      adminPassword: 'Password must be at least 6 characters',
    });
  });

  it.each([
    ['a', 'Keyword must be 2 to 40 characters'],
    ['Sole Mare', 'Keyword may contain only lowercase letters, digits and dashes'],
    ['superadmin', 'Keyword "superadmin" is reserved'],
    ['reset-password', 'Keyword "reset-password" is reserved'],
  ])('rejects the keyword %s', (keyword, message) => {
    expect(validateTenantForm({ ...valid, keyword }, 'create').keyword).toBe(message);
  });
});

describe('tenant requests', () => {
  it('always includes Italian first and trims the text fields', () => {
    expect(normalizeLanguages(['es', 'en'])).toEqual(['it', 'en', 'es']);
    expect(
      tenantRequestFrom({ ...valid, name: '  Agenzia Sole ', adminEmail: ' mario@sole.it ', languages: ['de'] }),
    ).toEqual({ ...valid, name: 'Agenzia Sole', adminEmail: 'mario@sole.it', languages: ['it', 'de'] });
  });

  it('prefills an edit from the tenant and its admin, with an empty password', () => {
    const values = tenantFormFrom(aTenant({ languages: ['en'] }), {
      id: 'admin-1',
      username: 'sole',
      name: 'Mario Rossi',
      email: 'mario@sole.it',
    });
    expect(values).toEqual(
      expect.objectContaining({ languages: ['it', 'en'], adminUsername: 'sole', adminPassword: '', keyword: 'sole' }),
    );
  });
});

describe('tenant list helpers', () => {
  const tenants = [
    aTenant({ id: '1', name: 'Agenzia Sole', keyword: 'sole', status: 'Active' }),
    aTenant({ id: '2', name: 'Mare Blu', keyword: 'mareblu', status: 'Expiring Soon' }),
    aTenant({ id: '3', name: 'Monti Viaggi', keyword: 'monti', status: 'Disabled', enabled: false }),
    aTenant({ id: '4', name: 'Vecchia Agenzia', keyword: 'vecchia', status: 'Expired' }),
  ];

  it('counts the tenants by display status', () => {
    // expiring soon is still active: active, expired and disabled add up to the total
    expect(tenantStats(tenants)).toEqual({ active: 2, total: 4, expiringSoon: 1, expired: 1, disabled: 1 });
  });

  it('filters by name or keyword and by status', () => {
    expect(filterTenants(tenants, 'AGENZIA', 'all').map((t) => t.id)).toEqual(['1', '4']);
    expect(filterTenants(tenants, 'mareb', 'all').map((t) => t.id)).toEqual(['2']);
    expect(filterTenants(tenants, '', 'expiring').map((t) => t.id)).toEqual(['2']);
    expect(filterTenants(tenants, '', 'disabled').map((t) => t.id)).toEqual(['3']);
    expect(filterTenants(tenants, '', 'expired').map((t) => t.id)).toEqual(['4']);
    expect(filterTenants(tenants, '', 'active').map((t) => t.id)).toEqual(['1', '2']);
    expect(filterTenants(tenants, 'sole', 'disabled')).toEqual([]);
  });
});
