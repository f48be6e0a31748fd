import { KEYWORD_MAX_LENGTH, KEYWORD_MIN_LENGTH, MAX_MARKUP_PERCENT, MIN_NAME_LENGTH, MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH } from './limits';
import { type HtmlShape, LAYOUT_CONTENT_LIMITS, shapeExcesses, TEMPLATE_CONTENT_LIMITS } from './html-shape';
import { MAX_ITEM_QUANTITY, MIN_ITEM_QUANTITY } from './quotes';

/**
 * Every validation message a person reads, in the words of the product (Italian where the product
 * speaks Italian). The web forms and the server's request checks both take them from here.
 */
export const MESSAGES = {
  /* signing in, recovering a password */
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  forgotEmailRequired: 'Email richiesta',
  forgotEmailHint: 'Inserisci il tuo indirizzo email.',
  resetTokenMissing: 'Token mancante',
  resetPasswordRequired: 'Password richiesta',
  resetPasswordTooShort: `La password deve essere di almeno ${MIN_PASSWORD_LENGTH} caratteri.`,
  resetPasswordMismatch: 'Le password non corrispondono. Riprova.',
  resetLinkInvalid: 'Link di reset non valido. Richiedi un nuovo link.',

  /* people: tenant admins and agency users */
  usernameTooShort: `Username must be at least ${MIN_USERNAME_LENGTH} characters`,
  nameTooShort: `Name must be at least ${MIN_NAME_LENGTH} characters`,
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  emailRequiredValid: 'Valid email is required',
  roleInvalid: 'Role must be tenant_admin or tenant_user',

  /* agencies */
  tenantNameRequired: 'Tenant name is required',
  keywordRequired: 'Keyword is required',
  keywordLength: `Keyword must be ${KEYWORD_MIN_LENGTH} to ${KEYWORD_MAX_LENGTH} characters`,
  keywordCharacters: 'Keyword may contain only lowercase letters, digits and dashes',
  expiryDateRequired: 'Expiry date is required',
  settingsEmailInvalid: 'Please enter a valid email address',
  settingsWebsiteInvalid: 'Please enter a valid URL',
  logoWrongType: 'Only JPG, PNG and GIF images are allowed',
  logoTooLarge: 'File size must be less than 5MB',
  logoTooWide: 'Image dimensions must be maximum 150x150 pixels',
  logoUnreadable: 'The file is not a readable image',

  /* catalogue */
  nameRequired: 'Name is required',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  rateRequired: 'Rate is required',
  rateRange: 'Rate must be a number from 0 to 100 with at most 2 decimals',
  tagNameRequired: 'Tag name is required',
  targetTypeRequired: 'Target type is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  endBeforeStart: 'End date must be on or after the start date',
  minParticipants: 'Minimum participants must be a whole number of at least 1',
  amount: 'Enter an amount of at least 0 with at most 2 decimals',
  reductionAmount: 'Reduction amount must be at least 0 with at most 2 decimals',
  reductionPercentage: 'Reduction percentage must be a number from 0 to 100 with at most 2 decimals',
  markupPercentage: `Il ricarico deve essere un numero da 0 a ${MAX_MARKUP_PERCENT} con al massimo 2 decimali`,
  freePlaces: 'Gratuità: indica entrambi i numeri, interi da 1 in su',

  /* customers */
  customerNameRequired: 'Ragione sociale is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',

  /* quote templates */
  templateTitleRequired: 'Il titolo del template è obbligatorio',
  templateContentRequired: 'Il contenuto del template è obbligatorio',
  signatureNotImage: 'Per favore seleziona un file immagine',
  signatureTooLarge: 'Il file deve essere massimo 1MB',
  layoutNameRequired: 'Il nome del layout è obbligatorio',
  layoutElementRequired: 'Il layout deve contenere almeno un elemento',

  /* quotes */
  quoteProductRequired: 'Please select at least one product',
  customerRequired: 'Customer is required',
  serviceDateRequired: 'Service date is required',
  quantityRange: `Quantity must be a whole number from ${MIN_ITEM_QUANTITY} to ${MAX_ITEM_QUANTITY}`,
  participantsRange: 'Participants must be a whole number of at least 0',
  manualPrice: 'Price must be at least 0 with at most 2 decimals',
  totalAmount: 'Total amount must be at least 0 with at most 2 decimals',
  consumptionQuantity: 'Quantity must be a whole number greater than 0',
  unitValue: 'Unit value must be greater than 0 with at most 2 decimals',
  endBeforeStartTime: 'End time must be after the start time',
} as const;

