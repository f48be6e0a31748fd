import { BadRequestException, Logger, UnauthorizedException } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { makeAppError } from '@quotebook/contracts';
import { toHttpError } from './http-exception.filter';

describe('toHttpError', () => {
  const logger = new Logger('test');
  beforeAll(() => jest.spyOn(logger, 'error').mockImplementation(() => undefined));

  it('keeps a service AppError status and message', () => {
    const error = toHttpError(new RpcException(makeAppError('CONFLICT', 'Keyword already exists')), logger);
    expect(error).toEqual(expect.objectContaining({ statusCode: 409, message: 'Keyword already exists', error: 'Conflict' }));
  });

  it('turns a service crash into 502, never 500', () => {
    expect(toHttpError(new RpcException(makeAppError('INTERNAL', 'boom')), logger).statusCode).toBe(502);
    expect(toHttpError(new RpcException('odd'), logger).statusCode).toBe(502);
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

  it('maps body-parser failures: 413 too large, 400 malformed', () => {
    expect(toHttpError(Object.assign(new Error('too large'), { status: 413 }), logger).statusCode).toBe(413);
    expect(toHttpError(Object.assign(new SyntaxError('bad json'), { status: 400 }), logger).statusCode).toBe(400);
  });
});
