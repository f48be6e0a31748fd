import { BadRequestException, HttpException, Logger, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { makeAppError } from '@quotebook/contracts';
import { httpError, toHttpError } from './http-exception.filter';

describe('toHttpError', () => {
  const logger = new Logger('test');
  beforeAll(() => jest.spyOn(logger, 'error').mockImplementation(() => undefined));

  it('keeps a service AppError status, message and domain reason', () => {
    const error = toHttpError(new RpcException(makeAppError('KEYWORD_TAKEN', 'Keyword already exists')), logger);
    expect(error).toEqual({ statusCode: 409, message: 'Keyword already exists', error: 'Conflict', reason: 'KEYWORD_TAKEN' });
  });

  it('gives the gateway its own reasons: the generic one of the status, or the domain rule it names', () => {
    expect(toHttpError(new BadRequestException(['a']), logger).reason).toBe('VALIDATION_FAILED');
    expect(toHttpError(new UnauthorizedException(), logger).reason).toBe('UNAUTHENTICATED');
    expect(toHttpError(new NotFoundException(), logger).reason).toBe('NOT_FOUND');
    expect(toHttpError(httpError('SESSION_ENDED', 'Session ended'), logger)).toEqual({
      statusCode: 401,
      message: 'Session ended',
      error: 'Unauthorized',
      reason: 'SESSION_ENDED',
    });
    expect(toHttpError(new HttpException('Request body is too large', 413), logger).reason).toBe('PAYLOAD_TOO_LARGE');
  });

  it('turns a service crash into 502, never 500', () => {
    expect(toHttpError(new RpcException(makeAppError('INTERNAL', 'boom')), logger).statusCode).toBe(502);
    expect(toHttpError(new RpcException('odd'), logger).statusCode).toBe(502);
  });

  it("keeps the customer loop's answers: an expired link 410, the mailer down 503", () => {
    expect(toHttpError(new RpcException(makeAppError('LINK_EXPIRED', 'expired')), logger)).toEqual({
      statusCode: 410,
      message: 'expired',
      error: 'Gone',
      reason: 'LINK_EXPIRED',
    });
    expect(toHttpError(new RpcException(makeAppError('MAILER_UNAVAILABLE', 'down')), logger)).toEqual(
      expect.objectContaining({ statusCode: 503, reason: 'MAILER_UNAVAILABLE' }),
    );
    expect(toHttpError(new RpcException(makeAppError('ALREADY_ANSWERED', 'once')), logger).statusCode).toBe(409);
  });

  it('keeps 503 and 504 from the bus', () => {
    expect(toHttpError(new RpcException(makeAppError('SERVICE_UNAVAILABLE', 'down')), logger).statusCode).toBe(503);
    expect(toHttpError(new RpcException(makeAppError('SERVICE_TIMEOUT', 'slow')), logger).statusCode).toBe(504);
  });

  it('keeps Nest HTTP exceptions with a reason phrase', () => {
    expect(toHttpError(new UnauthorizedException(), logger)).toEqual(
      expect.objectContaining({ statusCode: 401, error: 'Unauthorized' }),
    );
    expect(toHttpError(new BadRequestException(['a', 'b']), logger).message).toEqual(['a', 'b']);
  });

  it("answers a URL the router cannot read with a 400, and no other error of the framework's with its status", () => {
    const badUrl = Object.assign(new Error("'/api/%E0' is not a valid url component"), { code: 'FST_ERR_BAD_URL', statusCode: 400 });
    expect(toHttpError(badUrl, logger)).toEqual({ statusCode: 400, message: 'Malformed URL', error: 'Bad Request', reason: 'VALIDATION_FAILED' });
    expect(toHttpError(Object.assign(new Error('odd'), { statusCode: 418 }), logger).statusCode).toBe(500);
  });
});
