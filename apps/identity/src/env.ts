import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MinLength,
  registerDecorator,
} from 'class-validator';
import { ServiceEnv } from '@quotebook/server-core';

export const DEVELOPMENT_JWT_SECRET = 'dev-only-change-me';
export const MIN_PRODUCTION_SECRET_LENGTH = 32;

const DURATION_PATTERN = /^(\d+)\s*([smhd]?)$/;
const SECONDS_PER_UNIT: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 };

/** '8h', '30m', '2d', '45s' or plain seconds ('3600') as seconds. */
export function durationToSeconds(duration: string): number {
  const match = DURATION_PATTERN.exec(duration.trim());
  if (!match) throw new Error(`Not a duration: ${duration}`);
  return Number(match[1]) * SECONDS_PER_UNIT[match[2]];
}

/** In production the secret must be set explicitly and long enough; elsewhere the default will do. */
function IsProductionGradeSecret(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isProductionGradeSecret',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: `JWT_SECRET must be set to at least ${MIN_PRODUCTION_SECRET_LENGTH} characters when NODE_ENV=production`,
      },
      validator: {
        validate: (value: unknown, args) =>
          (args?.object as IdentityEnv).NODE_ENV !== 'production' ||
          (typeof value === 'string' && value.length >= MIN_PRODUCTION_SECRET_LENGTH && value !== DEVELOPMENT_JWT_SECRET),
      },
    });
}

export class IdentityEnv extends ServiceEnv {
  @IsString()
  @IsNotEmpty()
  @IsProductionGradeSecret()
  JWT_SECRET = DEVELOPMENT_JWT_SECRET;

  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @Matches(DURATION_PATTERN, { message: "JWT_EXPIRES_IN must be a duration such as '8h', '30m', '2d' or seconds" })
  JWT_EXPIRES_IN = '8h';

  @IsString()
  @MinLength(3)
  SUPERADMIN_USERNAME = 'superadmin';

  @IsString()
  @MinLength(6)
  SUPERADMIN_PASSWORD = 'superadmin123';

  @IsEmail()
  SUPERADMIN_EMAIL = 'superadmin@quotebook.local';

  /** e.g. smtp://127.0.0.1:1025 (Mailpit); without it reset links are only logged */
  @IsOptional()
  @Matches(/^smtps?:\/\/.+/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  @IsNotEmpty()
  MAIL_FROM = 'Quotebook <no-reply@quotebook.local>';

  /** Where the web app is reached: the reset link points there. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_URL = 'http://localhost:3000';
}
