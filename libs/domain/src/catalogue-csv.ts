import { DEFAULT_LANGUAGE } from './languages';

/*
 * The CSV files of the catalogue: what the export writes and the import reads back, so that the export
 * of an agency imported into another gives the same products and customers. One row per product or
 * customer; a product's texts in one column per language (`title_it`, `title_en`…), its tags and its
 * VAT rate by name, its availability periods in one column written in the compact form below.
 */

/** Rows one import may hold: the whole import is one transaction and one answer. */
export const CSV_IMPORT_MAX_ROWS = 2000;
/** What the rows of an import may weigh as JSON: under the gateway's 1 MB body limit, with room for the envelope. */
export const CSV_IMPORT_MAX_BYTES = 900 * 1024;
/** Columns a row may have: the texts of every supported language, and the rest. */
export const CSV_MAX_COLUMNS = 200;
/** Tags in one cell: `Arte|Scuole`. */
export const CSV_LIST_SEPARATOR = '|';
/** Periods in one cell: `2026-04-01..2026-06-30 per_person=45.00; 2026-07-01..2026-08-31 flat_rate=300.00`. */
export const CSV_PERIOD_SEPARATOR = ';';
export const CSV_DATE_RANGE = '..';
/** The line of the header: a row's line is its position among the rows plus this. */
export const CSV_HEADER_LINE = 1;

/** A product's texts, one column per language: `${prefix}_${language}`. */
export const PRODUCT_TEXT_COLUMNS = [
  { prefix: 'title', texts: 'titles', field: 'title' },
  { prefix: 'subtitle', texts: 'subtitles', field: 'subtitle' },
  { prefix: 'short_description', texts: 'shortDescriptions', field: 'shortDescription' },
  { prefix: 'extended_description', texts: 'extendedDescriptions', field: 'extendedDescription' },
] as const;
export type ProductTextColumn = (typeof PRODUCT_TEXT_COLUMNS)[number];

/** A product's columns besides its texts; `code` is written by the export and never imported (the server gives codes). */
export const PRODUCT_CSV = {
  code: 'code',
  durationHours: 'duration_hours',
  durationMinutes: 'duration_minutes',
  vatRate: 'vat_rate',
  tags: 'tags',
  periods: 'periods',
} as const;

/** A customer's columns, by the field each holds. */
export const CUSTOMER_CSV = {
  title: 'title',
  name: 'name',
  email: 'email',
  phone: 'phone',
  contact: 'contact',
  address: 'address',
  country: 'country',
  city: 'city',
  postalCode: 'postal_code',
  priceList: 'price_list',
  vatNumber: 'vat_number',
  sdi: 'sdi',
  pec: 'pec',
  fiscalCode: 'fiscal_code',
  language: 'language',
  tags: 'tags',
} as const;
export const CUSTOMER_CSV_COLUMNS: readonly string[] = Object.values(CUSTOMER_CSV);

/** The customer's texts that go to and come from their column as they are. */
export const CUSTOMER_CSV_TEXTS = ['title', 'name', 'email', 'phone', 'contact', 'address', 'country', 'city', 'postalCode', 'vatNumber', 'sdi', 'pec', 'fiscalCode'] as const;
export type CustomerCsvText = (typeof CUSTOMER_CSV_TEXTS)[number];

/** Italian first, then the agency's other languages in their order. */
export function csvLanguages(languages: readonly string[]): string[] {
  return [DEFAULT_LANGUAGE, ...languages.filter((language) => language !== DEFAULT_LANGUAGE)];
}

/** The columns of the products' file for these languages. */
export function productCsvColumns(languages: readonly string[]): string[] {
  const texts = csvLanguages(languages).flatMap((language) => PRODUCT_TEXT_COLUMNS.map(({ prefix }) => `${prefix}_${language}`));
  return [PRODUCT_CSV.code, ...texts, PRODUCT_CSV.durationHours, PRODUCT_CSV.durationMinutes, PRODUCT_CSV.vatRate, PRODUCT_CSV.tags, PRODUCT_CSV.periods];
}

/** `title_en` → the title's column in English; null for a column that holds no product text. */
export function productTextColumnOf(column: string): { text: ProductTextColumn; language: string } | null {
  const match = /^([a-z_]+)_([a-z]{2})$/.exec(column);
  const text = match && PRODUCT_TEXT_COLUMNS.find(({ prefix }) => prefix === match[1]);
  return match && text ? { text, language: match[2] } : null;
}

