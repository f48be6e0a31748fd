import { ArgumentsHost, Catch, HttpException, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { AppError, AppErrorReason, isAppError, makeAppError, reasonForStatus } from '@quotebook/contracts';
import { isUUID } from 'class-validator';
import { Observable, throwError } from 'rxjs';
import { databaseErrorOf, isDatabaseUnavailable, PG_UNIQUE_VIOLATION } from './database-errors';

/** Throw this from a service: it crosses NATS as the AppError it carries. */
export function appError(reason: AppErrorReason, message: string | string[]): RpcException {
  return new RpcException(makeAppError(reason, message));
}

export const notFound = (what: string) => appError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => appError('FORBIDDEN', message);

/** The AppError a failure carries (another service's answer inside an RpcException, or itself), if any. */
export function carriedAppError(error: unknown): AppError | undefined {
  const carried = error instanceof RpcException ? error.getError() : error;
  return isAppError(carried) ? carried : undefined;
}

/** The reason of the AppError a failure carries (e.g. another service's answer), if it carries one. */
export function reasonOf(error: unknown): AppErrorReason | undefined {
  return carriedAppError(error)?.reason;
}

/** Any thrown value as our AppError: the one place that decides what a failure looks like. */
export function toAppError(exception: unknown, logger?: Logger): AppError {
  if (exception instanceof RpcException) {
    const error = exception.getError();
    if (isAppError(error)) return error;
    return makeAppError('INTERNAL', typeof error === 'string' ? error : 'Internal server error');
  }
  if (isAppError(exception)) return exception;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message =
      typeof response === 'object' && response !== null && 'message' in response
        ? (response as { message: string | string[] }).message
        : exception.message;
    return { ...makeAppError(reasonForStatus(status), message), statusCode: status };
  }
  const failedQuery = databaseErrorOf(exception);
  if (failedQuery) {
    const pgCode = failedQuery.code;
    if (pgCode === PG_UNIQUE_VIOLATION) return makeAppError('CONFLICT', 'A record with the same unique value already exists');
    if (pgCode === '22P02' || pgCode === '22007' || pgCode === '22008' || pgCode === '22003') {
      return makeAppError('VALIDATION_FAILED', 'A value has the wrong format');
    }
  }
  if (isDatabaseUnavailable(exception)) {
    // an outage, not a bug: one line, and the caller may try again once the database is back
    logger?.warn(`database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
    return makeAppError('SERVICE_UNAVAILABLE', 'The database is unavailable; try again in a moment');
  }
  logger?.error(exception instanceof Error ? exception.stack ?? exception.message : String(exception));
  return makeAppError('INTERNAL', 'Internal server error');
}

/** Services reply with an AppError for whatever went wrong, so the gateway can keep the status. */
@Catch()
export class AppErrorRpcFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcError');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const error = toAppError(exception, this.logger);
    return throwError(() => error);
  }
}

/** A resource id from a request: something that is no UUID names no resource, so it is not found. */
export function requireResourceId(id: unknown, what: string): string {
  if (typeof id !== 'string' || !isUUID(id)) throw notFound(what);
  return id;
}
