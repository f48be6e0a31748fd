import type { CsvImportReport } from '@quotebook/contracts';
import { CSV_HEADER_LINE, CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS, CSV_MESSAGES } from '@quotebook/domain';
import Papa from 'papaparse';

/** A file read with its header row: the columns in the file's order, and each row's cells by column. */
export interface CsvFile {
  columns: string[];
  rows: Record<string, string>[];
}

/**
 * The rows of a CSV file's text (a spreadsheet's byte order mark taken away, the delimiter guessed:
 * Excel in Italian writes semicolons), or why it cannot be sent: no rows, too many, too large for one
 * request.
 */
export function readCsv(text: string): CsvFile | { error: string } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
  const columns = (parsed.meta.fields ?? []).filter((column) => column.trim() !== '');
  const rows = parsed.data.map((row) => Object.fromEntries(columns.map((column) => [column, row[column] ?? ''])));
  if (rows.length === 0) return { error: CSV_MESSAGES.noRows };
  if (rows.length > CSV_IMPORT_MAX_ROWS) return { error: CSV_MESSAGES.tooManyRows };
  if (new TextEncoder().encode(JSON.stringify({ rows, dryRun: false })).length > CSV_IMPORT_MAX_BYTES) return { error: CSV_MESSAGES.tooLarge };
  return { columns, rows };
}

/** The line a row has in the file and in the import's report. */
export const lineOf = (index: number) => CSV_HEADER_LINE + 1 + index;

/** The report's errors by line: what the preview marks on each row. */
export function errorsByLine(report: CsvImportReport | undefined): Map<number, Record<string, string>> {
  return new Map((report?.rows ?? []).map((row) => [row.line, row.errors]));
}

/** The errors of a row that no column of the file shows (a value the row lacks), to be listed beside it. */
export function errorsOutsideColumns(errors: Record<string, string> | undefined, columns: readonly string[]): string[] {
  return Object.entries(errors ?? {})
    .filter(([column]) => !columns.includes(column))
    .map(([column, message]) => `${column}: ${message}`);
}

/** A chosen file's text, read as UTF-8. */
export function fileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file, 'utf-8');
  });
}
