import { plainToInstance, Transform } from 'class-transformer';
import {
  getMetadataStorage,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  registerDecorator,
  validateSync,
  type ValidationOptions,
} from 'class-validator';
import { DEFAULT_STORAGE_DIR } from './file-storage';

/** Thrown at start-up with every bad variable named, so the process can exit with one clear line. */
export class EnvValidationError extends Error {}

/**
 * Reads process.env (or the given record) into a validated settings object. Unknown variables are
 * ignored; missing ones take the class's default values.
 */
export function loadEnv<T extends object>(envClass: new () => T, source: NodeJS.ProcessEnv = process.env): T {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') values[key] = value;
  }
  const env = plainToInstance(envClass, values, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(env, { whitelist: false });
  if (errors.length > 0) {
    const problems = errors.map((e) => `${e.property} (${Object.values(e.constraints ?? {}).join('; ')})`);
    throw new EnvValidationError(`invalid environment: ${problems.join(', ')}`);
  }
  return env;
}

/** The names of the variables an Env class reads: used by the docker compose check. */
export function envVariableNames(envClass: new () => object): string[] {
  const validated = getMetadataStorage()
    .getTargetValidationMetadatas(envClass, '', true, false)
    .map((metadata) => metadata.propertyName);
  return [...new Set([...Object.keys(new envClass()), ...validated])].sort();
}

/** The shortest signing secret accepted: 32 characters, as `openssl rand -hex 32` gives 64. */
export const MIN_SECRET_LENGTH = 32;

/**
 * Values that were ever written in this repository as defaults or examples. Anyone can read them, so
 * a token signed with one proves nothing and a password equal to one protects nothing.
 */
const PUBLISHED_VALUES = ['dev-only-change-me', 'superadmin123'];

/** True for a value known from the repository or a placeholder asking to be changed ("change-me…"). */
export function isPublishedValue(value: string): boolean {
  const normalized = value.trim().toLowerCase();
  return PUBLISHED_VALUES.includes(normalized) || /change[-_ ]?me/.test(normalized);
}

/** A secret of at least MIN_SECRET_LENGTH characters, not a published value and not one character repeated. */
export function isStrongSecret(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= MIN_SECRET_LENGTH &&
    !isPublishedValue(value) &&
    new Set(value).size >= 8
  );
}

/**
 * A signing secret: required in every NODE_ENV, at least MIN_SECRET_LENGTH characters, at least 8
 * different characters, and never a value that appears in the repository.
 */
export function IsStrongSecret(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isStrongSecret',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: `$property must be a random value of at least ${MIN_SECRET_LENGTH} characters that appears nowhere in the repository (e.g. openssl rand -hex 32)`,
        ...options,
      },
      validator: { validate: (value: unknown) => isStrongSecret(value) },
    });
}

/** A password set through the environment: required, at least `minLength` characters, never a published value. */
export function IsEnvPassword(minLength: number, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isEnvPassword',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [minLength],
      options: {
        message: `$property must be set to at least ${minLength} characters and not a value that appears in the repository`,
        ...options,
      },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && value.length >= minLength && !isPublishedValue(value),
      },
    });
}

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' ? Number.parseInt(value, 10) : value);

/** A whole-number setting from `min` (to `max`, when given): the variable's text read as an integer. */
export function IsWholeNumberSetting(min: number, max?: number): PropertyDecorator {
  const decorators = [Transform(toInt), IsInt(), Min(min), ...(max === undefined ? [] : [Max(max)])];
  return (target, key) => {
    // as TypeScript applies them when written one above the other: from the bottom up
    for (const decorate of [...decorators].reverse()) decorate(target, key);
  };
}

/** The class a group of settings below is added to (a mixin's base takes any constructor arguments). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EnvClass = new (...args: any[]) => object;

/** Settings of every process: its mode, how much it logs and where it serves its metrics. */
export class ProcessEnv {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'development';

  @IsOptional()
  @IsIn(['error', 'warn', 'log', 'debug', 'verbose'])
  LOG_LEVEL = 'log';

  /**
   * The port this process serves `GET /metrics` on (Prometheus text); 0 serves none. Unset, each
   * process takes its own default (DEFAULT_METRICS_PORTS), so the processes of one host never clash.
   */
  @IsOptional()
  @IsWholeNumberSetting(0, 65535)
  METRICS_PORT?: number;
}

/** Settings of every process on the message bus (the gateway and every service). */
export class BusEnv extends ProcessEnv {
  @IsString()
  @IsNotEmpty()
  NATS_URL = 'nats://127.0.0.1:4222';

  /** Separates stacks that share one NATS server. */
  @IsString()
  @IsNotEmpty()
  NATS_SUBJECT_PREFIX = 'qb';

  @IsWholeNumberSetting(100, 60_000)
  NATS_REQUEST_TIMEOUT_MS = 4000;

  @IsString()
  BUSINESS_TIME_ZONE = 'Europe/Rome';
}

/** Adds Redis: the session state the gateway and the services share, and the documents' render queue. */
export function WithRedis<Base extends EnvClass>(base: Base) {
  class RedisEnv extends base {
    @IsString()
    @IsNotEmpty()
    REDIS_URL = 'redis://127.0.0.1:6379';

    /** Separates stacks that share one Redis server; the same value in every process (the queue's keys carry it). */
    @IsString()
    REDIS_KEY_PREFIX = 'qb:';
  }
  return RedisEnv;
}

/** Adds the file storage the gateway, documents and documents-worker share: signature images, generated documents. */
export function WithFileStorage<Base extends EnvClass>(base: Base) {
  class FileStorageEnv extends base {
    @IsString()
    @IsNotEmpty()
    STORAGE_DIR = DEFAULT_STORAGE_DIR;
  }
  return FileStorageEnv;
}

/**
 * Adds what a service that e-mails needs: the SMTP server (absent: the Mailer only logs that a mail
 * would have gone), the sender address, and where the web app is reached (the links in the mails).
 */
export function WithMail<Base extends EnvClass>(base: Base) {
  class MailEnv extends base {
    /** e.g. smtp://127.0.0.1:1025 (Mailpit) */
    @IsOptional()
    @Matches(/^smtps?:\/\/.+/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
    SMTP_URL?: string;

    @IsString()
    @IsNotEmpty()
    MAIL_FROM = 'Quotebook <no-reply@quotebook.local>';

    /** Where the web app is reached: the links in the mails point there. */
    @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
    PUBLIC_URL = 'http://localhost:3000';
  }
  return MailEnv;
}

/**
 * Adds how long a PDF or Word document may take to render, its retries included: the documents
 * service answers 503 past it, and the gateway waits that long for the documents service.
 */
export function WithDocumentJobTimeout<Base extends EnvClass>(base: Base) {
  class DocumentJobTimeoutEnv extends base {
    @IsWholeNumberSetting(1000, 300_000)
    DOCUMENT_JOB_TIMEOUT_MS = 30_000;
  }
  return DocumentJobTimeoutEnv;
}

/** Settings every service needs: the bus, its database, and Redis (where session state is shared). */
export class ServiceEnv extends WithRedis(BusEnv) {
  @IsString()
  @IsNotEmpty()
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/quotebook';
}

export { toInt };
