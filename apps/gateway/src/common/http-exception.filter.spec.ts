import { BadRequestException, HttpException, Logger, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { makeAppError } from '@quotebook/contracts';
import Fastify from 'fastify';
import net, { type AddressInfo } from 'node:net';
import { clientErrorAnswer, httpError, toHttpError } from './http-exception.filter';

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

describe(clientErrorAnswer.name, () => {
  const server = Fastify({ clientErrorHandler: clientErrorAnswer });
  server.get('/api/thing', async () => ({ ok: true }));
  let port = 0;
  beforeAll(async () => {
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  /** What the server writes back for `request`, until it closes the connection. */
  const rawAnswer = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });

  it('answers headers past the limit with 431 and closes the connection, saying so', async () => {
    const answer = await rawAnswer(`GET /api/thing?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1])).toEqual({ statusCode: 431, message: 'The request line and headers are too large', error: 'Request Header Fields Too Large' });
  });

  it('answers a request it cannot read with 400 and closes the connection, saying so', async () => {
    const answer = await rawAnswer('GET /api/thing HTTP/1.1\r\nHost: localhost\r\nBroken header\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]).statusCode).toBe(400);
  });

  it('still answers a readable request on a kept connection', async () => {
    expect((await rawAnswer('GET /api/thing HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  });
});
