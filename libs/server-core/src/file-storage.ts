import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** Where the disk storage keeps its files unless STORAGE_DIR says otherwise. */
export const DEFAULT_STORAGE_DIR = 'var/storage';

/** A key is a relative path of plain names: letters, digits, dot, dash, underscore; no name starts with a dot. */
const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
/** Keys stay short enough for any file system's path limit. */
const MAX_KEY_LENGTH = 512;

export class InvalidStorageKeyError extends Error {
  constructor(key: unknown) {
    super(`invalid storage key: ${JSON.stringify(key)?.slice(0, 100)}`);
  }
}

/**
 * The key as segments, or an error: `signatures/<tenant>/<file>.png` is a key; an absolute path,
 * `..`, `.`, an empty segment, a backslash or any other character is not, so no key reaches outside
 * the storage, and no key names one of its temporary files (they start with a dot).
 */
export function storageKeySegments(key: unknown): string[] {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) throw new InvalidStorageKeyError(key);
  const segments = key.split('/');
  if (!segments.every((segment) => KEY_SEGMENT.test(segment))) throw new InvalidStorageKeyError(key);
  return segments;
}

export const isStorageKey = (key: unknown): key is string => {
  try {
    storageKeySegments(key);
    return true;
  } catch {
    return false;
  }
};

/**
 * The files the gateway, the documents service and its worker share (signature images, generated
 * documents), by key. Writes are atomic: a reader sees the whole file or none, and writing a key
 * again replaces it whole.
 */
export abstract class FileStorage {
  abstract put(key: string, data: Uint8Array | string): Promise<void>;
  /** The file's bytes, or null when there is none under the key. */
  abstract get(key: string): Promise<Buffer | null>;
  abstract exists(key: string): Promise<boolean>;
  /** Removes the file; a missing one is no error. */
  abstract delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/` (e.g. `signatures/<tenant>`); answers whether there was any. */
  abstract deletePrefix(prefix: string): Promise<boolean>;
}

/**
 * The storage as a directory (STORAGE_DIR) every process mounts. A file is written under a temporary
 * name beside its key and renamed over it, so a reader never sees half a file and writers racing on
 * one key leave exactly one complete file.
 */
export class DiskFileStorage extends FileStorage {
  readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  async put(key: string, data: Uint8Array | string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(dirname(path), `.${randomBytes(8).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, data, { mode: 0o640 });
      await rename(temporary, path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  }

  async deletePrefix(prefix: string): Promise<boolean> {
    const path = this.pathOf(prefix);
    const existed = await stat(path).then(
      () => true,
      (error: unknown) => {
        if (isMissing(error)) return false;
        throw error;
      },
    );
    await rm(path, { recursive: true, force: true });
    return existed;
  }

  /** The file of a key, always inside the root (the key's segments are plain names). */
  private pathOf(key: string): string {
    return join(this.root, ...storageKeySegments(key));
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
