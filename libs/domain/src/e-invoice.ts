/*
 * The rules of the Italian electronic invoice (FatturaPA) that a form checks as the user types and the
 * server checks again: the seller's tax regime, the REA registration, the IBAN and the codice fiscale.
 */

/** The tax regimes (RegimeFiscale) the FatturaPA 1.2.2 schema lists, with their names. */
export const REGIMI_FISCALI = [
  ['RF01', 'Ordinario'],
  ['RF02', 'Contribuenti minimi (art. 1, c. 96-117, L. 244/07)'],
  ['RF04', 'Agricoltura e attività connesse e pesca (artt. 34 e 34-bis, DPR 633/72)'],
  ['RF05', 'Vendita sali e tabacchi (art. 74, c. 1, DPR 633/72)'],
  ['RF06', 'Commercio fiammiferi (art. 74, c. 1, DPR 633/72)'],
  ['RF07', 'Editoria (art. 74, c. 1, DPR 633/72)'],
  ['RF08', 'Gestione servizi telefonia pubblica (art. 74, c. 1, DPR 633/72)'],
  ['RF09', 'Rivendita documenti di trasporto pubblico e di sosta (art. 74, c. 1, DPR 633/72)'],
  ['RF10', 'Intrattenimenti, giochi e altre attività (art. 74, c. 6, DPR 633/72)'],
  ['RF11', 'Agenzie di viaggi e turismo (art. 74-ter, DPR 633/72)'],
  ['RF12', 'Agriturismo (art. 5, c. 2, L. 413/91)'],
  ['RF13', 'Vendite a domicilio (art. 25-bis, c. 6, DPR 600/73)'],
  ['RF14', 'Rivendita beni usati, oggetti d’arte, d’antiquariato o da collezione (art. 36, DL 41/95)'],
  ['RF15', 'Agenzie di vendite all’asta di oggetti d’arte, antiquariato o da collezione (art. 40-bis, DL 41/95)'],
  ['RF16', 'IVA per cassa P.A. (art. 6, c. 5, DPR 633/72)'],
  ['RF17', 'IVA per cassa (art. 32-bis, DL 83/2012)'],
  ['RF18', 'Altro'],
  ['RF19', 'Regime forfettario (art. 1, c. 54-89, L. 190/2014)'],
] as const;

export type RegimeFiscale = (typeof REGIMI_FISCALI)[number][0];
export const REGIME_FISCALE_CODES: readonly RegimeFiscale[] = REGIMI_FISCALI.map(([code]) => code);
export const DEFAULT_REGIME_FISCALE: RegimeFiscale = 'RF01';

/** How an invoice treats VAT: the ordinary scheme, or the travel agencies' margin scheme (art. 74-ter). */
export const INVOICE_SCHEMES = ['ordinary', 'margin'] as const;
export type InvoiceScheme = (typeof INVOICE_SCHEMES)[number];

export const INVOICE_SCHEME_LABELS: Record<InvoiceScheme, string> = {
  ordinary: 'Regime ordinario (IVA esposta)',
  margin: 'Regime del margine agenzie di viaggio (art. 74-ter)',
};

/** A quote is invoiced once its customer confirmed it: confirmed, or closed after the service. */
export const INVOICEABLE_STATUSES = ['confirmed', 'closed'] as const;

export const E_INVOICE_LIMITS = { reaNumber: 20 } as const;

/** Spaces out, letters up: how codes are typed ("it60 x054…") and how they are kept. */
export const compactCode = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/* The check character of a personal codice fiscale: odd and even positions weigh differently. */
const ODD_WEIGHTS = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const valueOf = (char: string): number => (/\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65);

/**
 * A personal codice fiscale: 6 letters, 2 digits, month letter, 2 digits, a letter and 3 digits, then
 * the check letter. A code given to a namesake replaces digits with the letters L–V (omocodia), so
 * those places take either.
 */
const PERSONAL_CODE = /^[A-Z]{6}[\dLMNPQRSTUV]{2}[ABCDEHLMPRST][\dLMNPQRSTUV]{2}[A-Z][\dLMNPQRSTUV]{3}[A-Z]$/;

