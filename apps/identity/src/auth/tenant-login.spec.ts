import { TENANT_DISABLED_MESSAGE, TENANT_EXPIRED_MESSAGE } from '@quotebook/contracts';
import { tenantLoginBlock } from './tenant-login';

describe('tenantLoginBlock', () => {
  it.each([
    ['Active', null],
    ['Expiring Soon', null],
    ['Disabled', TENANT_DISABLED_MESSAGE],
    ['Expired', TENANT_EXPIRED_MESSAGE],
  ] as const)('%s → %p', (status, expected) => {
    expect(tenantLoginBlock(status)).toBe(expected);
  });
});
