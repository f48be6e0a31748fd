import type { UpdateWebhookDto, WebhookDto, WebhookEvent, WebhookView } from '@quotebook/contracts';

/** What each event means to the agency, beside its name (which is what the integrator's code reads). */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEvent, string>> = {
  'quote.sent': 'Preventivo inviato al cliente',
  'quote.viewed': 'Preventivo visto dal cliente (la prima volta)',
  'quote.accepted': 'Preventivo accettato',
  'quote.declined': 'Preventivo rifiutato',
};

/** Every event, in the order the API lists them (the record above must name each one). */
export const WEBHOOK_EVENTS = Object.keys(WEBHOOK_EVENT_LABELS) as WebhookEvent[];

export const WEBHOOK_FORM_MESSAGES = {
  urlRequired: 'URL is required',
  urlInvalid: 'URL must start with http:// or https:// and name a host',
  eventsRequired: 'Choose at least one event',
  secretRequired: 'Secret is required',
  secretTooLong: 'Secret must be at most 200 characters',
} as const;

export const DELETE_WEBHOOK_CONFIRMATION = 'Are you sure you want to delete this webhook? Its delivery history is deleted with it.';

export interface WebhookFormValues {
  url: string;
  events: WebhookEvent[];
  /** on an edit, empty keeps the current secret */
  secret: string;
}

export type WebhookFormErrors = Partial<Record<keyof WebhookFormValues, string>>;

export function webhookFormFrom(webhook?: WebhookView | null): WebhookFormValues {
  return { url: webhook?.url ?? '', events: webhook ? [...webhook.events] : [...WEBHOOK_EVENTS], secret: '' };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** `editing`: the endpoint exists, so its secret may be left as it is. */
export function validateWebhookForm(values: WebhookFormValues, editing = false): WebhookFormErrors {
  const errors: WebhookFormErrors = {};
  const url = values.url.trim();
  if (!url) errors.url = WEBHOOK_FORM_MESSAGES.urlRequired;
  else if (!isHttpUrl(url)) errors.url = WEBHOOK_FORM_MESSAGES.urlInvalid;
  if (values.events.length === 0) errors.events = WEBHOOK_FORM_MESSAGES.eventsRequired;
  if (!values.secret && !editing) errors.secret = WEBHOOK_FORM_MESSAGES.secretRequired;
  else if (values.secret.length > 200) errors.secret = WEBHOOK_FORM_MESSAGES.secretTooLong;
  return errors;
}

/** The events in the list's order, whatever order they were ticked in. */
const orderedEvents = (events: readonly WebhookEvent[]) => WEBHOOK_EVENTS.filter((event) => events.includes(event));

export function webhookRequestFrom(values: WebhookFormValues): WebhookDto {
  return { url: values.url.trim(), events: orderedEvents(values.events), secret: values.secret };
}

/** An edit sends the secret only when a new one was typed. */
export function webhookUpdateFrom(values: WebhookFormValues): UpdateWebhookDto {
  return { url: values.url.trim(), events: orderedEvents(values.events), ...(values.secret ? { secret: values.secret } : {}) };
}

/** A random secret the agency can copy into its integration: 32 bytes as hex. */
export function randomSecret(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
