import { MESSAGES, SIGNATURE_MAX_BYTES, SIGNATURE_TYPES } from '@quotebook/domain';

/** Why an upload stopped, as the alert names it. */
export const SIGNATURE_UPLOAD_REASONS = {
  uploadUrl: 'Failed to get upload URL',
  upload: 'Failed to upload file',
  normalize: 'Failed to normalize path',
  signedOut: 'User not authenticated or tenant not found',
} as const;

export function uploadFailedText(reason: string): string {
  return `Errore durante il caricamento del file: ${reason}`;
}

export const SIGNATURE_ACCEPT = SIGNATURE_TYPES.join(',');

/** The checks the gateway makes too (an image it can tell, at most 1 MB), done first so a wrong file never travels. */
export function signatureFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(SIGNATURE_TYPES as readonly string[]).includes(file.type)) return MESSAGES.signatureNotImage;
  if (file.size > SIGNATURE_MAX_BYTES) return MESSAGES.signatureTooLarge;
  return null;
}

export class SignatureUploadError extends Error {
  constructor(readonly reason: string) {
    super(uploadFailedText(reason));
  }
}

/** The three calls of an upload: a signed URL, the file sent to it, and the path a template keeps. */
export interface SignatureUploadCalls {
  /** false when nobody is signed in or the agency is unknown */
  signedIn: boolean;
  uploadUrl: () => Promise<string>;
  put: (uploadURL: string, file: File) => Promise<Response>;
  normalize: (uploadURL: string) => Promise<string>;
}

async function step<T>(reason: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw new SignatureUploadError(reason);
  }
}

/**
 * Uploads a signature image: a single-use upload URL, a PUT of the file to it with its content type
 * (the URL is the permission: no bearer), then the object path a template stores. Rejects with a
 * `SignatureUploadError` naming the step that failed.
 */
export async function uploadSignature(file: File, calls: SignatureUploadCalls): Promise<string> {
  if (!calls.signedIn) throw new SignatureUploadError(SIGNATURE_UPLOAD_REASONS.signedOut);
  const uploadURL = await step(SIGNATURE_UPLOAD_REASONS.uploadUrl, calls.uploadUrl);
  await step(SIGNATURE_UPLOAD_REASONS.upload, async () => {
    const response = await calls.put(uploadURL, file);
    if (!response.ok) throw new Error(`${response.status}`);
  });
  return step(SIGNATURE_UPLOAD_REASONS.normalize, () => calls.normalize(uploadURL));
}

/** Sends the file to its upload URL (a path of the gateway) as it is, with its own content type. */
export function putToUploadUrl(uploadURL: string, file: File): Promise<Response> {
  return fetch(new URL(uploadURL, window.location.origin), { method: 'PUT', body: file, headers: { 'Content-Type': file.type } });
}
