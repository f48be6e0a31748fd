import type { SignatureUploadClaim } from '@quotebook/contracts';
import { detectImageKind } from '../tenants/logo-storage.service';

export type SignatureExtension = SignatureUploadClaim['extension'];

/** A signature image's type, told by its first bytes (PNG, JPEG, GIF or WebP), whatever it was sent as. */
export function signatureExtensionOf(bytes: Buffer): SignatureExtension | null {
  const kind = detectImageKind(bytes);
  if (kind) return kind;
  const isWebp = bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  return isWebp ? 'webp' : null;
}

/** How each image type is served. */
export const SIGNATURE_CONTENT_TYPES: Record<SignatureExtension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** A signature file as templates name it: `<uuid>.<png|jpg|gif|webp>`. */
export const SIGNATURE_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

/** An upload URL's token: 64 URL-safe base64 characters. */
export const UPLOAD_TOKEN = /^[A-Za-z0-9_-]{64}$/;
