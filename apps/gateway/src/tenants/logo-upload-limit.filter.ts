import { ArgumentsHost, Catch, ExceptionFilter, PayloadTooLargeException } from '@nestjs/common';
import type { Response } from 'express';
import { LOGO_TOO_LARGE } from './logo-storage.service';

/** Multer stops a logo over 5 MB with its own words; answer with the product's text instead. */
@Catch(PayloadTooLargeException)
export class LogoUploadLimitFilter implements ExceptionFilter {
  catch(_exception: PayloadTooLargeException, host: ArgumentsHost): void {
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(413)
      .json({ statusCode: 413, message: LOGO_TOO_LARGE, error: 'Payload Too Large', reason: 'PAYLOAD_TOO_LARGE' });
  }
}
