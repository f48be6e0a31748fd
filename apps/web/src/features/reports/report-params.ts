import { isReportMonth, reportPeriod, todayIn, type ReportPeriod } from '@quotebook/domain';
import type { ReportQueryDto } from '@quotebook/contracts';
import { unparse } from 'papaparse';

/** What the reports page reads from its address: the period (YYYY-MM) and the filters. */
export interface ReportFilters {
  from?: string;
  to?: string;
  customerId?: string;
  productId?: string;
}

const FILTER_KEYS = ['from', 'to', 'customerId', 'productId'] as const satisfies readonly (keyof ReportFilters)[];

/** The filters of an address; a month written otherwise than YYYY-MM is left out (the default applies). */
export function filtersOf(params: URLSearchParams): ReportFilters {
  const filters: ReportFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if ((key === 'from' || key === 'to') && !isReportMonth(value)) continue;
    filters[key] = value;
  }
  return filters;
}

/** The address's search params with `change` applied; an empty value removes its key. */
export function withFilters(params: URLSearchParams, change: Partial<Record<keyof ReportFilters, string | undefined>>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** The period the filters name (the last twelve months by default), or the reasons it cannot be used. */
export function periodOf(filters: ReportFilters, today = todayIn()): ReportPeriod | { errors: string[] } {
  return reportPeriod({ from: filters.from, to: filters.to }, today);
}

/** The query every report is asked with: the period as read, and the filters. */
export function reportQuery(filters: ReportFilters, period: ReportPeriod): ReportQueryDto {
  const query: ReportQueryDto = { from: period.from, to: period.to };
  if (filters.customerId) query.customerId = filters.customerId;
  if (filters.productId) query.productId = filters.productId;
  return query;
}

/** "2026-03" → "mar 2026", the charts' and tables' month. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('it-IT', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, number - 1, 1)));
}

/** An API amount ("1234.50") as a spreadsheet set to Italian reads it: "1234,50". */
export const csvAmount = (amount: string | null) => (amount === null ? '' : amount.replace('.', ','));

/** Rows as CSV text: a header line, fields separated by semicolons (what an Italian spreadsheet opens). */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return unparse({ fields: [...header], data: rows.map((row) => [...row]) }, { delimiter: ';', newline: '\r\n' });
}

/** Hands the browser a CSV file to save. */
export function downloadCsv(fileName: string, text: string): void {
  // the byte order mark makes spreadsheets read the accents as UTF-8
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
