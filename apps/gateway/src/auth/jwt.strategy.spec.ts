import type { TokenClaims } from '@quotebook/contracts';
import type { SessionStates } from '@quotebook/server-core';
import type { Request } from 'express';
import { JwtStrategy } from './jwt.strategy';

describe(JwtStrategy.name, () => {
  const tenantId = '0b7e4c1e-3f5a-4e7b-8c9d-1a2b3c4d5e6f';
  const claims: TokenClaims = { sub: '6f1c2a47-8d2b-4a53-9a53-2f0c4d5e6a71', role: 'tenant_admin', tenantId, sv: 1, jti: 'token-1', exp: 4_102_444_800 };
  const request = (pathTenant = tenantId) => ({ params: { tenantId: pathTenant } }) as unknown as Request;

  function strategyAnswering(...verdicts: Array<'valid' | 'ended'>) {
    const check = jest.fn(async () => verdicts.shift() ?? 'valid');
    const listeners: Array<() => void> = [];
    const sessions = { check, onChange: (listener: () => void) => listeners.push(listener) } as unknown as SessionStates;
    return { sut: new JwtStrategy('a-secret-for-the-test-only-0123456789', sessions), check, changed: () => listeners.forEach((listener) => listener()) };
  }

  it('asks Redis once for the repeated requests of a valid session, again for another agency in the path', async () => {
    const { sut, check } = strategyAnswering();
    await expect(sut.validate(request(), claims)).resolves.toMatchObject({ userId: claims.sub, tenantId });
    await sut.validate(request(), claims);
    expect(check).toHaveBeenCalledTimes(1);
    await sut.validate(request('9d2a1c3e-5b4f-4a6e-8d7c-0e1f2a3b4c5d'), claims);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('asks again once a session state changed, and refuses the session that ended', async () => {
    const { sut, check, changed } = strategyAnswering('valid', 'ended', 'ended');
    await sut.validate(request(), claims);
    changed();
    await expect(sut.validate(request(), claims)).rejects.toMatchObject({ status: 401 });
    await expect(sut.validate(request(), claims)).rejects.toMatchObject({ status: 401 });
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('does not trust a check that was under way when the change came', async () => {
    let finish: (verdict: 'valid') => void = () => undefined;
    const check = jest
      .fn()
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
      .mockResolvedValue('ended');
    const listeners: Array<() => void> = [];
    const sut = new JwtStrategy('a-secret-for-the-test-only-0123456789', { check, onChange: (listener: () => void) => listeners.push(listener) } as unknown as SessionStates);
    const underWay = sut.validate(request(), claims);
    listeners.forEach((listener) => listener());
    finish('valid');
    await underWay;
    await expect(sut.validate(request(), claims)).rejects.toMatchObject({ status: 401 });
  });
});
