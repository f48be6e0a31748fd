import { Transform } from 'class-transformer';
import { IsEmail, IsString, Matches, MinLength } from 'class-validator';
import { IsEnvPassword, IsStrongSecret, ServiceEnv, WithMail } from '@quotebook/server-core';

/** The platform operator's first password is typed by no one else: longer than a user's minimum. */
export const MIN_SUPERADMIN_PASSWORD_LENGTH = 12;

const DURATION_PATTERN = /^(\d+)\s*([smhd]?)$/;
const SECONDS_PER_UNIT: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 };

/** '8h', '30m', '2d', '45s' or plain seconds ('3600') as seconds. */
export function durationToSeconds(duration: string): number {
  const match = DURATION_PATTERN.exec(duration.trim());
  if (!match) throw new Error(`Not a duration: ${duration}`);
  return Number(match[1]) * SECONDS_PER_UNIT[match[2]];
}

/** Identity e-mails the password-reset links (WithMail): without SMTP_URL the link is only logged. */
export class IdentityEnv extends WithMail(ServiceEnv) {
  /** Required in every mode; the same value as the gateway's. `npm start` generates one. */
  @IsStrongSecret()
  JWT_SECRET!: string;

  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @Matches(DURATION_PATTERN, { message: "JWT_EXPIRES_IN must be a duration such as '8h', '30m', '2d' or seconds" })
  JWT_EXPIRES_IN = '8h';

  @IsString()
  @MinLength(3)
  SUPERADMIN_USERNAME = 'superadmin';

  /** Required: the first superadmin's password. `npm start` generates one. */
  @IsEnvPassword(MIN_SUPERADMIN_PASSWORD_LENGTH)
  SUPERADMIN_PASSWORD!: string;

  @IsEmail()
  SUPERADMIN_EMAIL = 'superadmin@quotebook.local';
}
