import type { CsvImportReport, CsvRowReport } from '@quotebook/contracts';
import { CSV_HEADER_LINE, CSV_MESSAGES } from '@quotebook/domain';
import { appError } from '@quotebook/server-core';
import type { RowErrors } from './product-rows';

/**
 * The errors an answer lists at most, as JSON: the report (or the 400 listing the same errors) crosses
 * the bus in one message of at most 1 MB. The count of rows with errors stays exact beyond it.
 */
export const REPORT_MAX_BYTES = 512 * 1024;

/** The rows of an import with their errors, gathered in the order of the file. */
export class ImportReport {
  private readonly listed: CsvRowReport[] = [];
  private bytes = 0;
  private truncated = false;
  private headerBroken = false;
  private invalid = 0;

  constructor(private readonly rowCount: number) {}

  header(errors: RowErrors): void {
    if (Object.keys(errors).length === 0) return;
    this.headerBroken = true;
    this.list(CSV_HEADER_LINE, errors);
  }

  /** The row at `index` among the rows (its line counts the header). */
  row(index: number, errors: RowErrors): void {
    if (Object.keys(errors).length === 0) return;
    this.invalid += 1;
    this.list(CSV_HEADER_LINE + 1 + index, errors);
  }

  get hasErrors(): boolean {
    return this.headerBroken || this.invalid > 0;
  }

  answer(created: number): CsvImportReport {
    return { rows: this.listed, valid: this.rowCount - this.invalid, invalid: this.invalid, created, truncated: this.truncated };
  }

  /** The 400 of an import that writes nothing: one message per error, naming its line and column. */
  refusal() {
    const messages = this.listed.flatMap(({ line, errors }) => Object.entries(errors).map(([column, message]) => CSV_MESSAGES.rowError(line, column, message)));
    return appError('VALIDATION_FAILED', messages);
  }

  private list(line: number, errors: RowErrors): void {
    const entry = { line, errors };
    const size = Buffer.byteLength(JSON.stringify(entry));
    if (this.truncated || this.bytes + size > REPORT_MAX_BYTES) {
      this.truncated = true;
      return;
    }
    this.bytes += size;
    this.listed.push(entry);
  }
}
