import { plainToInstance, Transform } from 'class-transformer';
import { getMetadataStorage, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, Min, validateSync } from 'class-validator';

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

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' ? Number.parseInt(value, 10) : value);

/** Settings of every process on the message bus (the gateway and every service). */
export class BusEnv {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'development';

  @IsString()
  @IsNotEmpty()
  NATS_URL = 'nats://127.0.0.1:4222';

  /** Separates stacks that share one NATS server. */
  @IsString()
  @IsNotEmpty()
  NATS_SUBJECT_PREFIX = 'qb';

  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  NATS_REQUEST_TIMEOUT_MS = 4000;

  @IsString()
  BUSINESS_TIME_ZONE = 'Europe/Rome';

  @IsOptional()
  @IsIn(['error', 'warn', 'log', 'debug', 'verbose'])
  LOG_LEVEL = 'log';
}

/** Settings every service needs: the bus plus its database. */
export class ServiceEnv extends BusEnv {
  @IsString()
  @IsNotEmpty()
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/quotebook';
}

export { toInt };
