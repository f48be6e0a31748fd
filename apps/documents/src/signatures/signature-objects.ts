import { SIGNATURE_OBJECT_PATH, type SignatureUploadClaim } from '@quotebook/contracts';
import { isUUID } from 'class-validator';
import { createHash, randomBytes } from 'node:crypto';

export type SignatureExtension = SignatureUploadClaim['extension'];

/** Where a signature image is, for a template (`signatureImagePath`) and in the shared storage. */
export interface SignatureObject {
  tenantId: string;
  objectId: string;
  extension: SignatureExtension;
}

export const objectPathOf = ({ tenantId, objectId, extension }: SignatureObject) => `/objects/signatures/${tenantId}/${objectId}.${extension}`;
export const storageKeyOf = ({ tenantId, objectId, extension }: SignatureObject) => `signatures/${tenantId}/${objectId}.${extension}`;

/** The object a `signatureImagePath` names, or null when it names none. */
export function parseObjectPath(path: string): SignatureObject | null {
  if (!SIGNATURE_OBJECT_PATH.test(path)) return null;
  const [, , , tenantId, file] = path.split('/');
  const [objectId, extension] = file.split('.');
  return { tenantId, objectId, extension: extension as SignatureExtension };
}

/** The upload URL's path; its last segment is the token. */
export const UPLOAD_URL_PATH = '/api/uploads/signatures/';

/**
 * A signed upload URL's token: the agency's id (so the claim knows which agency's rows to look in)
 * and 32 random bytes, base64url: 64 characters. Only its hash is kept.
 */
export function newUploadToken(tenantId: string): string {
  return Buffer.concat([Buffer.from(tenantId.replace(/-/g, ''), 'hex'), randomBytes(32)]).toString('base64url');
}

const TOKEN = /^[A-Za-z0-9_-]{64}$/;

/**
 * The agency a token was issued to, or null for anything that is no token: a string of the token's
 * form whose first bytes are no agency id (no UUID) is as invalid as any other.
 */
export function tenantOfToken(token: unknown): string | null {
  if (typeof token !== 'string' || !TOKEN.test(token)) return null;
  const hex = Buffer.from(token, 'base64url').subarray(0, 16).toString('hex');
  const tenantId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return isUUID(tenantId) ? tenantId : null;
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The token of an upload URL exactly as it was issued (`/api/uploads/signatures/<token>`), or null for
 * anything else: another host or scheme, a path that only resolves to it, a query or a fragment.
 */
export function tokenOfUploadUrl(uploadUrl: string): string | null {
  if (!uploadUrl.startsWith(UPLOAD_URL_PATH)) return null;
  const token = uploadUrl.slice(UPLOAD_URL_PATH.length);
  return tenantOfToken(token) ? token : null;
}