/** `Keyword "api" is reserved` */
export const keywordReserved = (keyword: string) => `Keyword "${keyword}" is reserved`;

/*
 * What the API answers when a request breaks a rule a form would have caught: the message names the
 * property, so a client that skipped the form knows which one.
 */
export const API_MESSAGES = {
  expiryDate: `${MESSAGES.expiryDateRequired} (YYYY-MM-DD)`,
  tagIdsList: 'tagIds must be a list of tag ids',
  tagIdsUuids: 'tagIds must contain only tag ids (UUID)',
  languageCode: 'language must be a 2-letter code',
  durationHours: 'durationHours must be a whole number from 0 to 23',
  durationMinutes: 'durationMinutes must be 0 to 55 in steps of 5',
  targetLanguagesList: 'targetLanguages must be a list of language codes',
  targetLanguagesCodes: 'targetLanguages must contain 2-letter codes',
  minParticipants: 'minParticipants must be a whole number of at least 1',
  status: 'status must be one of: pending, waiting, confirmed, cancelled, closed',
  quantity: `quantity must be a whole number from ${MIN_ITEM_QUANTITY} to ${MAX_ITEM_QUANTITY}`,
  itemsList: 'items must be a list of quote items',
  version: 'version must be a whole number of at least 0',
  limit: 'limit must be a whole number from 1 to 1000',
  offset: 'offset must be a whole number from 0',
  languagesList: 'languages must be a list of language codes',
  languagesSupported: 'languages must contain only supported language codes',
  markupWithReduction: 'markupPercentage cannot be set together with reductionAmount or reductionPercentage: a price list sets either a reduction or a markup',
} as const;

/** `tenantId must be a UUID` */
export const mustBeUuid = (property: string) => `${property} must be a UUID`;
/** `isActive must be true or false` */
export const mustBeBoolean = (property: string) => `${property} must be true or false`;
/** `pec must be a valid email address` */
export const mustBeEmail = (property: string) => `${property} must be a valid email address`;
/** `website must be a valid URL` */
export const mustBeUrl = (property: string) => `${property} must be a valid URL`;
/** `reductionPercentage must be a number from 0 to 100 with at most 2 decimals` */
export const mustBeMoney = (property: string, max: number) => `${property} must be a number from 0 to ${max} with at most 2 decimals`;
/** `startDate must be a date written YYYY-MM-DD` */
export const mustBeDate = (property: string) => `${property} must be a date written YYYY-MM-DD`;
/** `serviceStartTime must be a date-time written YYYY-MM-DDTHH:mm:ss` */
export const mustBeDateTime = (property: string) => `${property} must be a date-time written YYYY-MM-DDTHH:mm:ss`;
/** `actualParticipants must be a whole number of at least 0` */
export const mustBeCount = (property: string) => `${property} must be a whole number of at least 0`;
/** `freePlacesEvery must be a whole number of at least 1` */
export const mustBeAtLeastOne = (property: string) => `${property} must be a whole number of at least 1`;
/** `freePlacesCount must be set together with freePlacesEvery` */
export const mustBeSetWith = (property: string, other: string) => `${property} must be set together with ${other}`;
/** `customerId must be a customer of this tenant` */
export const mustBeOfTenant = (property: string, kind: string) => `${property} must be a ${kind} of this tenant`;
/** `Customer is used by 3 quote(s)` */
export const usedByQuotes = (what: string, quotes: number) => `${what} is used by ${quotes} quote(s)`;

