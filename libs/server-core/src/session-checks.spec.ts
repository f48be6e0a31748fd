import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RecentValidSessions, SessionGuard, VALID_SESSION_REUSE_MS } from './session-checks';
import type { SessionStates } from './session-state';

class Handlers {
  handle(): string {
    return 'handled';
  }
}
const handler = Handlers.prototype.handle;

describe(RecentValidSessions.name, () => {
  it('trusts a session found valid until the reuse time has passed, then asks again', () => {
    let now = 1_000;
    const sut = new RecentValidSessions(400, 10, () => now);
    sut.add('a', sut.mark());
    now += 399;
    expect(sut.has('a')).toBe(true);
    now += 1;
    expect(sut.has('a')).toBe(false);
    expect(sut.has('b')).toBe(false);
  });

  it('starts over instead of growing past its limit', () => {
    const sut = new RecentValidSessions(400, 2, () => 0);
    sut.add('a', sut.mark());
    sut.add('b', sut.mark());
    sut.add('c', sut.mark());
    expect([sut.has('a'), sut.has('b'), sut.has('c')]).toEqual([false, false, true]);
  });

  it('does not keep what a check found when a change came while it ran', () => {
    const sut = new RecentValidSessions(400, 10, () => 0);
    const mark = sut.mark();
    sut.clear();
    sut.add('a', mark);
    expect(sut.has('a')).toBe(false);
    sut.add('a', sut.mark());
    expect(sut.has('a')).toBe(true);
  });

  it('reuses a session for less than the second a stale token may still work', () => {
    expect(VALID_SESSION_REUSE_MS).toBeLessThan(1000);
  });
});

describe(SessionGuard.name, () => {
  const principal = { userId: '6f1c2a47-8d2b-4a53-9a53-2f0c4d5e6a71', role: 'tenant_admin', tenantId: '0b7e4c1e-3f5a-4e7b-8c9d-1a2b3c4d5e6f', sessionVersion: 1 };
  const contextOf = (payload: unknown) =>
    ({ getType: () => 'rpc', switchToRpc: () => ({ getData: () => payload }), getHandler: () => handler, getClass: () => Handlers }) as unknown as ExecutionContext;

  function guardAnswering(verdict: 'valid' | 'ended') {
    const check = jest.fn(async () => verdict);
    const listeners: Array<() => void> = [];
    const states = { check, onChange: (listener: () => void) => listeners.push(listener) };
    const changed = () => listeners.forEach((listener) => listener());
    return { sut: new SessionGuard(states as unknown as SessionStates, new Reflector()), check, changed };
  }

  it('asks Redis once for repeated calls of a valid session, and again for another agency named', async () => {
    const { sut, check } = guardAnswering('valid');
    const payload = { principal, tenantId: principal.tenantId };
    await expect(sut.canActivate(contextOf(payload))).resolves.toBe(true);
    await expect(sut.canActivate(contextOf(payload))).resolves.toBe(true);
    expect(check).toHaveBeenCalledTimes(1);
    await sut.canActivate(contextOf({ principal: { ...principal, role: 'superadmin', tenantId: null }, tenantId: principal.tenantId }));
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('asks again once a session state changed (here or announced by another process)', async () => {
    const { sut, check, changed } = guardAnswering('valid');
    const payload = { principal, tenantId: principal.tenantId };
    await sut.canActivate(contextOf(payload));
    changed();
    await sut.canActivate(contextOf(payload));
    expect(check).toHaveBeenCalledTimes(2);
  });

  it("passes a session known valid, and a request without a principal, at once: only a check that asks Redis answers a promise", async () => {
    const { sut, check } = guardAnswering('valid');
    const checkOf = sut.forHandler(handler, Handlers);
    const payload = { principal, tenantId: principal.tenantId };
    expect(checkOf({ tenantId: principal.tenantId })).toBeUndefined();
    const asking = checkOf(payload);
    expect(asking).toBeInstanceOf(Promise);
    await asking;
    expect(checkOf(payload)).toBeUndefined();
    expect(check).toHaveBeenCalledTimes(1);
    // a principal that is no object is refused as a rejected promise, not a throw
    await expect(checkOf({ principal: 'x' })).rejects.toMatchObject({ error: { statusCode: 401 } });
  });

  it('asks every time for a session found ended, and refuses each call', async () => {
    const { sut, check } = guardAnswering('ended');
    const payload = { principal, tenantId: principal.tenantId };
    await expect(sut.canActivate(contextOf(payload))).rejects.toMatchObject({ error: { statusCode: 401 } });
    await expect(sut.canActivate(contextOf(payload))).rejects.toMatchObject({ error: { statusCode: 401 } });
    expect(check).toHaveBeenCalledTimes(2);
  });
});
