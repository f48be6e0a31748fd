import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { detectImageKind, LOGO_TOO_BIG_DIMENSIONS, LogoStorageService } from './logo-storage.service';

function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
