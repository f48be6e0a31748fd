import type { CustomerView, QuoteLayoutView } from '@quotebook/contracts';
import { DEFAULT_LANGUAGE, isEmail, LOOP_API_MESSAGES, LOOP_MESSAGES, MESSAGES } from '@quotebook/domain';
import { isApiError } from '../../shared/http-errors';
import type { SendQuoteRequest } from './quote-sending.api';

/** The send dialog's fields, as typed. */
export interface SendValues {
  to: string;
  /** comma-separated addresses */
  cc: string;
  message: string;
  layoutId: string;
  language: string;
}

export type SendField = keyof SendValues;
export type SendErrors = Partial<Record<SendField, string>>;

/** The most copies a send carries, as the server allows. */
export const MAX_CC = 10;

/** The addresses of the Cc field: split on commas or semicolons, blanks dropped. */
export function ccAddresses(cc: string): string[] {
  return cc
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Where the dialog starts: the customer's e-mail, the agency's default layout (else its first active
 * one), and the customer's language when the agency offers it (else the agency's first, Italian).
 */
export function initialSendValues(customer: CustomerView | undefined, layouts: readonly QuoteLayoutView[], languages: readonly string[]): SendValues {
  const usable = layouts.filter((layout) => layout.isActive);
  const layout = usable.find((layout) => layout.isDefault) ?? usable[0];
  const offered = languages.length > 0 ? languages : [DEFAULT_LANGUAGE];
  const language = customer?.language && offered.includes(customer.language) ? customer.language : offered[0];
  return { to: customer?.email ?? '', cc: '', message: '', layoutId: layout?.id ?? '', language };
}

/** The dialog's own checks, before anything is sent. */
export function validateSend(values: SendValues, customerHasEmail: boolean): SendErrors {
  const errors: SendErrors = {};
  const to = values.to.trim();
  if (!to) errors.to = customerHasEmail ? MESSAGES.emailRequired : LOOP_MESSAGES.customerHasNoEmail;
  else if (!isEmail(to)) errors.to = MESSAGES.emailInvalid;
  const cc = ccAddresses(values.cc);
  const badCopy = cc.find((address) => !isEmail(address));
  if (badCopy) errors.cc = `${MESSAGES.emailInvalid}: ${badCopy}`;
  else if (cc.length > MAX_CC) errors.cc = LOOP_API_MESSAGES.ccList;
  if (!values.layoutId) errors.layoutId = LOOP_MESSAGES.noLayout;
  return errors;
}

/** What is posted: the copies as a list, an empty message left out. */
export function sendRequest(values: SendValues): SendQuoteRequest {
  const cc = ccAddresses(values.cc);
  const message = values.message.trim();
  return {
    to: values.to.trim(),
    ...(cc.length > 0 ? { cc } : {}),
    ...(message ? { message } : {}),
    layoutId: values.layoutId,
    language: values.language,
  };
}

/** Whether the send failed because the mail could not go out (the mailer or a service is down). */
export function isMailerDown(error: unknown): boolean {
  return isApiError(error) && error.status === 503;
}

/**
 * The field a refusal of the server names: its validation messages start with the property
 * (`cc must be…`, `layoutId must be a UUID`), the loop's own sentences are known; anything else about
 * the request is the recipient's (a customer without an e-mail, an address the mail server refused).
 */
function fieldOf(message: string): SendField {
  if (message === LOOP_MESSAGES.noLayout || /^layoutId\b/.test(message)) return 'layoutId';
  if (message === LOOP_MESSAGES.languageNotOffered || /^language\b/.test(message)) return 'language';
  if (/^cc\b/.test(message)) return 'cc';
  if (/^message\b/.test(message)) return 'message';
  return 'to';
}

/** The messages of a 400 placed under the fields they name; empty for any other failure. */
export function sendFieldErrors(error: unknown): SendErrors {
  if (!isApiError(error) || error.status !== 400) return {};
  const body = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as { message?: unknown };
  const messages = (Array.isArray(body.message) ? body.message : [body.message]).filter((text): text is string => typeof text === 'string' && text.trim() !== '');
  const errors: SendErrors = {};
  for (const message of messages) {
    const field = fieldOf(message);
    errors[field] = errors[field] ? `${errors[field]}, ${message}` : message;
  }
  return errors;
}
