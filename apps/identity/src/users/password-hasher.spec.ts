import { loadEnv } from '@quotebook/server-core';
import { IdentityEnv } from '../env';
import { PasswordHasher } from './password-hasher';

const REQUIRED = { JWT_SECRET: 'f3a9c1d07b2e4a58961c0de7b4f2a9e1', SUPERADMIN_PASSWORD: 'n7-Ql2vX9pT4' };

/** argon2's least cost: 1 MiB, one pass, one lane */
const LEAST = { PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_ITERATIONS: '1', PASSWORD_HASH_PARALLELISM: '1' };

const hasherWith = (settings: Record<string, string>) => new PasswordHasher(loadEnv(IdentityEnv, { ...REQUIRED, ...settings }));

describe(PasswordHasher.name, () => {
  it('hashes with argon2id at the cost the environment sets, and verifies', async () => {
    const sut = hasherWith({ PASSWORD_HASH_MEMORY_KIB: '2048', PASSWORD_HASH_ITERATIONS: '2', PASSWORD_HASH_PARALLELISM: '1' });
    const hash = await sut.hash('a-password-1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=2048,t=2,p=1\$/);
    expect(await sut.verify(hash, 'a-password-1')).toBe(true);
    expect(await sut.verify(hash, 'a-password-2')).toBe(false);
  });

  it("hashes at argon2's default cost when nothing is set", async () => {
    expect(await hasherWith({}).hash('a-password-1')).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
  });

  it('verifies a hash made at another cost (a stored hash keeps its own), and never matches a malformed one', async () => {
    const stored = await hasherWith({}).hash('a-password-1');
    const sut = hasherWith(LEAST);
    expect(await sut.verify(stored, 'a-password-1')).toBe(true);
    expect(await sut.verify('not-a-hash', 'a-password-1')).toBe(false);
  });

  it('tells a hash made at another cost, which a sign-in brings to the current one, from one made at it', async () => {
    const sut = hasherWith(LEAST);
    expect(sut.needsRehash(await sut.hash('a-password-1'))).toBe(false);
    expect(sut.needsRehash(await hasherWith({ ...LEAST, PASSWORD_HASH_ITERATIONS: '2' }).hash('a-password-1'))).toBe(true);
    expect(sut.needsRehash(await hasherWith({ ...LEAST, PASSWORD_HASH_MEMORY_KIB: '2048' }).hash('a-password-1'))).toBe(true);
    // never matches, so it is never re-hashed
    expect(sut.needsRehash('not-a-hash')).toBe(false);
  });

  it('answers an unknown username with a verification at the same cost, always false', async () => {
    const sut = hasherWith(LEAST);
    await sut.onModuleInit();
    expect(await sut.verifyAgainstDummy('anything')).toBe(false);
  });
});
