/**
 * The customer loop's rules and messages (sending a quote, its public page, the customer's answer,
 * notifications and webhooks), written once for the server and the browser.
 */

/** What the API answers for a request the forms would have caught: each names its property. */
export const LOOP_API_MESSAGES = {
  ccList: 'cc must be a list of at most 10 e-mail addresses',
  signatureType: 'signature.type must be one of: typed, drawn',
  signatureValue: 'signature.value must be the typed name or a PNG image (data:image/png;base64,…)',
  signerName: 'signerName is required',
  consent: 'consent must be true',
  optionalItemIds: 'optionalItemIds must be a list of the ids of optional lines',
  webhookUrl: 'url must be an http(s) URL',
  webhookEvents: 'events must be a list of: quote.sent, quote.viewed, quote.accepted, quote.declined',
  webhookSecret: 'secret is required (at most 200 characters)',
  revisionNumber: 'n must be a whole number from 1 to 100000',
  notificationId: "id must be a UUID or 'all'",
} as const;

/** What people read when the loop refuses something. */
export const LOOP_MESSAGES = {
  customerHasNoEmail: "Il cliente non ha un indirizzo e-mail: indica il destinatario",
  mailerUnavailable: "Il servizio e-mail non risponde: il preventivo non è stato inviato. Riprova tra poco.",
  noLayout: 'Nessun layout attivo: crea un layout per poter inviare il preventivo',
  linkNotFound: 'Questo link non è valido o è stato revocato',
  linkExpired: 'Questo preventivo è scaduto',
  alreadyAnswered: 'Questa revisione del preventivo ha già una risposta',
  revisionSuperseded: "Il preventivo è stato aggiornato: rileggi l'ultima versione prima di rispondere",
  revisionNotFound: 'Revisione non trovata',
  notSent: 'Il preventivo non è ancora stato inviato',
  webhookNotFound: 'Webhook not found',
  webhookPrivateTarget: 'url must not point to a private, loopback or link-local address',
  languageNotOffered: 'language must be one of the agency\'s languages',
  /** the public page's throttle: the customer's language is not known yet, so both */
  publicTooManyRequests: 'Troppe richieste: riprova tra qualche minuto. / Too many requests: please try again in a few minutes.',
} as const;

/** `#ABC123 rev. 2` */
export const revisionLabel = (shortId: string, revision: number) => `#${shortId} rev. ${revision}`;
