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
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { FILE_NOT_FOUND, UPLOADS_PATH } from '../web/spa';
import { isUnderPath } from './paths';

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
  // a URL the router cannot read (the framework's own refusals before any route; the rest reach here as HttpExceptions)
  if ((exception as { code?: string } | null)?.code === 'FST_ERR_BAD_URL') return makeAppError('VALIDATION_FAILED', 'Malformed URL');
  logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return makeAppError('INTERNAL', 'Internal server error');
}

/** Answers an error as `{ statusCode, message, error, reason }`, with its Retry-After when it has one. */
function answer(reply: FastifyReply, exception: unknown, logger: Logger): void {
  const error = toHttpError(exception, logger);
  if (reply.sent) return;
  if (exception instanceof HttpException && 'retryAfterSeconds' in exception) {
    reply.header('Retry-After', String((exception as { retryAfterSeconds: number }).retryAfterSeconds));
  }
  void reply.status(error.statusCode).send({ statusCode: error.statusCode, message: error.message, error: error.error, reason: error.reason });
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    answer(host.switchToHttp().getResponse<FastifyReply>(), exception, this.logger);
  }
}

/**
 * The answer to a request whose URL the router cannot read (a broken percent escape): under /uploads
 * the same 404 as any file not found, elsewhere a 400.
 */
export function frameworkErrorAnswer(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (isUnderPath(request.url, UPLOADS_PATH)) return void reply.status(404).send(FILE_NOT_FOUND);
  answer(reply, error, new Logger('HttpError'));
}

/** What a request the HTTP parser cannot read is told, by the code of the parser's error. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request line and headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
};
const MALFORMED_REQUEST = { status: 400, message: 'The request could not be read' };

/**
 * The answer to a request the HTTP parser cannot read (headers past the size limit, a malformed
 * request line), written on the connection before it is closed, as Node itself answers them: with
 * `Connection: close`, so that a client never sends its next request on a connection that is going
 * away (Fastify's own answer leaves it out, and a client reusing the connection then fails with
 * "other side closed").
 */
export function clientErrorAnswer(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED_REQUEST;
  const reason = STATUS_CODES[status] ?? 'Bad Request';
  const body = JSON.stringify({ statusCode: status, message, error: reason });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  socket.destroySoon();
}
