export const RESET_PASSWORD_MESSAGES = {
  required: 'Password richiesta',
  tooShort: 'La password deve essere di almeno 6 caratteri.',
  mismatch: 'Le password non corrispondono. Riprova.',
  invalidToken: 'Token non valido o scaduto. Richiedi un nuovo link di reset.',
  invalidLink: 'Link di reset non valido. Richiedi un nuovo link.',
} as const;

export const MIN_PASSWORD_LENGTH = 6;
/** Spec §9: after a successful reset the browser returns to / after 2 seconds. */
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