/*
 * A period in one cell: its dates, then what it charges, each as `name=value`, separated by spaces:
 * `2026-04-01..2026-06-30 min_participants=10 per_person=45.00 flat_rate=100.00 additional_costs=5.00 vat_included`.
 * Only what the period charges is written; a value left out is not charged.
 */
type PeriodValueKind = 'money' | 'count' | 'flag' | 'ratio';

export interface PeriodValueColumn {
  key: string;
  kind: PeriodValueKind;
  /** the period's field (for `ratio`, its two fields: every, count) */
  fields: readonly string[];
  /** the switch the value turns on, when the period has one */
  flag?: string;
}

export const PERIOD_VALUES: readonly PeriodValueColumn[] = [
  { key: 'min_participants', kind: 'count', fields: ['minParticipants'], flag: 'hasMinParticipants' },
  { key: 'per_person', kind: 'money', fields: ['costPerPerson'], flag: 'hasCostPerPerson' },
  { key: 'flat_rate', kind: 'money', fields: ['flatRate'], flag: 'hasFlatRate' },
  { key: 'additional_costs', kind: 'money', fields: ['additionalCosts'], flag: 'hasAdditionalCosts' },
  { key: 'vat_included', kind: 'flag', fields: ['priceIncludesVat'] },
  { key: 'supplier_cost_per_person', kind: 'money', fields: ['supplierCostPerPerson'] },
  { key: 'supplier_cost_per_booking', kind: 'money', fields: ['supplierCostPerBooking'] },
  // "1 free every 20 paying": free_places=20+1
  { key: 'free_places', kind: 'ratio', fields: ['freePlacesEvery', 'freePlacesCount'] },
];

/** A period as it is read and written: its dates and fields by their API names. */
export type CsvPeriod = { startDate: string; endDate: string } & Record<string, unknown>;

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** One period in the compact form; `fields` limits the values to those the catalogue stores. */
export function formatCsvPeriod(written: { startDate: string; endDate: string }, fields?: ReadonlySet<string>): string {
  const period = written as CsvPeriod;
  const parts = [`${period.startDate}${CSV_DATE_RANGE}${period.endDate}`];
  for (const value of PERIOD_VALUES) {
    if (fields && !value.fields.every((field) => fields.has(field))) continue;
    if (value.flag && period[value.flag] === false) continue;
    const [first, second] = value.fields.map((field) => period[field]);
    if (value.kind === 'flag') {
      if (first === true) parts.push(value.key);
    } else if (value.kind === 'ratio') {
      if (present(first) && present(second)) parts.push(`${value.key}=${String(first)}+${String(second)}`);
    } else if (present(first)) parts.push(`${value.key}=${String(first)}`);
  }
  return parts.join(' ');
}

/** A product's periods in one cell. */
export function formatCsvPeriods(periods: readonly { startDate: string; endDate: string }[], fields?: ReadonlySet<string>): string {
  return periods.map((period) => formatCsvPeriod(period, fields)).join(`${CSV_PERIOD_SEPARATOR} `);
}

/** A whole number as text becomes the number; anything else stays as written, for the rules to refuse. */
const countOf = (text: string): number | string => (/^\d{1,9}$/.test(text) ? Number(text) : text);

/**
 * The periods of a cell, each with the fields its values set (a value sets its switch on; a money
 * value stays text for the period's own rules), or the message of the first thing that is no period.
 * `fields` limits the values to those the catalogue stores: another one is unknown.
 */
export function parseCsvPeriods(cell: string, fields?: ReadonlySet<string>): { periods: CsvPeriod[] } | { error: string } {
  const periods: CsvPeriod[] = [];
  const written = cell.split(CSV_PERIOD_SEPARATOR).map((part) => part.trim()).filter((part) => part !== '');
  for (const [index, text] of written.entries()) {
    const number = index + 1;
    const [range, ...tokens] = text.split(/\s+/);
    const dates = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(range);
    if (!dates) return { error: CSV_MESSAGES.periodDates(number) };
    const period: CsvPeriod = { startDate: dates[1], endDate: dates[2] };
    const seen = new Set<string>();
    for (const token of tokens) {
      const [key, value = ''] = token.split('=', 2);
      const known = PERIOD_VALUES.find((candidate) => candidate.key === key);
      if (!known || (fields && !known.fields.every((field) => fields.has(field)))) return { error: CSV_MESSAGES.periodUnknownValue(number, token) };
      if (seen.has(key)) return { error: CSV_MESSAGES.periodRepeatedValue(number, key) };
      seen.add(key);
      if (known.flag) period[known.flag] = true;
      if (known.kind === 'flag') {
        if (token !== key) return { error: CSV_MESSAGES.periodUnknownValue(number, token) };
        period[known.fields[0]] = true;
      } else if (known.kind === 'ratio') {
        const ratio = /^(\d{1,9})\+(\d{1,9})$/.exec(value);
        if (!ratio) return { error: CSV_MESSAGES.periodFreePlaces(number) };
        period[known.fields[0]] = Number(ratio[1]);
        period[known.fields[1]] = Number(ratio[2]);
      } else period[known.fields[0]] = known.kind === 'count' ? countOf(value) : value;
    }
    periods.push(period);
  }
  return { periods };
}

