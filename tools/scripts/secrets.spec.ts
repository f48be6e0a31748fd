import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isStrongSecret } from '@quotebook/server-core';

const { ensureLocalSecrets, readSecretsFile, SECRETS_FILE } = require('./secrets.js') as {
  SECRETS_FILE: string;
  readSecretsFile(file: string): Record<string, string>;
  ensureLocalSecrets(options: { root: string; env?: Record<string, string | undefined>; create?: boolean }): {
    values: Record<string, string>;
    file: string;
    fromFile: string[];
    generated: string[];
  };
};

describe('local secrets (npm start, seed:demo)', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'quotebook-secrets-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('generates random values on the first call into a file only its owner can read', () => {
    const sut = ensureLocalSecrets({ root, env: {} });

    expect(sut.file).toBe(path.join(root, SECRETS_FILE));
    expect(sut.generated.sort()).toEqual(['JWT_SECRET', 'SUPERADMIN_PASSWORD']);
    expect(statSync(sut.file).mode & 0o777).toBe(0o600);
    expect(isStrongSecret(sut.values['JWT_SECRET'])).toBe(true);
    expect(sut.values['SUPERADMIN_PASSWORD'].length).toBeGreaterThanOrEqual(12);
    expect(readSecretsFile(sut.file)).toEqual(sut.values);
  });

  it('reuses the same values on later calls and generates nothing', () => {
    const first = ensureLocalSecrets({ root, env: {} });
    const before = readFileSync(first.file, 'utf8');

    const sut = ensureLocalSecrets({ root, env: {} });

    expect(sut.values).toEqual(first.values);
    expect(sut.generated).toEqual([]);
    expect(sut.fromFile.sort()).toEqual(['JWT_SECRET', 'SUPERADMIN_PASSWORD']);
    expect(readFileSync(first.file, 'utf8')).toBe(before);
  });

  it('gives two installations different secrets', () => {
    const other = mkdtempSync(path.join(tmpdir(), 'quotebook-secrets-'));
    try {
      expect(ensureLocalSecrets({ root: other, env: {} }).values['JWT_SECRET']).not.toBe(
        ensureLocalSecrets({ root, env: {} }).values['JWT_SECRET'],
      );
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('prefers the environment and writes no file when both values are set there', () => {
    const env = { JWT_SECRET: 'e'.repeat(8) + '0123456789abcdef0123456789abcdef', SUPERADMIN_PASSWORD: 'from-the-environment' };

    const sut = ensureLocalSecrets({ root, env });

    expect(sut.values).toEqual(env);
    expect(sut.generated).toEqual([]);
    expect(() => statSync(sut.file)).toThrow();
  });

  it('generates only what is missing and keeps a file written before, tightening its mode', () => {
    mkdirSync(path.join(root, 'var'));
    writeFileSync(path.join(root, SECRETS_FILE), 'SUPERADMIN_PASSWORD=kept-from-before\n', { mode: 0o644 });

    const sut = ensureLocalSecrets({ root, env: {} });

    expect(sut.values['SUPERADMIN_PASSWORD']).toBe('kept-from-before');
    expect(sut.generated).toEqual(['JWT_SECRET']);
    expect(readSecretsFile(sut.file)['SUPERADMIN_PASSWORD']).toBe('kept-from-before');
    expect(statSync(sut.file).mode & 0o777).toBe(0o600);
  });

  it('only reads when asked not to create (the demo seed)', () => {
    const sut = ensureLocalSecrets({ root, env: {}, create: false });

    expect(sut.values).toEqual({});
    expect(() => statSync(sut.file)).toThrow();
  });
});
