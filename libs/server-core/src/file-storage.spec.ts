import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskFileStorage, InvalidStorageKeyError, isStorageKey } from './file-storage';

describe(DiskFileStorage.name, () => {
  let root: string;
  let sut: DiskFileStorage;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'qb-storage-'));
    sut = new DiskFileStorage(join(root, 'storage'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('keeps a file under its key and reads it back', async () => {
    await sut.put('signatures/tenant-1/a.png', Buffer.from([1, 2, 3]));
    await expect(sut.get('signatures/tenant-1/a.png')).resolves.toEqual(Buffer.from([1, 2, 3]));
    await expect(sut.exists('signatures/tenant-1/a.png')).resolves.toBe(true);
  });

  it('answers a missing key as none: null, false, and a delete that does nothing', async () => {
    await expect(sut.get('documents/t/missing.pdf')).resolves.toBeNull();
    await expect(sut.exists('documents/t/missing.pdf')).resolves.toBe(false);
    await expect(sut.delete('documents/t/missing.pdf')).resolves.toBeUndefined();
    await expect(sut.deletePrefix('documents/t')).resolves.toBe(false);
  });

  it('does not take a folder for a file', async () => {
    await sut.put('documents/t/file.pdf', 'x');
    await expect(sut.exists('documents/t')).resolves.toBe(false);
    await expect(sut.get('documents/t/file.pdf/more')).resolves.toBeNull();
  });

  it('replaces a file written again, leaving one file and no temporary one', async () => {
    await sut.put('documents/t/same.pdf', 'first');
    await Promise.all(Array.from({ length: 10 }, (_, index) => sut.put('documents/t/same.pdf', `write ${index}`.repeat(1000))));
    expect(readdirSync(join(root, 'storage/documents/t'))).toEqual(['same.pdf']);
    expect((await sut.get('documents/t/same.pdf'))?.toString()).toMatch(/^(write \d)+$/);
  });

  it('never shows half a file to a reader while it is written', async () => {
    const big = Buffer.alloc(4 * 1024 * 1024, 7);
    await sut.put('documents/t/big.pdf', Buffer.from('old'));
    const reads: number[] = [];
    const writing = sut.put('documents/t/big.pdf', big);
    while (reads.length < 50) reads.push((await sut.get('documents/t/big.pdf'))?.length ?? -1);
    await writing;
    expect(reads.every((length) => length === 3 || length === big.length)).toBe(true);
  });

  it('deletes one file, and every file under a prefix', async () => {
    await sut.put('signatures/t1/a.png', 'a');
    await sut.put('signatures/t1/b.png', 'b');
    await sut.put('signatures/t2/c.png', 'c');
    await sut.delete('signatures/t1/a.png');
    await expect(sut.exists('signatures/t1/a.png')).resolves.toBe(false);
    await expect(sut.deletePrefix('signatures/t1')).resolves.toBe(true);
    await expect(sut.exists('signatures/t1/b.png')).resolves.toBe(false);
    await expect(sut.exists('signatures/t2/c.png')).resolves.toBe(true);
  });

  const refusedKeys = [
    '../outside.txt',
    'signatures/../../outside.txt',
    '/etc/passwd',
    'signatures//a.png',
    'signatures/./a.png',
    'signatures/a.png/',
    'signatures\\a.png',
    'signatures/.hidden',
    'signatures/a b.png',
    'signatures/a\u0000.png',
    '',
    'x'.repeat(600),
  ];
  it.each(refusedKeys.map((key) => [JSON.stringify(key).slice(0, 40), key]))('refuses the key %s: it reaches outside the storage or is no plain path', async (_label, key) => {
    writeFileSync(join(root, 'outside.txt'), 'secret');
    expect(isStorageKey(key)).toBe(false);
    await expect(sut.put(key, 'x')).rejects.toThrow(InvalidStorageKeyError);
    await expect(sut.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(sut.exists(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(sut.delete(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(sut.deletePrefix(key)).rejects.toThrow(InvalidStorageKeyError);
    expect(readdirSync(root).sort()).toEqual(['outside.txt']);
  });

  it('refuses a key that is no text', async () => {
    await expect(sut.get(42 as unknown as string)).rejects.toThrow(InvalidStorageKeyError);
  });
});
