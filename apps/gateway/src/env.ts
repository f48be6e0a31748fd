import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { BusEnv, IsStrongSecret, IsWholeNumberSetting, WithDocumentJobTimeout, WithFileStorage, WithRedis } from '@quotebook/server-core';

const toBool = ({ value }: { value: unknown }) => (typeof value === 'string' ? value === 'true' || value === '1' : value);

/**
 * The gateway is on the bus, shares Redis with the services (session state, sign-in throttles), reads
 * and writes the shared file storage and waits for documents as long as the documents service may take.
 */
export class GatewayEnv extends WithDocumentJobTimeout(WithFileStorage(WithRedis(BusEnv))) {
  @IsWholeNumberSetting(1, 65535)
  PORT = 3000;

  /** Required in every mode and the same as identity's: the gateway verifies the tokens identity signs. */
  @IsStrongSecret()
  JWT_SECRET!: string;

  /** Where uploaded logos are written; every gateway replica must see the same directory. */
  @IsString()
  UPLOAD_DIR = 'var/uploads';

  /** The built SPA; served with an index.html fallback when the directory exists. */
  @IsString()
  WEB_DIST_DIR = 'dist/apps/web';

  /** Failed sign-ins of one username from one client address before that pair gets 429. */
  @IsWholeNumberSetting(1)
  LOGIN_MAX_FAILURES_PER_USERNAME_AND_IP = 10;

  /** Failed sign-ins from one client address, whatever the username, before it gets 429. */
  @IsWholeNumberSetting(1)
  LOGIN_MAX_FAILURES_PER_IP = 100;

  /** A username alone is never locked: after this many failures from anywhere each attempt is delayed. */
  @IsWholeNumberSetting(1)
  LOGIN_SLOWDOWN_AFTER_FAILURES_PER_USERNAME = 10;

  /** The first delayed attempt waits twice this; each further one doubles, up to LOGIN_SLOWDOWN_MAX_MS. */
  @IsWholeNumberSetting(1, 60_000)
  LOGIN_SLOWDOWN_BASE_MS = 250;

  @IsWholeNumberSetting(1, 60_000)
  LOGIN_SLOWDOWN_MAX_MS = 4000;

  @IsWholeNumberSetting(1)
  LOGIN_FAILURE_WINDOW_SECONDS = 900;

  /** Password reset requests for one e-mail address per window, known or not. */
  @IsWholeNumberSetting(1)
  FORGOT_PASSWORD_MAX_PER_EMAIL = 3;

  /** Password reset requests from one client address per window. */
  @IsWholeNumberSetting(1)
  FORGOT_PASSWORD_MAX_PER_IP = 20;

  @IsWholeNumberSetting(1)
  FORGOT_PASSWORD_WINDOW_SECONDS = 900;

  /** Reads of the public quote page (the page and its PDF) from one client address per minute. */
  @IsWholeNumberSetting(1)
  PUBLIC_QUOTE_READS_PER_IP = 60;

  /** Answers (accept, decline) from one client address per minute. */
  @IsWholeNumberSetting(1)
  PUBLIC_QUOTE_ANSWERS_PER_IP = 10;

  /** Reads of one quote link per minute, from anywhere. */
  @IsWholeNumberSetting(1)
  PUBLIC_QUOTE_READS_PER_TOKEN = 120;

  /** Answers to one quote link per hour, from anywhere. */
  @IsWholeNumberSetting(1)
  PUBLIC_QUOTE_ANSWERS_PER_TOKEN = 10;

  /**
   * Lets the API port answer `GET /metrics` too, to a request with `Authorization: Bearer <token>`;
   * unset, it answers 404 there (the metrics port, METRICS_PORT, always serves them).
   */
  @IsOptional()
  @IsStrongSecret()
  METRICS_TOKEN?: string;

  /** Fastify's trustProxy: true behind a reverse proxy that sets X-Forwarded-For (the client address is then its first entry). */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  TRUST_PROXY = false;
}
