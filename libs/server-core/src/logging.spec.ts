import { Logger } from '@nestjs/common';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { createProcessLogger, isoTimeField, LOG_BATCH_BYTES, LOG_FLUSH_MS, nestLoggerOf, pinoLevelOf, productionOutput, REDACTED } from './logging';
import { runWithRequestContext } from './request-context';

/** A destination that keeps what the logger writes. */
function capture() {
  const written: string[] = [];
  return {
    destination: { write: (line: string) => void written.push(line) },
    text: () => written.join(''),
    lines: () => written.join('').split('\n').filter(Boolean),
    json: () =>
      written
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe(createProcessLogger.name, () => {
  // a production logger takes over Node's warnings: the test runner's own listeners come back after
  const warningListeners = process.listeners('warning');
  afterAll(() => {
    process.removeAllListeners('warning');
    for (const listener of warningListeners) process.on('warning', listener);
  });

  describe('in production', () => {
    it('writes one JSON object a line with the service, the level by name and the time', () => {
      const output = capture();
      const sut = createProcessLogger({ service: 'catalogue', nodeEnv: 'production', destination: output.destination });

      sut.info('listening');
      sut.warn({ context: 'Products' }, 'slow list');

      expect(output.json()).toEqual([
        expect.objectContaining({ service: 'catalogue', level: 'info', msg: 'listening', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }),
        expect.objectContaining({ service: 'catalogue', level: 'warn', context: 'Products', msg: 'slow list' }),
      ]);
    });

    it("carries the request's id on every line written while working for it, and none outside", async () => {
      const output = capture();
      const sut = createProcessLogger({ service: 'quoting', nodeEnv: 'production', destination: output.destination });

      await runWithRequestContext({ requestId: 'req-42' }, async () => {
        sut.info('first');
        await new Promise((resolve) => setTimeout(resolve, 1));
        sut.info('after a wait');
      });
      sut.info('outside');

      expect(output.json().map(({ msg, requestId }) => ({ msg, requestId }))).toEqual([
        { msg: 'first', requestId: 'req-42' },
        { msg: 'after a wait', requestId: 'req-42' },
        { msg: 'outside', requestId: undefined },
      ]);
    });

    it('never writes a password, a token, a header with credentials or a personal field', () => {
      const output = capture();
      const sut = createProcessLogger({ service: 'identity', nodeEnv: 'production', destination: output.destination });
      const secrets = ['s3cret-Passw0rd', 'eyJhbGciOiJIUzI1NiJ9.payload.signature', 'mario.rossi@example.com', '+39 333 1234567', 'RSSMRA80A01H501U', 'IT01234567890'];

      sut.info({ password: secrets[0], accessToken: secrets[1], email: secrets[2] }, 'top level');
      sut.info({ phone: secrets[3], fiscalCode: secrets[4], vatNumber: secrets[5], newPassword: secrets[0] }, 'more fields');
      sut.info({ req: { method: 'GET', headers: { authorization: `Bearer ${secrets[1]}`, cookie: `session=${secrets[1]}` } } }, 'headers');
      sut.info({ res: { headers: { 'set-cookie': `session=${secrets[1]}` } } }, 'answer');
      sut.error({ err: Object.assign(new Error('duplicate key'), { query: `INSERT ... '${secrets[2]}'`, parameters: [secrets[2]] }) }, 'a failed query');

      const text = output.text();
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(output.json()[1]).toEqual(expect.objectContaining({ phone: REDACTED, fiscalCode: REDACTED, vatNumber: REDACTED, newPassword: REDACTED }));
      expect(output.json()[2]).toEqual(expect.objectContaining({ req: { method: 'GET', headers: { authorization: REDACTED, cookie: REDACTED } } }));
    });

    it("writes Node's own warnings (a dependency's deprecation) as lines of the log, not as text", () => {
      const output = capture();
      createProcessLogger({ service: 'quoting', nodeEnv: 'production', destination: output.destination });

      // what process.emitWarning() emits (the test runner's process object does not pass its own on)
      process.emit('warning', Object.assign(new Error('Calling this twice is deprecated'), { name: 'DeprecationWarning', code: 'DEP0999' }));

      expect(output.json()).toEqual([
        expect.objectContaining({ level: 'warn', service: 'quoting', warning: 'DeprecationWarning', code: 'DEP0999', msg: 'Calling this twice is deprecated' }),
      ]);
    });

    it("follows LOG_LEVEL's thresholds, in Nest's names", () => {
      const output = capture();
      const sut = createProcessLogger({ service: 'tenancy', nodeEnv: 'production', logLevel: 'warn', destination: output.destination });

      sut.info('not written');
      sut.warn('written');

      expect(output.json().map(({ msg }) => msg)).toEqual(['written']);
    });
  });

  describe('outside production', () => {
    it('writes readable text, one line each, with the service, the context and the request id', () => {
      const output = capture();
      const sut = createProcessLogger({ service: 'documents', nodeEnv: 'development', destination: output.destination });

      runWithRequestContext({ requestId: 'req-7' }, () => sut.info({ context: 'DocumentQueue' }, 'render queued'));

      expect(output.lines()).toHaveLength(1);
      expect(output.lines()[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: documents \[DocumentQueue\] render queued \{"requestId":"req-7"\}$/);
      expect(() => JSON.parse(output.lines()[0])).toThrow();
    });
  });
});

describe(isoTimeField.name, () => {
  it("writes pino's time field exactly as its isoTime would, for any instant, in any order", () => {
    const isoTime = (now: number) => `,"time":"${new Date(now).toISOString()}"`;
    // within one second, across seconds and days, back and forth, and years a line will never see
    const instant = fc.oneof(fc.integer({ min: 1_700_000_000_000, max: 1_700_000_003_000 }), fc.integer({ min: -62_198_755_200_000, max: 253_402_300_799_999 }));
    fc.assert(fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), (instants) => instants.every((now) => isoTimeField(now) === isoTime(now))));
    for (const now of [0, 999, 1000, 1_700_000_000_009, 1_700_000_000_010, 1_700_000_000_099, 1_700_000_000_100, -1, -62_198_755_200_001]) {
      expect(isoTimeField(now)).toBe(isoTime(now));
    }
  });
});

describe(pinoLevelOf.name, () => {
  it.each([
    ['fatal', 'fatal'],
    ['error', 'error'],
    ['warn', 'warn'],
    ['log', 'info'],
    ['debug', 'debug'],
    ['verbose', 'trace'],
    [undefined, 'info'],
  ])('maps LOG_LEVEL %s to pino %s', (given, expected) => {
    expect(pinoLevelOf(given)).toBe(expected);
  });
});

describe(nestLoggerOf.name, () => {
  const output = capture();
  const logger = createProcessLogger({ service: 'gateway', nodeEnv: 'production', logLevel: 'debug', destination: output.destination });

  beforeAll(() => Logger.overrideLogger(nestLoggerOf(logger)));
  afterAll(() => Logger.overrideLogger(['log', 'warn', 'error']));

  it("writes every Nest Logger's lines through pino, with their context, level and request id", () => {
    runWithRequestContext({ requestId: 'req-9' }, () => new Logger('RpcClient').log('asked'));
    new Logger('RpcClient').debug('detail');
    new Logger('RpcClient').verbose('below the level');
    new Logger('ExceptionsHandler').error('boom', 'Error: boom\n    at handler (main.js:1:1)');

    expect(output.json()).toEqual([
      expect.objectContaining({ level: 'info', service: 'gateway', context: 'RpcClient', msg: 'asked', requestId: 'req-9' }),
      expect.objectContaining({ level: 'debug', context: 'RpcClient', msg: 'detail' }),
      expect.objectContaining({ level: 'error', context: 'ExceptionsHandler', err: expect.objectContaining({ message: 'boom', stack: expect.stringContaining('at handler') }) }),
    ]);
  });
});

describe(productionOutput.name, () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'log-output-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const linesIn = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('gathers short lines and writes them together within the flush interval', async () => {
    const file = path.join(directory, 'short.log');
    const output = productionOutput(file) as ReturnType<typeof productionOutput> & { end(): void };
    const logger = createProcessLogger({ service: 'gateway', nodeEnv: 'production', destination: output });
    for (let i = 0; i < 3; i += 1) logger.info({ i }, 'request completed');
    await settle(20);
    expect(linesIn(file)).toEqual([]);
    await settle(LOG_FLUSH_MS * 4);
    expect(linesIn(file).map((line) => (JSON.parse(line) as { i: number }).i)).toEqual([0, 1, 2]);
    output.end();
  });

  it('writes a batch as soon as it holds enough bytes, without waiting for the interval', async () => {
    const file = path.join(directory, 'long.log');
    const output = productionOutput(file) as ReturnType<typeof productionOutput> & { end(): void };
    const logger = createProcessLogger({ service: 'gateway', nodeEnv: 'production', destination: output });
    const lines = Math.ceil(LOG_BATCH_BYTES / 100) + 1;
    for (let i = 0; i < lines; i += 1) logger.info({ filler: 'x'.repeat(100) }, 'request completed');
    await settle(Math.min(50, LOG_FLUSH_MS / 4));
    expect(linesIn(file).length).toBeGreaterThan(0);
    output.end();
  });
});
