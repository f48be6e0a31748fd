import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import {
  AppError,
  AppErrorReason,
  isAppError,
  isAppErrorReason,
  makeAppError,
  reasonForStatus,
  statusForReason,
} from '@quotebook/contracts';
import type { Response } from 'express';

/** A gateway failure that names its domain rule: answered with that reason and its status. */
export function httpError(reason: AppErrorReason, message: string | string[]): HttpException {
  const error = makeAppError(reason, message);
  return new HttpException(error, error.statusCode);
}

/** What the gateway answers for anything that went wrong: `{ statusCode, message, error, reason }`. */
export function toHttpError(exception: unknown, logger: Logger): AppError {
  if (exception instanceof RpcException) {
    const error = exception.getError();
    if (isAppError(error)) {
      // a 500 from a service means a bug there; the client sees 502 (a neighbour failed), not our 500
      return error.statusCode >= 500 && error.statusCode !== 503 && error.statusCode !== 504
        ? makeAppError('BAD_GATEWAY', 'A service failed to answer the request')
        : error;
    }
    return makeAppError('BAD_GATEWAY', 'A service failed to answer the request');
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const body = typeof response === 'string' ? { message: response } : (response as Partial<AppError>);
    const reason = isAppErrorReason(body.reason) ? body.reason : reasonForStatus(status);
    return {
      reason,
      statusCode: status,
      message: body.message ?? exception.message,
      error: body.error ?? (reason === 'INTERNAL' ? exception.name : statusForReason(reason).error),
    };
  }
  // express body-parser failures carry a status: 400 malformed JSON, 413 body over the limit
  const status = (exception as { status?: number; type?: string } | null)?.status;
  if (status === 413) return makeAppError('PAYLOAD_TOO_LARGE', 'Request body is larger than 1 MB');
  if (status === 400) return makeAppError('VALIDATION_FAILED', 'Malformed JSON in request body');
  if (status === 415) return makeAppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported request body encoding');
  logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return makeAppError('INTERNAL', 'Internal server error');
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const error = toHttpError(exception, this.logger);
    if (exception instanceof HttpException && 'retryAfterSeconds' in exception) {
      response.setHeader('Retry-After', String((exception as { retryAfterSeconds: number }).retryAfterSeconds));
    }
    if (response.headersSent) return;
    response
      .status(error.statusCode)
      .json({ statusCode: error.statusCode, message: error.message, error: error.error, reason: error.reason });
  }
}