/** Answers of signing in and of sessions. */
export const AUTH_MESSAGES = {
  forgotPasswordAnswer: 'Se esiste un account con questa email, riceverai un link per reimpostare la password.',
  resetPasswordInvalid: 'Token non valido o scaduto. Richiedi un nuovo link di reset.',
  invalidCredentials: 'Invalid credentials',
  tenantDisabled: 'This agency is disabled. Please contact support.',
  tenantExpired: 'This agency has expired. Please contact support.',
  sessionEnded: 'This session has ended. Please sign in again.',
  tenantNotFound: 'Tenant not found',
  cannotDeleteSelf: 'You cannot delete your own account',
  lastTenantAdmin: 'An agency needs at least one administrator',
} as const;

/** Answers about quotes that are no validation of one field. */
export const QUOTE_MESSAGES = {
  quoteChanged: 'This quote was changed by someone else. Reload it to see the changes, then try again.',
  productAlreadyInQuote: 'This product is already in the quote',
  quoteNotFound: 'Quote not found',
  itemNotFound: 'Quote item not found',
  consumptionNotFound: 'Service consumption not found',
  /** a new quote's expiry date, before today in the business time zone (an existing quote's is not checked) */
  expiryDateBeforeToday: 'Expiry date cannot be before today',
} as const;

/** `100.000`: a count as the product writes it. */
const count = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** What each measure of a template's HTML is called, with its bound. */
const SHAPE_WORDS: Record<keyof HtmlShape, string> = {
  characters: 'caratteri',
  elements: 'elementi (paragrafi, titoli, voci di elenco e formattazioni)',
  lists: 'elenchi',
  depth: 'livelli di formattazione annidati',
};

/** `Il contenuto del template può avere al massimo 32 livelli di formattazione annidati` */
export const templateContentTooBig = (measure: keyof HtmlShape) =>
  `Il contenuto del template può avere al massimo ${count(TEMPLATE_CONTENT_LIMITS[measure])} ${SHAPE_WORDS[measure]}`;

/** `I template del layout «Standard» insieme possono avere al massimo 300.000 caratteri` */
export const layoutContentTooBig = (measure: Exclude<keyof HtmlShape, 'depth'>, layoutName?: string) =>
  `I template del layout${layoutName === undefined ? '' : ` «${layoutName}»`} insieme possono avere al massimo ${count(LAYOUT_CONTENT_LIMITS[measure])} ${SHAPE_WORDS[measure]}`;

/** The messages of each bound of TEMPLATE_CONTENT_LIMITS a template's content passes (none: within them). */
export const templateContentProblems = (shape: HtmlShape): string[] => shapeExcesses(shape, TEMPLATE_CONTENT_LIMITS).map(templateContentTooBig);

/** The messages of each bound of LAYOUT_CONTENT_LIMITS a layout's templates together pass (none: within them). */
export const layoutContentProblems = (shape: Omit<HtmlShape, 'depth'>, layoutName?: string): string[] =>
  shapeExcesses({ ...shape, depth: 0 }, LAYOUT_CONTENT_LIMITS).map((measure) => layoutContentTooBig(measure as Exclude<keyof HtmlShape, 'depth'>, layoutName));

/** Answers about documents, templates and layouts (the product words them in Italian). */
export const DOCUMENT_MESSAGES = {
  documentTooLarge: 'Il documento è troppo grande per essere generato: i template del layout superano i limiti. Riduci i template o dividili tra più layout.',
  documentTooComplex: 'Il documento è troppo complesso per essere generato in questo formato. Semplifica i template del layout (meno elenchi e formattazioni annidate).',
  documentsBusy: 'Troppi documenti in preparazione per questa agenzia. Riprova tra qualche secondo.',
  generationFailed: 'Errore nella generazione del documento. Riprova o contatta il supporto.',
  pdfServiceUnavailable: 'Il servizio di generazione PDF non è disponibile. Riprova tra qualche minuto.',
  templateInUse: 'Il template è usato dai layout',
  uploadUrlInvalid: 'Link di caricamento non valido o scaduto. Richiedine uno nuovo.',
  uploadNotCompleted: 'Il file non è ancora stato caricato su questo link.',
  templateNotFound: 'Template non trovato',
  layoutNotFound: 'Layout non trovato',
  signatureNotFound: 'Immagine non trovata',
  templatesAdminOnly: 'Accesso negato. Solo gli amministratori possono gestire i template.',
} as const;
