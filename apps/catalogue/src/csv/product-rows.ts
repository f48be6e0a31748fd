import { AvailabilityDto, PRODUCT_TEXTS_MAX_BYTES, ProductDto } from '@quotebook/contracts';
import {
  CSV_MESSAGES,
  DEFAULT_LANGUAGE,
  MAX_TAGS,
  MESSAGES,
  nameKey,
  parseCsvPeriods,
  PRODUCT_CSV,
  PRODUCT_TEXT_COLUMNS,
  productTextColumnOf,
  splitCsvList,
} from '@quotebook/domain';
import { getMetadataStorage } from 'class-validator';
import { EMPTY_TEXTS, mergeLanguageTexts, type ProductTexts } from '../products/translations';
import { checkedDto } from './field-errors';

/** What a products file's rows are checked against: the agency's languages and its records by name. */
export interface ProductLookups {
  /** the languages the agency writes its products in */
  languages: readonly string[];
  /** VAT rate description (nameKey) → id */
  vatRates: ReadonlyMap<string, string>;
  /** product tag name (nameKey) → id */
  tags: ReadonlyMap<string, string>;
  /** the codes of the agency's products */
  codes: ReadonlySet<string>;
  /** how many periods a product may have */
  maxPeriods: number;
}

/** A product a valid row creates. */
export interface ProductDraft {
  texts: ProductTexts;
  durationHours: number;
  durationMinutes: number;
  vatRateId: string | null;
  tagIds: string[];
  periods: AvailabilityDto[];
}

export type RowErrors = Record<string, string>;

/** The fields a period has in this catalogue, read from its request's rules. */
export const PERIOD_FIELDS: ReadonlySet<string> = new Set(
  getMetadataStorage()
    .getTargetValidationMetadatas(AvailabilityDto, '', true, false)
    .map((rule) => rule.propertyName),
);

const FIXED_COLUMNS: ReadonlySet<string> = new Set(Object.values(PRODUCT_CSV));

/** The problems of the header: columns that hold nothing the catalogue knows, languages the agency does not write in. */
export function productHeaderErrors(columns: readonly string[], languages: readonly string[]): RowErrors {
  const errors: RowErrors = {};
  for (const column of columns) {
    if (FIXED_COLUMNS.has(column)) continue;
    const text = productTextColumnOf(column);
    if (!text) errors[column] = CSV_MESSAGES.unknownColumn(column);
    else if (!languages.includes(text.language)) errors[column] = CSV_MESSAGES.languageNotEnabled(text.language);
  }
  return errors;
}

const cell = (row: Readonly<Record<string, string | null>>, column: string) => (row[column] ?? '').trim();
/** A whole number as text becomes the number (empty: the default); anything else stays as written, for the rules to refuse. */
const wholeNumber = (text: string, empty: number): number | string => (text === '' ? empty : /^\d{1,9}$/.test(text) ? Number(text) : text);

/** Where each property of the product's request is written in the file. */
const DTO_COLUMNS: Record<string, (language: string) => string> = {
  ...Object.fromEntries(PRODUCT_TEXT_COLUMNS.map(({ field, prefix }) => [field, (language: string) => `${prefix}_${language}`])),
  durationHours: () => PRODUCT_CSV.durationHours,
  durationMinutes: () => PRODUCT_CSV.durationMinutes,
};

/**
 * One row of a products file: the product it creates, or its errors by column. Each language's texts
 * pass the product dialog's rules (a title for every language written), VAT rate and tags go by name,
 * the periods pass the period dialog's rules and may not overlap. A row whose code is one of the
 * agency's products would repeat it: importing it again needs the code taken away.
 */
