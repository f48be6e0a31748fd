import { HttpException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { readLogoUpload } from './logo-upload';
import { MAX_LOGO_BYTES } from './logo-storage.service';

/** A multipart request whose one file part reads as `bytes`, marked truncated or not by the reader. */
function requestWith(bytes: Buffer, truncated: boolean, fieldname = 'logo'): FastifyRequest {
  const part = { fieldname, file: { truncated, resume: () => undefined }, toBuffer: async () => bytes };
  return { isMultipart: () => true, file: async () => part } as unknown as FastifyRequest;
}

describe('readLogoUpload', () => {
  it('returns the bytes of a file within the limit', async () => {
    const logo = await readLogoUpload(requestWith(Buffer.from('png'), false));
    expect(logo).toEqual({ buffer: Buffer.from('png'), size: 3 });
  });

  it('refuses with 413 a file the reader cut at the limit without an error (the limit on a chunk boundary)', async () => {
    const cut = Buffer.alloc(MAX_LOGO_BYTES);
    const refusal = await readLogoUpload(requestWith(cut, true)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpException);
    expect((refusal as HttpException).getStatus()).toBe(413);
    expect((refusal as HttpException).getResponse()).toMatchObject({ message: 'File size must be less than 5MB' });
  });

  it('refuses a file in another field with 400 naming the field to use', async () => {
    const refusal = await readLogoUpload(requestWith(Buffer.from('png'), false, 'image')).catch((error: unknown) => error);
    expect((refusal as HttpException).getStatus()).toBe(400);
    expect((refusal as HttpException).message).toContain('"logo"');
  });
});
