import { JwtService } from '@nestjs/jwt';
import type { TokenClaims } from '@quotebook/contracts';
import type { SessionStates } from '@quotebook/server-core';

import { Strategy } from 'passport-jwt';
import { JwtStrategy } from './jwt.strategy';

/** The request as the strategy reads it. */
type Request = Parameters<JwtStrategy['validate']>[0];

const SECRET = 'a-secret-for-the-test-only-0123456789';

describe(JwtStrategy.name, () => {
  const tenantId = '0b7e4c1e-3f5a-4e7b-8c9d-1a2b3c4d5e6f';
  const claims: TokenClaims = { sub: '6f1c2a47-8d2b-4a53-9a53-2f0c4d5e6a71', role: 'tenant_admin', tenantId, sv: 1, jti: 'token-1', exp: 4_102_444_800 };
  const request = (pathTenant = tenantId) => ({ params: { tenantId: pathTenant } }) as unknown as Request;

  function strategyAnswering(...verdicts: Array<'valid' | 'ended'>) {
    const check = jest.fn(async () => verdicts.shift() ?? 'valid');
    const listeners: Array<() => void> = [];
    const sessions = { check, onChange: (listener: () => void) => listeners.push(listener) } as unknown as SessionStates;
    return { sut: new JwtStrategy(SECRET, sessions), check, changed: () => listeners.forEach((listener) => listener()) };
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
    const sut = new JwtStrategy(SECRET, { check, onChange: (listener: () => void) => listeners.push(listener) } as unknown as SessionStates);
    const underWay = sut.validate(request(), claims);
    listeners.forEach((listener) => listener());
    finish('valid');
    await underWay;
    await expect(sut.validate(request(), claims)).rejects.toMatchObject({ status: 401 });
  });

  describe('a bearer token', () => {
    const now = Math.floor(Date.now() / 1000);
    const { exp: _exp, ...payload } = claims;
    const signed = (options: { secret?: string; algorithm?: 'HS256' | 'HS512'; expiresIn?: number } = {}) =>
      new JwtService({ secret: options.secret ?? SECRET }).sign(payload, { algorithm: options.algorithm ?? 'HS256', expiresIn: options.expiresIn ?? 3600 });
    const withToken = (token: string) => ({ headers: { authorization: `Bearer ${token}` }, params: { tenantId } }) as unknown as Request;

    /** One authentication as passport runs it: the strategy's success, fail or error ends it. */
    function attempt(sut: JwtStrategy, request: Request): Promise<{ outcome: 'success' | 'fail' | 'error'; value: unknown }> {
      return new Promise((resolve) => {
        const run = Object.assign(Object.create(sut) as JwtStrategy, {
          success: (value: unknown) => resolve({ outcome: 'success', value }),
          fail: (value: unknown) => resolve({ outcome: 'fail', value }),
          error: (value: unknown) => resolve({ outcome: 'error', value }),
        });
        run.authenticate(request as unknown as Parameters<JwtStrategy['authenticate']>[0]);
      });
    }

    afterEach(() => jest.restoreAllMocks());

    it('has its signature verified once; later calls with it are only checked for expiry and session', async () => {
      const verifier = jest.spyOn(Strategy as unknown as { JwtVerifier: (...args: unknown[]) => void }, 'JwtVerifier');
      const { sut } = strategyAnswering();
      const token = signed();
      expect(sut.principalOfKnownToken(withToken(token))).toBeUndefined();
      await expect(attempt(sut, withToken(token))).resolves.toMatchObject({ outcome: 'success', value: { userId: claims.sub, tenantId } });
      for (let call = 0; call < 3; call += 1) {
        // its session was found valid a moment ago: the caller at once, not a promise
        expect(sut.principalOfKnownToken(withToken(token))).toMatchObject({ userId: claims.sub, tenantId });
      }
      expect(verifier).toHaveBeenCalledTimes(1);
      // another token, even of the same user, is verified on its own
      expect(sut.principalOfKnownToken(withToken(signed({ expiresIn: 7200 })))).toBeUndefined();
    });

    it('is refused once it expires, even after it was verified', async () => {
      const { sut } = strategyAnswering();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now * 1000);
      const token = signed({ expiresIn: 60 });
      await expect(attempt(sut, withToken(token))).resolves.toMatchObject({ outcome: 'success' });
      expect(sut.principalOfKnownToken(withToken(token))).toMatchObject({ userId: claims.sub });
      clock.mockReturnValue((now + 60) * 1000);
      expect(sut.principalOfKnownToken(withToken(token))).toBeUndefined();
      await expect(attempt(sut, withToken(token))).resolves.toMatchObject({ outcome: 'fail' });
      await expect(attempt(sut, withToken(token))).resolves.toMatchObject({ outcome: 'fail' });
    });

    it.each([
      ['signed with another secret', () => signed({ secret: 'another-secret-for-the-test-0123456789' })],
      ['signed with another algorithm', () => signed({ algorithm: 'HS512' })],
      ['unsigned (alg none)', () => `${signed().split('.').slice(0, 2).join('.').replace(/^[^.]+/, Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url'))}.`],
      ['tampered with', () => signed().replace(/\.([^.]+)\./, (_, body: string) => `.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), role: 'superadmin' })).toString('base64url')}.`)],
      ['already expired', () => signed({ expiresIn: -1 })],
    ])('%s is refused, every time, and never remembered', async (_case, make) => {
      const verifier = jest.spyOn(Strategy as unknown as { JwtVerifier: (...args: unknown[]) => void }, 'JwtVerifier');
      const { sut, check } = strategyAnswering();
      const token = make();
      await expect(attempt(sut, withToken(token))).resolves.toMatchObject({ outcome: 'fail' });
      await expect(attempt(sut, withToken(token))).resolves.toMatchObject({ outcome: 'fail' });
      expect(verifier).toHaveBeenCalledTimes(2);
      expect(check).not.toHaveBeenCalled();
      expect(sut.principalOfKnownToken(withToken(token))).toBeUndefined();
    });

    it('whose session ended is refused although its signature was remembered', async () => {
      const { sut, changed } = strategyAnswering('valid', 'ended');
      const token = signed();
      await expect(attempt(sut, withToken(token))).resolves.toMatchObject({ outcome: 'success' });
      changed();
      await expect(sut.principalOfKnownToken(withToken(token))).rejects.toMatchObject({ status: 401 });
    });
  });
});
