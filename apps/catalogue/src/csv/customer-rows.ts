import { CustomerDto } from '@quotebook/contracts';
import { CSV_MESSAGES, CUSTOMER_CSV, CUSTOMER_CSV_COLUMNS, CUSTOMER_CSV_TEXTS, DEFAULT_CUSTOMER_TITLE, DEFAULT_LANGUAGE, LOOP_MESSAGES, nameKey } from '@quotebook/domain';
import { tagIdsOf, type RowErrors } from './product-rows';
import { checkedDto } from './field-errors';

/** What a customers file's rows are checked against: the agency's languages and its records by name. */
export interface CustomerLookups {
  languages: readonly string[];
  /** price list name (nameKey) → the list; several lists may share a name, the active one counts */
  priceLists: ReadonlyMap<string, { id: string; isActive: boolean }>;
  /** customer tag name (nameKey) → id */
  tags: ReadonlyMap<string, string>;
}

/** A customer a valid row creates: its request (as the dialog sends it), price list and tags. */
export interface CustomerDraft {
  dto: CustomerDto;
  priceListId: string | null;
  tagIds: string[];
}

const KNOWN_COLUMNS: ReadonlySet<string> = new Set(CUSTOMER_CSV_COLUMNS);

export function customerHeaderErrors(columns: readonly string[]): RowErrors {
  return Object.fromEntries(columns.filter((column) => !KNOWN_COLUMNS.has(column)).map((column) => [column, CSV_MESSAGES.unknownColumn(column)]));
}

/**
 * One row of a customers file: the customer it creates, or its errors by column. The fields pass the
 * customer dialog's rules (salutation Spett.le when left empty, language Italian), the price list and
 * the tags go by name; the price list must be active, as the dialog offers only those.
 */
export function customerFromRow(row: Readonly<Record<string, string | null>>, lookups: CustomerLookups): { draft?: CustomerDraft; errors: RowErrors } {
  const text = (column: string) => (row[column] ?? '').trim();
  const plain: Record<string, unknown> = Object.fromEntries(CUSTOMER_CSV_TEXTS.map((field) => [field, text(CUSTOMER_CSV[field])]));
  if (plain['title'] === '') plain['title'] = DEFAULT_CUSTOMER_TITLE;
  plain['language'] = text(CUSTOMER_CSV.language).toLowerCase() || DEFAULT_LANGUAGE;
  const { dto, errors: broken } = checkedDto(CustomerDto, plain);
  const errors: RowErrors = Object.fromEntries(Object.entries(broken).map(([field, message]) => [CUSTOMER_CSV[field as keyof typeof CUSTOMER_CSV] ?? field, message]));

  if (!errors[CUSTOMER_CSV.language] && !lookups.languages.includes(dto.language ?? DEFAULT_LANGUAGE)) {
    errors[CUSTOMER_CSV.language] = LOOP_MESSAGES.languageNotOffered;
  }

  const priceListName = text(CUSTOMER_CSV.priceList);
  const priceList = priceListName === '' ? null : lookups.priceLists.get(nameKey(priceListName));
  if (priceList === undefined) errors[CUSTOMER_CSV.priceList] = CSV_MESSAGES.unknownPriceList(priceListName);
  else if (priceList && !priceList.isActive) errors[CUSTOMER_CSV.priceList] = CSV_MESSAGES.inactivePriceList(priceListName);

  const tags = tagIdsOf(row[CUSTOMER_CSV.tags] ?? '', lookups.tags);
  if (tags.error) errors[CUSTOMER_CSV.tags] = tags.error;

  if (Object.keys(errors).length > 0) return { errors };
  return { draft: { dto, priceListId: priceList?.id ?? null, tagIds: tags.ids }, errors };
}
