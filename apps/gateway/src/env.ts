import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, Min } from 'class-validator';
import { BusEnv, DEFAULT_STORAGE_DIR, IsStrongSecret, toInt } from '@quotebook/server-core';

const toBool = ({ value }: { value: unknown }) => (typeof value === 'string' ? value === 'true' || value === '1' : value);

export class GatewayEnv extends BusEnv {
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT = 3000;

  @IsString()
  @IsNotEmpty()
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Separates stacks that share one Redis server. */
  @IsString()
  REDIS_KEY_PREFIX = 'qb:';

  /** Required in every mode and the same as identity's: the gateway verifies the tokens identity signs. */
  @IsStrongSecret()
  JWT_SECRET!: string;

  /** Where uploaded logos are written; every gateway replica must see the same directory. */
  @IsString()
  UPLOAD_DIR = 'var/uploads';

  /** The storage shared with documents and documents-worker: signature images in, generated documents out. */
  @IsString()
  @IsNotEmpty()
  STORAGE_DIR = DEFAULT_STORAGE_DIR;

  /** How long the documents service may take to render a PDF or Word file (its own setting, the same value). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(300_000)
  DOCUMENT_JOB_TIMEOUT_MS = 30_000;

  /** The built SPA; served with an index.html fallback when the directory exists. */
  @IsString()
  WEB_DIST_DIR = 'dist/apps/web';

  /** Failed sign-ins of one username from one client address before that pair gets 429. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  LOGIN_MAX_FAILURES_PER_USERNAME_AND_IP = 10;

  /** Failed sign-ins from one client address, whatever the username, before it gets 429. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  LOGIN_MAX_FAILURES_PER_IP = 100;

  /** A username alone is never locked: after this many failures from anywhere each attempt is delayed. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  LOGIN_SLOWDOWN_AFTER_FAILURES_PER_USERNAME = 10;

  /** The first delayed attempt waits twice this; each further one doubles, up to LOGIN_SLOWDOWN_MAX_MS. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(60_000)
  LOGIN_SLOWDOWN_BASE_MS = 250;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(60_000)
  LOGIN_SLOWDOWN_MAX_MS = 4000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  LOGIN_FAILURE_WINDOW_SECONDS = 900;

  /** Password reset requests for one e-mail address per window, known or not. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  FORGOT_PASSWORD_MAX_PER_EMAIL = 3;

  /** Password reset requests from one client address per window. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  FORGOT_PASSWORD_MAX_PER_IP = 20;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  FORGOT_PASSWORD_WINDOW_SECONDS = 900;

  /** Express "trust proxy": true behind a reverse proxy that sets X-Forwarded-For. */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  TRUST_PROXY = false;
}