/** The names of a list cell (`Arte | Scuole`), trimmed, empty ones dropped. */
export function splitCsvList(cell: string | undefined): string[] {
  return (cell ?? '')
    .split(CSV_LIST_SEPARATOR)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

export const joinCsvList = (names: readonly string[]): string => names.join(CSV_LIST_SEPARATOR);

/**
 * A spreadsheet runs a cell that starts with one of these as a formula: the export writes it behind
 * an apostrophe (which the spreadsheet hides), and the import takes that apostrophe away again.
 */
const FORMULA_START = /^'[=+\-@\t\r]/;
export const unescapeCsvCell = (value: string): string => (FORMULA_START.test(value) ? value.slice(1) : value);

/** The key two writings of one name compare by: case and surrounding spaces aside (as the unique indexes do). */
export const nameKey = (name: string): string => name.trim().toLowerCase();

/** At most this much of a value is repeated in a message. */
const QUOTED_MAX = 40;
const quoted = (value: string) => `«${value.length > QUOTED_MAX ? `${value.slice(0, QUOTED_MAX - 1)}…` : value}»`;

/** What an import says about a file, a row or a cell. */
export const CSV_MESSAGES = {
  unknownColumn: (column: string) => `Colonna sconosciuta: ${quoted(column)}`,
  languageNotEnabled: (language: string) => `La lingua ${quoted(language)} non è attiva per l'agenzia`,
  noTitle: 'Serve almeno un titolo (title_it o in un’altra lingua)',
  unknownVatRate: (name: string) => `Aliquota IVA sconosciuta: ${quoted(name)}`,
  unknownTags: (names: readonly string[]) => `Tag sconosciut${names.length === 1 ? 'o' : 'i'}: ${names.slice(0, 5).map(quoted).join(', ')}`,
  tooManyTags: (max: number) => `Al massimo ${max} tag`,
  unknownPriceList: (name: string) => `Listino sconosciuto: ${quoted(name)}`,
  inactivePriceList: (name: string) => `Il listino ${quoted(name)} non è attivo`,
  productExists: (code: string) => `Il prodotto ${quoted(code)} esiste già: togli il codice per importarne una copia`,
  periodDates: (number: number) => `Periodo ${number}: scrivi le date come AAAA-MM-GG..AAAA-MM-GG`,
  periodUnknownValue: (number: number, token: string) => `Periodo ${number}: valore sconosciuto ${quoted(token)}`,
  periodRepeatedValue: (number: number, key: string) => `Periodo ${number}: ${key} è scritto due volte`,
  periodFreePlaces: (number: number) => `Periodo ${number}: scrivi le gratuità come free_places=20+1`,
  period: (number: number, message: string) => `Periodo ${number}: ${message}`,
  periodOverlaps: (other: number) => `si sovrappone al periodo ${other}`,
  tooManyPeriods: (max: number) => `Al massimo ${max} periodi`,
  textsTooLarge: (kilobytes: number) => `I testi del prodotto in tutte le lingue insieme possono essere al massimo ${kilobytes} KB`,
  tooManyRows: `Il file può avere al massimo ${String(CSV_IMPORT_MAX_ROWS).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} righe: dividilo in più file`,
  tooLarge: `Il file è troppo grande per un solo invio (al massimo ${Math.floor(CSV_IMPORT_MAX_BYTES / 1024)} KB): dividilo in più file`,
  noRows: 'Il file non contiene righe da importare',
  /** one error of an import that stopped, as the 400's message lists it */
  rowError: (line: number, column: string, message: string) => `Riga ${line}, ${column}: ${message}`,
} as const;