export function productFromRow(row: Readonly<Record<string, string | null>>, lookups: ProductLookups): { draft?: ProductDraft; errors: RowErrors } {
  const errors: RowErrors = {};
  const durationHours = wholeNumber(cell(row, PRODUCT_CSV.durationHours), 0);
  const durationMinutes = wholeNumber(cell(row, PRODUCT_CSV.durationMinutes), 0);

  let texts: ProductTexts = EMPTY_TEXTS;
  for (const language of lookups.languages) {
    const written = Object.fromEntries(PRODUCT_TEXT_COLUMNS.map(({ field, prefix }) => [field, row[`${prefix}_${language}`] ?? '']));
    if (Object.values(written).every((text) => text.trim() === '')) continue;
    const { dto, errors: broken } = checkedDto(ProductDto, { language, ...written, durationHours, durationMinutes });
    for (const [property, message] of Object.entries(broken)) errors[DTO_COLUMNS[property]?.(language) ?? property] ??= message;
    if (Object.keys(broken).length === 0) texts = mergeLanguageTexts(texts, language, dto);
  }
  const titled = Object.values(texts.titles).some((title) => title.trim() !== '');
  const italianTitle = `${PRODUCT_TEXT_COLUMNS[0].prefix}_${DEFAULT_LANGUAGE}`;
  if (!titled && Object.keys(errors).length === 0) errors[italianTitle] = CSV_MESSAGES.noTitle;
  if (Buffer.byteLength(JSON.stringify(texts)) > PRODUCT_TEXTS_MAX_BYTES) {
    errors[`${PRODUCT_TEXT_COLUMNS[3].prefix}_${DEFAULT_LANGUAGE}`] = CSV_MESSAGES.textsTooLarge(PRODUCT_TEXTS_MAX_BYTES / 1024);
  }

  const code = cell(row, PRODUCT_CSV.code).toUpperCase();
  if (code !== '' && lookups.codes.has(code)) errors[PRODUCT_CSV.code] = CSV_MESSAGES.productExists(code);

  const vatRateName = cell(row, PRODUCT_CSV.vatRate);
  const vatRateId = vatRateName === '' ? null : (lookups.vatRates.get(nameKey(vatRateName)) ?? null);
  if (vatRateName !== '' && vatRateId === null) errors[PRODUCT_CSV.vatRate] = CSV_MESSAGES.unknownVatRate(vatRateName);

  const tags = tagIdsOf(row[PRODUCT_CSV.tags] ?? '', lookups.tags);
  if (tags.error) errors[PRODUCT_CSV.tags] = tags.error;

  const periods = periodsOf(row[PRODUCT_CSV.periods] ?? '', lookups.maxPeriods);
  if (periods.error) errors[PRODUCT_CSV.periods] = periods.error;

  if (Object.keys(errors).length > 0) return { errors };
  return {
    draft: {
      texts,
      durationHours: Number(durationHours),
      durationMinutes: Number(durationMinutes),
      vatRateId,
      tagIds: tags.ids,
      periods: periods.periods,
    },
    errors,
  };
}

/** The ids of a cell's tags by name (each once), or the message naming those that are no tag of this kind. */
export function tagIdsOf(cellText: string, tags: ReadonlyMap<string, string>): { ids: string[]; error?: string } {
  const names = splitCsvList(cellText);
  const unknown = names.filter((name) => !tags.has(nameKey(name)));
  if (unknown.length > 0) return { ids: [], error: CSV_MESSAGES.unknownTags(unknown) };
  const ids = [...new Set(names.map((name) => tags.get(nameKey(name)) as string))];
  if (ids.length > MAX_TAGS) return { ids: [], error: CSV_MESSAGES.tooManyTags(MAX_TAGS) };
  return { ids };
}

/** The periods of a cell, each passing the period's rules, none overlapping another; or the first problem. */
function periodsOf(cellText: string, maxPeriods: number): { periods: AvailabilityDto[]; error?: string } {
  const parsed = parseCsvPeriods(cellText, PERIOD_FIELDS);
  if ('error' in parsed) return { periods: [], error: parsed.error };
  if (parsed.periods.length > maxPeriods) return { periods: [], error: CSV_MESSAGES.tooManyPeriods(maxPeriods) };
  const periods: AvailabilityDto[] = [];
  for (const [index, period] of parsed.periods.entries()) {
    const number = index + 1;
    const { dto, errors } = checkedDto(AvailabilityDto, period);
    const [first] = Object.values(errors);
    if (first !== undefined) return { periods: [], error: CSV_MESSAGES.period(number, first) };
    if (dto.endDate < dto.startDate) return { periods: [], error: CSV_MESSAGES.period(number, MESSAGES.endBeforeStart) };
    const overlapped = periods.findIndex((other) => other.startDate <= dto.endDate && dto.startDate <= other.endDate);
    if (overlapped >= 0) return { periods: [], error: CSV_MESSAGES.period(number, CSV_MESSAGES.periodOverlaps(overlapped + 1)) };
    periods.push(dto);
  }
  return { periods };
}
