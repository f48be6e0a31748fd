import { tenantAllowsLogin, tenantDisplayStatus } from './tenant-status';

describe('tenantDisplayStatus', () => {
  const today = '2026-03-10';
  it.each([
    [{ enabled: false, expiryDate: '2030-01-01' }, 'Disabled'],
    [{ enabled: false, expiryDate: '2020-01-01' }, 'Disabled'],
    [{ enabled: true, expiryDate: '2026-03-09' }, 'Expired'],
    [{ enabled: true, expiryDate: '2026-03-10' }, 'Expiring Soon'],
    [{ enabled: true, expiryDate: '2026-04-09' }, 'Expiring Soon'],
    [{ enabled: true, expiryDate: '2026-04-10' }, 'Active'],
    [{ enabled: true, expiryDate: null }, 'Active'],
  ] as const)('%j is %s', (tenant, expected) => {
    expect(tenantDisplayStatus(tenant, today)).toBe(expected);
  });

  it('blocks login only for disabled or expired tenants', () => {
    expect(tenantAllowsLogin('Active')).toBe(true);
    expect(tenantAllowsLogin('Expiring Soon')).toBe(true);
    expect(tenantAllowsLogin('Expired')).toBe(false);
    expect(tenantAllowsLogin('Disabled')).toBe(false);
  });
});
