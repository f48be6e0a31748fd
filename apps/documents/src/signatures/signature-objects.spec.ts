import { randomUUID } from 'node:crypto';
import { newUploadToken, objectPathOf, parseObjectPath, storageKeyOf, tenantOfToken, tokenHash, tokenOfUploadUrl } from './signature-objects';

describe('signature objects and upload tokens', () => {
  const tenantId = randomUUID();

  it('makes a 64-character URL-safe token that names its agency, different every time', () => {
    const token = newUploadToken(tenantId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(tenantOfToken(token)).toBe(tenantId);
    expect(newUploadToken(tenantId)).not.toBe(token);
    expect(tokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([undefined, 42, '', 'short', `${'a'.repeat(63)}!`, 'a'.repeat(65), 'Z'.repeat(64), 'QUOTEBOOK'.repeat(8).slice(0, 64)])('reads no agency from %j', (token) => {
    expect(tenantOfToken(token)).toBeNull();
  });

  it('reads the token of an upload URL only from the very path it was issued as', () => {
    const token = newUploadToken(tenantId);
    expect(tokenOfUploadUrl(`/api/uploads/signatures/${token}`)).toBe(token);
  });

  it.each([
    (token: string) => `http://evil.example/api/uploads/signatures/${token}`,
    (token: string) => `https://agency.example/api/uploads/signatures/${token}`,
    (token: string) => `file:///api/uploads/signatures/${token}`,
    (token: string) => `//evil.example/api/uploads/signatures/${token}`,
    (token: string) => `/api/uploads/signatures/../signatures/${token}`,
    (token: string) => `/api/uploads/signatures/./${token}`,
    (token: string) => `/api/uploads//signatures/${token}`,
    (token: string) => `/API/uploads/signatures/${token}`,
    (token: string) => `/api/uploads/signatures/${token}?x=1`,
    (token: string) => `/api/uploads/signatures/${token}#x`,
    (token: string) => ` /api/uploads/signatures/${token}`,
    (token: string) => `/api/uploads/signatures/${token}/more`,
    (token: string) => `/api/uploads/logos/${token}`,
    (token: string) => `/api/uploads/signatures/${encodeURIComponent(token).replace(/[A-Za-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
    () => 'http://[bad',
  ])('reads no token from anything else: %p', (uploadUrl) => {
    expect(tokenOfUploadUrl(uploadUrl(newUploadToken(tenantId)))).toBeNull();
  });

  it('names an object by path and by storage key, and reads the path back', () => {
    const object = { tenantId, objectId: randomUUID(), extension: 'png' as const };
    expect(objectPathOf(object)).toBe(`/objects/signatures/${tenantId}/${object.objectId}.png`);
    expect(storageKeyOf(object)).toBe(`signatures/${tenantId}/${object.objectId}.png`);
    expect(parseObjectPath(objectPathOf(object))).toEqual(object);
    expect(parseObjectPath(`/objects/signatures/${tenantId}/../x.png`)).toBeNull();
    expect(parseObjectPath(`/objects/logos/${tenantId}/${object.objectId}.png`)).toBeNull();
  });
});
