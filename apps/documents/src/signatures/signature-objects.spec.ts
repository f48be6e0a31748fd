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

  it.each([undefined, 42, '', 'short', `${'a'.repeat(63)}!`, 'a'.repeat(65)])('reads no agency from %j', (token) => {
    expect(tenantOfToken(token)).toBeNull();
  });

  it('reads the token of an upload URL, as a path or a whole URL', () => {
    const token = newUploadToken(tenantId);
    expect(tokenOfUploadUrl(`/api/uploads/signatures/${token}`)).toBe(token);
    expect(tokenOfUploadUrl(`https://agency.example/api/uploads/signatures/${token}?x=1`)).toBe(token);
    expect(tokenOfUploadUrl(`/api/uploads/logos/${token}`)).toBeNull();
    expect(tokenOfUploadUrl(`/api/uploads/signatures/${token}/more`)).toBeNull();
    expect(tokenOfUploadUrl('http://[bad')).toBeNull();
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
