import { mapTenantAdmin, mapUser } from './user.views';
import { User } from './user.entity';

const user: User = Object.assign(new User(), {
  id: '7d6f3a52-6c1e-4a39-9a57-0a2f7c1e9b11',
  username: 'mrossi',
  passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$secret',
  name: 'Mario Rossi',
  email: 'mario@sole.it',
  role: 'tenant_admin',
  tenantId: '0b8f2a8e-3c55-4d7c-8f0e-6a1b2c3d4e5f',
  createdAt: new Date('2026-03-10T08:30:00.000Z'),
});

describe('mapUser', () => {
  it('shows the user with an ISO creation time and without the password hash', () => {
    const sut = mapUser(user);
    expect(sut).toEqual({
      id: user.id,
      username: 'mrossi',
      name: 'Mario Rossi',
      email: 'mario@sole.it',
      role: 'tenant_admin',
      tenantId: user.tenantId,
      createdAt: '2026-03-10T08:30:00.000Z',
    });
    expect(JSON.stringify(sut)).not.toContain('argon2');
  });
});

describe('mapTenantAdmin', () => {
  it('keeps only what the edit dialog shows', () => {
    expect(mapTenantAdmin(user)).toEqual({ id: user.id, username: 'mrossi', name: 'Mario Rossi', email: 'mario@sole.it' });
  });
});
