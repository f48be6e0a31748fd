import { AUTH_MESSAGES, MESSAGES, MIN_PASSWORD_LENGTH } from '@quotebook/domain';

export const RESET_PASSWORD_MESSAGES = {
  required: MESSAGES.resetPasswordRequired,
  tooShort: MESSAGES.resetPasswordTooShort,
  mismatch: MESSAGES.resetPasswordMismatch,
  invalidToken: AUTH_MESSAGES.resetPasswordInvalid,
  invalidLink: MESSAGES.resetLinkInvalid,
} as const;

export { MIN_PASSWORD_LENGTH };
/** After a successful reset the browser returns to / after 2 seconds. */
export const RESET_REDIRECT_DELAY_MS = 2000;

export interface ResetPasswordErrors {
  password?: string;
  confirmation?: string;
}

export function validateNewPassword(password: string, confirmation: string): ResetPasswordErrors {
  if (!password) return { password: RESET_PASSWORD_MESSAGES.required };
  if (password.length < MIN_PASSWORD_LENGTH) return { password: RESET_PASSWORD_MESSAGES.tooShort };
  if (password !== confirmation) return { confirmation: RESET_PASSWORD_MESSAGES.mismatch };
  return {};
}
