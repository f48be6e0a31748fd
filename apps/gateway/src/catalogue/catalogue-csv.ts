import type { CustomerView, PriceListView, ProductView, TagView, VatRateView } from '@quotebook/contracts';
import {
  CUSTOMER_CSV,
  CUSTOMER_CSV_COLUMNS,
  CUSTOMER_CSV_TEXTS,
  csvLanguages,
  formatCsvPeriods,
  joinCsvList,
  PRODUCT_CSV,
  PRODUCT_TEXT_COLUMNS,
  productCsvColumns,
} from '@quotebook/domain';
import Papa from 'papaparse';

/** Excel reads a file as UTF-8 (accents and all) only when it starts with the byte order mark. */
const BYTE_ORDER_MARK = '\uFEFF';

/** The names of the records a file names by name, by their ids. */
const namesById = (records: readonly { id: string }[], nameOf: (record: never) => string) =>
  new Map(records.map((record) => [record.id, nameOf(record as never)]));

/** The names of the tags of an item, in the list's order; a tag that went meanwhile is left out. */
const tagNames = (tagIds: readonly string[], names: ReadonlyMap<string, string>) =>
  joinCsvList(tagIds.flatMap((id) => (names.has(id) ? [names.get(id) as string] : [])));

/**
 * Records as CSV: header row, one row per record, CRLF line ends, cells that a spreadsheet would run as
 * a formula written behind an apostrophe (the import takes it away again), with the byte order mark.
 */
function csvText(columns: readonly string[], rows: readonly Record<string, string>[]): string {
  return BYTE_ORDER_MARK + Papa.unparse({ fields: [...columns], data: rows.map((row) => columns.map((column) => row[column] ?? '')) }, { escapeFormulae: true, newline: '\r\n' });
}

/** The products' file: the texts of every language the agency writes in (and any other a product has), VAT rate and tags by name, the periods. */
export function productsCsv(products: readonly ProductView[], languages: readonly string[], vatRates: readonly VatRateView[], tags: readonly TagView[]): string {
  const written = new Set(languages);
  for (const product of products) for (const { texts } of PRODUCT_TEXT_COLUMNS) for (const language of Object.keys(product[texts] ?? {})) written.add(language);
  const columnLanguages = csvLanguages([...written]);
  const vatRateNames = namesById(vatRates, (vatRate: VatRateView) => vatRate.description);
  const tagNamesById = namesById(tags, (tag: TagView) => tag.name);
  const rows = products.map((product) => {
    const row: Record<string, string> = {
      [PRODUCT_CSV.code]: product.code,
      [PRODUCT_CSV.durationHours]: String(product.durationHours),
      [PRODUCT_CSV.durationMinutes]: String(product.durationMinutes),
      [PRODUCT_CSV.vatRate]: (product.vatRateId && vatRateNames.get(product.vatRateId)) || '',
      [PRODUCT_CSV.tags]: tagNames(product.tagIds, tagNamesById),
      [PRODUCT_CSV.periods]: formatCsvPeriods(product.availability),
    };
    for (const language of columnLanguages) {
      for (const { prefix, texts } of PRODUCT_TEXT_COLUMNS) row[`${prefix}_${language}`] = product[texts]?.[language] ?? '';
    }
    return row;
  });
  return csvText(productCsvColumns(columnLanguages), rows);
}

/** The customers' file: every field, the price list and the tags by name. */
export function customersCsv(customers: readonly CustomerView[], priceLists: readonly PriceListView[], tags: readonly TagView[]): string {
  const priceListNames = namesById(priceLists, (priceList: PriceListView) => priceList.name);
  const tagNamesById = namesById(tags, (tag: TagView) => tag.name);
  const rows = customers.map((customer) => ({
    ...Object.fromEntries(CUSTOMER_CSV_TEXTS.map((field) => [CUSTOMER_CSV[field], customer[field] ?? ''])),
    [CUSTOMER_CSV.priceList]: (customer.priceListId && priceListNames.get(customer.priceListId)) || '',
    [CUSTOMER_CSV.language]: customer.language,
    [CUSTOMER_CSV.tags]: tagNames(customer.tagIds, tagNamesById),
  }));
  return csvText(CUSTOMER_CSV_COLUMNS, rows);
}
