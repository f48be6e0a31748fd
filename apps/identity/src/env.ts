import { Transform } from 'class-transformer';
import { IsEmail, IsString, Matches, MinLength, registerDecorator } from 'class-validator';
import { IsEnvPassword, IsStrongSecret, IsWholeNumberSetting, ServiceEnv, WithMail } from '@quotebook/server-core';

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

/**
 * The least argon2id cost production accepts: OWASP's minimum configuration of 19 MiB and 2 passes
 * (one lane). The defaults are argon2's own, well above it: 64 MiB, 3 passes, 4 lanes.
 */
export const PRODUCTION_PASSWORD_HASH_FLOOR = { PASSWORD_HASH_MEMORY_KIB: 19_456, PASSWORD_HASH_ITERATIONS: 2 } as const;

/** A cost setting that production never takes below its floor (PRODUCTION_PASSWORD_HASH_FLOOR). */
function AtLeastInProduction(floor: number): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'atLeastInProduction',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [floor],
      options: { message: `$property must be at least ${floor} when NODE_ENV=production` },
      validator: {
        validate: (value: unknown, args) =>
          (args?.object as { NODE_ENV?: string }).NODE_ENV !== 'production' || (typeof value === 'number' && value >= floor),
      },
    });
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

  /**
   * The argon2id cost of a new password hash (a stored hash keeps the cost it was made with): memory in
   * KiB, passes and lanes. Outside production it may be lowered, e.g. for test stacks that sign in
   * hundreds of times; production refuses less than PRODUCTION_PASSWORD_HASH_FLOOR.
   */
  @AtLeastInProduction(PRODUCTION_PASSWORD_HASH_FLOOR.PASSWORD_HASH_MEMORY_KIB)
  @IsWholeNumberSetting(1024, 4_194_304)
  PASSWORD_HASH_MEMORY_KIB = 65_536;

  @AtLeastInProduction(PRODUCTION_PASSWORD_HASH_FLOOR.PASSWORD_HASH_ITERATIONS)
  @IsWholeNumberSetting(1, 64)
  PASSWORD_HASH_ITERATIONS = 3;

  @IsWholeNumberSetting(1, 16)
  PASSWORD_HASH_PARALLELISM = 4;
}
