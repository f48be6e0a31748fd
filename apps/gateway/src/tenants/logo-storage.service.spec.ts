import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { pngOf as png } from '@quotebook/testing';
import { detectImageKind, LOGO_TOO_BIG_DIMENSIONS, LogoStorageService } from './logo-storage.service';

describe('detectImageKind', () => {
  it.each([
    [png(1, 1), 'png'],
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'jpg'],
    [Buffer.from('GIF89a......'), 'gif'],
    [Buffer.from('GIF87a......'), 'gif'],
    [Buffer.from('<svg></svg>'), null],
    [Buffer.from([0x89, 0x50]), null],
  ])('recognises %#', (bytes, kind) => {
    expect(detectImageKind(bytes)).toBe(kind);
  });
});

describe(LogoStorageService.name, () => {
  let root: string;
  let sut: LogoStorageService;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'logos-'));
    sut = new LogoStorageService(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const tenantId = randomUUID();
  const logo = () => {
    const bytes = png(150, 100);
    return { buffer: bytes, size: bytes.length };
  };

  it("writes an accepted logo under a generated name in its agency's folder and answers its public URL", async () => {
    const file = logo();
    const stored = await sut.store(tenantId, file);
    expect(stored.logoUrl).toMatch(new RegExp(`^/uploads/logos/${tenantId}/[0-9a-f-]{36}\\.png$`));
    expect(stored.path).toBe(join(root, stored.logoUrl.slice('/uploads/'.length)));
    expect(readFileSync(stored.path).equals(file.buffer)).toBe(true);
  });

  it('refuses 151 pixels with the spec text', async () => {
    const bytes = png(20, 151);
    await expect(sut.store(tenantId, { buffer: bytes, size: bytes.length })).rejects.toThrow(LOGO_TOO_BIG_DIMENSIONS);
  });

  it('refuses a missing file', async () => {
    await expect(sut.store(tenantId, undefined)).rejects.toThrow(/logo file is required/);
  });

  it('refuses a tenant id that is not one folder name', async () => {
    await expect(sut.store('../escape', logo())).rejects.toThrow(/tenantId/);
    expect(existsSync(join(root, 'escape'))).toBe(false);
  });

  it('deletes the file of a replaced logo and leaves the others', async () => {
    const old = await sut.store(tenantId, logo());
    const current = await sut.store(tenantId, logo());

    await sut.removeByUrl(old.logoUrl);

    expect(existsSync(old.path)).toBe(false);
    expect(existsSync(current.path)).toBe(true);
    await expect(sut.removeByUrl(old.logoUrl)).resolves.toBeUndefined();
  });

  it('deletes an older logo stored before the per-agency folders', async () => {
    mkdirSync(join(root, 'logos'), { recursive: true });
    writeFileSync(join(root, 'logos', 'flat.png'), 'x');

    await sut.removeByUrl('/uploads/logos/flat.png');

    expect(existsSync(join(root, 'logos', 'flat.png'))).toBe(false);
  });

  it.each([
    ['outside the logos folder', '/uploads/secret.txt'],
    ['climbing out', '/uploads/logos/../secret.txt'],
    ['climbing out, encoded', '/uploads/logos/%2e%2e/secret.txt'],
    ['another site', 'https://example.com/uploads/logos/x.png'],
    ['the logos folder itself', '/uploads/logos/'],
  ])('touches nothing for a URL %s', async (_case, url) => {
    writeFileSync(join(root, 'secret.txt'), 'keep');
    mkdirSync(join(root, 'logos'), { recursive: true });

    await sut.removeByUrl(url);

    expect(readFileSync(join(root, 'secret.txt'), 'utf8')).toBe('keep');
    expect(existsSync(join(root, 'logos'))).toBe(true);
  });

  it("deletes a deleted agency's folder and its older flat logo, and no other agency's files", async () => {
    const own = await sut.store(tenantId, logo());
    const other = await sut.store(randomUUID(), logo());
    writeFileSync(join(root, 'logos', 'flat.png'), 'x');

    await sut.removeTenantFiles(tenantId, '/uploads/logos/flat.png');

    expect(existsSync(join(root, 'logos', tenantId))).toBe(false);
    expect(existsSync(own.path)).toBe(false);
    expect(existsSync(join(root, 'logos', 'flat.png'))).toBe(false);
    expect(existsSync(other.path)).toBe(true);
  });
});
