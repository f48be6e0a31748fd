import { TENANT_DISABLED_MESSAGE, TENANT_EXPIRED_MESSAGE } from '@quotebook/contracts';
import { tenantLoginBlock } from './tenant-login';

describe('tenantLoginBlock', () => {
  it.each([
    ['Active', null],
    ['Expiring Soon', null],
    ['Disabled', { reason: 'TENANT_DISABLED', message: TENANT_DISABLED_MESSAGE }],
    ['Expired', { reason: 'TENANT_EXPIRED', message: TENANT_EXPIRED_MESSAGE }],
  ] as const)('%s → %o', (status, expected) => {
    expect(tenantLoginBlock(status)).toEqual(expected);
  });
});
