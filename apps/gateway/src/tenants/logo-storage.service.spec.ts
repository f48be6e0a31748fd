import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('writes an accepted logo under a generated name and answers its public URL', async () => {
    const bytes = png(150, 100);
    const stored = await sut.store({ buffer: bytes, size: bytes.length });
    expect(stored.logoUrl).toMatch(/^\/uploads\/logos\/[0-9a-f-]{36}\.png$/);
    expect(readFileSync(stored.path).equals(bytes)).toBe(true);
  });

  it('refuses 151 pixels with the spec text', async () => {
    const bytes = png(20, 151);
    await expect(sut.store({ buffer: bytes, size: bytes.length })).rejects.toThrow(LOGO_TOO_BIG_DIMENSIONS);
  });

  it('refuses a missing file', async () => {
    await expect(sut.store(undefined)).rejects.toThrow(/logo file is required/);
  });
});
