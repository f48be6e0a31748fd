import { IsStrongSecret, IsWholeNumberSetting, ServiceEnv, WithDocumentJobTimeout, WithFileStorage, WithMail } from '@quotebook/server-core';
import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';

/**
 * Quoting needs the bus (and the catalogue on it, for prices), its database and the business time
 * zone: a quote's expiry, its date-times as that zone's wall clock, and "this month" on the dashboard.
 * Sending a quote also needs the shared file storage (the revision's PDF, rendered by documents, is
 * read from it and attached), how long a render may take, the mail server, the web app's address (the
 * public link points there) and the key the public links are derived with.
 */
export class QuotingEnv extends WithMail(WithDocumentJobTimeout(WithFileStorage(ServiceEnv))) {
  /** Required: the HMAC key of the public links' tokens (a new key voids every link sent). */
  @IsStrongSecret()
  LINK_SECRET!: string;

  /**
   * Lets webhooks reach private, loopback and link-local addresses (tests that receive on 127.0.0.1):
   * never in a deployment, where it would let an agency's URL reach the internal network.
   */
  @Transform(({ value }: { value: unknown }) => value === true || value === 'true' || value === '1')
  @IsBoolean()
  WEBHOOKS_ALLOW_PRIVATE_TARGETS = false;

  /** A failed webhook delivery is tried again after this, then twice as long each time (6 attempts in all). */
  @IsWholeNumberSetting(10, 600_000)
  WEBHOOK_RETRY_BASE_MS = 2000;

  /** How long one webhook attempt may take, connection and answer together. */
  @IsWholeNumberSetting(100, 60_000)
  WEBHOOK_TIMEOUT_MS = 10_000;
}