function personalCheckCharacter(first15: string): string {
  let sum = 0;
  for (let index = 0; index < 15; index += 1) {
    const value = valueOf(first15[index]);
    // positions are counted from 1: the first is odd
    sum += index % 2 === 0 ? ODD_WEIGHTS[value] : value;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/**
 * A codice fiscale: a person's 16 characters with the right check letter, or a company's 11 digits
 * (spaces and case aside).
 */
export function isFiscalCode(value: string): boolean {
  const code = compactCode(value);
  if (/^\d{11}$/.test(code)) return true;
  return PERSONAL_CODE.test(code) && personalCheckCharacter(code.slice(0, 15)) === code[15];
}

/**
 * An IBAN: country letters, two check digits and up to 30 letters or digits, whose check (the code
 * read as a number with its first four characters moved to the end, letters as 10–35) leaves 1 mod 97.
 * An Italian IBAN is 27 characters long.
 */
export function isIban(value: string): boolean {
  const iban = compactCode(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith('IT') && iban.length !== 27) return false;
  const digits = [...(iban.slice(4) + iban.slice(0, 4))].map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55))).join('');
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** The province of the REA office: two capital letters (MI, RM). */
export const isProvinceCode = (value: string): boolean => /^[A-Z]{2}$/.test(value.trim().toUpperCase());

/** The labels and messages of the e-invoice, for the forms and the server alike. */
export const E_INVOICE_MESSAGES = {
  fiscalCode: 'Codice fiscale non valido: 16 caratteri con il carattere di controllo corretto, o 11 cifre',
  iban: 'IBAN non valido',
  regimeFiscale: 'Regime fiscale non valido (RF01–RF19)',
  reaOffice: 'Ufficio REA: la sigla della provincia, due lettere',
  reaNumber: `Numero REA: al massimo ${E_INVOICE_LIMITS.reaNumber} caratteri`,
  scheme: 'Scegliere il regime: ordinary o margin',
  quoteNotInvoiceable: 'La fattura si emette solo da un preventivo confermato o chiuso',
  invoiceNotFound: 'Nessuna fattura per questo preventivo',
  dataMissing: 'Mancano dati per la fattura elettronica',
  yearFull: 'Numerazione delle fatture dell’anno esaurita',
} as const;

/** The field's name before its rule, so a client that skipped the form knows which field broke it. */
export const eInvoiceFieldMessage = (field: 'fiscalCode' | 'iban' | 'regimeFiscale' | 'reaOffice' | 'reaNumber' | 'scheme') =>
  `${field}: ${E_INVOICE_MESSAGES[field]}`;

/** What the e-invoice needs and is missing, as the answer names it. */
export const INVOICE_MISSING = {
  agencyVatNumber: "la partita IVA dell'agenzia (Impostazioni)",
  agencyName: "la ragione sociale dell'agenzia (Impostazioni)",
  agencyAddress: "l'indirizzo dell'agenzia (Impostazioni)",
  agencyCity: "la città dell'agenzia (Impostazioni)",
  agencyPostalCode: "il CAP dell'agenzia, 5 cifre (Impostazioni)",
  agencyCountry: "il paese dell'agenzia, sigla di due lettere (Impostazioni)",
  agencyFiscalCode: "un codice fiscale valido dell'agenzia (Impostazioni)",
  agencyIban: "un IBAN valido dell'agenzia (Impostazioni)",
  customer: 'il cliente del preventivo',
  customerRecipient: 'il codice SDI o la PEC del cliente',
  customerTaxId: 'la partita IVA o il codice fiscale del cliente',
  customerAddress: "l'indirizzo del cliente",
  customerCity: 'la città del cliente',
  customerPostalCode: 'il CAP del cliente, 5 cifre',
  customerCountry: 'il paese del cliente, sigla di due lettere',
  lines: 'almeno una riga confermata o un consumo',
  /** the ordinary scheme shows each product's VAT: a product without a rate above 0 needs one (or the margin scheme) */
  lineVatRate: (description: string) => `un'aliquota IVA maggiore di 0 per «${description}» (o il regime del margine)`,
} as const;

/** The invoice's number as printed: "2026/1". */
export const formatInvoiceNumber = (year: number, sequence: number): string => `${year}/${sequence}`;
