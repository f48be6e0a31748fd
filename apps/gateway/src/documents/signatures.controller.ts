import { Controller, Get, HttpCode, HttpException, NotFoundException, Param, type PipeTransform, Put, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ObjectPathView, SIGNATURE_CLAIM_UPLOAD } from '@quotebook/contracts';
import { DOCUMENT_MESSAGES, MESSAGES } from '@quotebook/domain';
import { FileStorage, RpcClient } from '@quotebook/server-core';
import type { FastifyReply as Response } from 'fastify';
import { httpError } from '../common/http-exception.filter';
import { Public } from '../common/principal.decorator';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';
import { BINARY } from './document-files';
import { SIGNATURE_CONTENT_TYPES, SIGNATURE_FILE, signatureExtensionOf, type SignatureExtension, UPLOAD_TOKEN } from './signature-images';
import type { SignatureUploadRequest } from './signature-upload-body';

/** Anything but an upload token in the URL is an invalid upload URL (400). */
class UploadTokenPipe implements PipeTransform<string, string> {
  transform(token: string): string {
    if (!UPLOAD_TOKEN.test(token)) throw httpError('UPLOAD_URL_INVALID', DOCUMENT_MESSAGES.uploadUrlInvalid);
    return token;
  }
}

const signatureNotFound = () => new NotFoundException(DOCUMENT_MESSAGES.signatureNotFound);

/** Anything but a signature file's name names no signature (404). */
class SignatureFilePipe implements PipeTransform<string, string> {
  transform(file: string): string {
    if (!SIGNATURE_FILE.test(file)) throw signatureNotFound();
    return file;
  }
}

const IMAGES = Object.fromEntries(Object.values(SIGNATURE_CONTENT_TYPES).map((type) => [type, BINARY]));

/**
 * Signature images: PUT to a signed upload URL (no bearer, the URL is the permission), and read back
 * by the agency's users only.
 */
@ApiTags('quote-templates')
@Controller()
export class SignaturesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly storage: FileStorage,
  ) {}

  @Public()
  @Put('uploads/signatures/:token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Uploads the signature image of a signed upload URL (once, before it expires): PNG, JPEG, GIF or WebP, at most 1 MB.' })
  @ApiParam({ name: 'token', schema: { type: 'string', pattern: UPLOAD_TOKEN.source } })
  @ApiConsumes(...Object.values(SIGNATURE_CONTENT_TYPES), 'application/octet-stream')
  @ApiBody({ description: 'the image file itself, as sent by the browser', required: true, schema: BINARY.schema })
  async upload(@Param('token', new UploadTokenPipe()) token: string, @Req() request: SignatureUploadRequest): Promise<ObjectPathView> {
    const upload = request.signatureUpload;
    if (upload?.tooLarge) {
      throw new HttpException({ statusCode: 413, message: MESSAGES.signatureTooLarge, error: 'Payload Too Large', reason: 'PAYLOAD_TOO_LARGE' }, 413);
    }
    const extension = upload ? signatureExtensionOf(upload.bytes) : null;
    if (!upload || !extension) {
      throw new HttpException({ statusCode: 415, message: MESSAGES.signatureNotImage, error: 'Unsupported Media Type', reason: 'UNSUPPORTED_MEDIA_TYPE' }, 415);
    }
    // the file is checked before the URL is used up: a wrong file leaves the URL for the right one
    const claimed = await this.rpc.send(SIGNATURE_CLAIM_UPLOAD, { token, extension });
    await this.storage.put(claimed.storageKey, upload.bytes);
    return { objectPath: claimed.objectPath };
  }

  @Get('tenants/:tenantId/objects/signatures/:file')
  @ApiOperation({ summary: "A signature image of the agency, for the agency's users." })
  @ApiParam({ name: 'file', schema: { type: 'string', pattern: SIGNATURE_FILE.source } })
  @ApiOkResponse({ description: 'the image', content: IMAGES })
  async read(
    @CurrentScope() { tenantId }: TenantScope,
    @Param('file', new SignatureFilePipe()) file: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const bytes = await this.storage.get(`signatures/${tenantId}/${file}`);
    if (!bytes) throw signatureNotFound();
    response.header('Cache-Control', 'private, max-age=3600');
    response.header('X-Content-Type-Options', 'nosniff');
    const extension = file.slice(file.lastIndexOf('.') + 1) as SignatureExtension;
    return new StreamableFile(bytes, { type: SIGNATURE_CONTENT_TYPES[extension], length: bytes.length });
  }
}
