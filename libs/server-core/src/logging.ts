import { hostname } from 'node:os';
import type { LoggerService } from '@nestjs/common';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import type { PrettyOptions } from 'pino-pretty';
import { currentRequestId } from './request-context';

/*
 * One pino logger per process. In production every line is one JSON object: `level`, `time`,
 * `service`, `hostname`, `pid`, `msg`, the Nest `context` when there is one, and `requestId` whenever
 * the line is written while working for a request (the id the gateway gave it, carried over NATS and
 * BullMQ). Elsewhere the same lines are printed as readable text.
 */

/** LOG_LEVEL speaks Nest's level names; the same thresholds in pino's. */
const PINO_LEVELS: Record<string, Level> = { fatal: 'fatal', error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };

/** The pino level of a LOG_LEVEL value; `log` (pino's `info`) for anything else. */
export function pinoLevelOf(logLevel: string | undefined): Level {
  return PINO_LEVELS[logLevel ?? 'log'] ?? 'info';
}

/**
 * Fields that hold a secret or a personal detail. No request or message body is ever logged; these
 * are replaced where a logged object may carry them, so that an object logged by mistake still leaks
 * none of them: its own fields, the request's and the answer's headers, and a failed query's values.
 * Only named paths: a wildcard path makes pino inspect every line, at several times the cost of one.
 */
export const REDACTED_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'accessToken',
  'secret',
  'authorization',
  'cookie',
  'email',
  'referenceEmail',
  'cc',
  'phone',
  'fiscalCode',
  'vatNumber',
  'address',
  'firstName',
  'lastName',
  'customerName',
] as const;

export const REDACTED_PATHS = [
  ...REDACTED_FIELDS,
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'err.parameters',
  'err.query',
];

export const REDACTED = '[redacted]';

export interface ProcessLoggerOptions {
  /** the process: gateway, identity, tenancy, catalogue, quoting, documents, documents-worker */
  service: string;
  /** LOG_LEVEL, in Nest's level names */
  logLevel?: string;
  /** NODE_ENV: JSON lines in production, readable text otherwise */
  nodeEnv?: string;
  /** where the lines go: standard output when absent */
  destination?: DestinationStream;
}

/** The request a line is written for, read when it is written (a fresh object: pino merges into it). */
function requestIdField(): { requestId?: string } {
  const requestId = currentRequestId();
  return requestId === undefined ? {} : { requestId };
}

let secondShown = Number.NaN;
let secondText = '';

/**
 * pino's `time` field as its isoTime writes it (`,"time":"2026-11-29T19:45:12.034Z"`), with the date and
 * the time to the second worked out once per second: a line costs a clock read and the milliseconds.
 */
export function isoTimeField(now = Date.now()): string {
  const second = Math.floor(now / 1000);
  if (second !== secondShown) {
    // "2026-11-29T19:45:12." (a year past 9999 or before 0 is written otherwise: the whole text, then)
    const text = new Date(second * 1000).toISOString();
    if (text.length !== 24) return `,"time":"${new Date(now).toISOString()}"`;
    secondShown = second;
    secondText = text.slice(0, 20);
  }
  const milliseconds = now - second * 1000;
  return `,"time":"${secondText}${milliseconds < 10 ? '00' : milliseconds < 100 ? '0' : ''}${milliseconds}Z"`;
}

/** The process's pino logger. */
export function createProcessLogger(options: ProcessLoggerOptions): Logger {
  const production = options.nodeEnv === 'production';
  const logger = pino(
    {
      level: pinoLevelOf(options.logLevel),
      base: { service: options.service, hostname: hostname(), pid: process.pid },
      timestamp: () => isoTimeField(),
      // the level's name, which a log reader filters on without a table of pino's numbers
      formatters: { level: (label) => ({ level: label }) },
      mixin: requestIdField,
      redact: { paths: REDACTED_PATHS, censor: REDACTED },
    },
    production ? (options.destination ?? productionOutput()) : readableText(options.destination),
  );
  if (production) logWarningsWith(logger);
  return logger;
}

/** Lines are gathered until this many bytes (a dozen access lines) before they are written. */
export const LOG_BATCH_BYTES = 4096;
/** ... or until this long has passed since the last write: no line waits longer to reach the log. */
export const LOG_FLUSH_MS = 250;

/**
 * Standard output, written without blocking the process and in batches: lines are gathered until
 * LOG_BATCH_BYTES or LOG_FLUSH_MS, then go out in one system call (one per request cost the gateway
 * a write and a thread-pool hand-off per answer). What is still buffered is written synchronously when
 * the process exits; a process killed outright (SIGKILL) loses at most that batch.
 */
export function productionOutput(dest: number | string = 1): DestinationStream {
  return pino.destination({ dest, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
}

/**
 * Node prints a process warning (a dependency's deprecation, say) as text on standard error; in
 * production it becomes a line of the log like any other, and only there (the listener that prints
 * it is replaced).
 */
function logWarningsWith(logger: Logger): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => logger.warn({ context: 'process', warning: warning.name, code: (warning as { code?: string }).code }, warning.message));
}

/**
 * pino-pretty is a development dependency, absent from the production image: it is loaded only when
 * a process runs outside production. Each line is formatted as it is written, in the process, so it
 * is in the log before the next one and none is lost when the process exits.
 */
function readableText(destination: DestinationStream | undefined): DestinationStream {
  const { prettyFactory } = require('pino-pretty') as { prettyFactory: (options: PrettyOptions) => (line: string) => string };
  const format = prettyFactory({
    // colours for a developer's terminal only, never in a file
    colorize: destination === undefined && process.stdout.isTTY === true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service,context',
    messageFormat: '{service} {if context}[{context}] {end}{msg}',
  });
  const output = destination ?? pino.destination({ dest: 1, sync: true });
  return { write: (line: string) => output.write(format(line)) };
}

/**
 * A Nest LoggerService writing through `logger` (nestjs-pino's Logger): every `new Logger(context)`
 * and Nest's own lines then become pino lines with that `context`. nestjs-pino keeps one root logger
 * per process, the first one given here: a process runs one service, so that is its own.
 */
export function nestLoggerOf(logger: Logger): LoggerService {
  return new NestPinoLogger(new PinoLogger({ pinoHttp: { logger } }), {});
}
