import { CSV_IMPORT_MAX_ROWS, CSV_MAX_COLUMNS, CSV_MESSAGES, MAX_LENGTH, mustBeBoolean } from '@quotebook/domain';
import { ArrayMaxSize, IsArray, IsBoolean, registerDecorator, type ValidationOptions } from 'class-validator';
import type { CatalogueWrite } from './catalogue';
import { rpcPattern } from './subjects';

/** What the API answers when `rows` is not a list of rows of texts. */
export const CSV_API_MESSAGES = {
  rows: `rows must be a list of rows, each an object of at most ${CSV_MAX_COLUMNS} column names and their texts`,
} as const;

/** The longest column name a row may carry. */
const COLUMN_NAME_MAX = 100;

/** One row of a CSV file read with its header: column name → the cell's text (null: an empty cell). */
function isCsvRow(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const cells = Object.entries(value);
  return (
    cells.length <= CSV_MAX_COLUMNS &&
    cells.every(([column, cell]) => column.length <= COLUMN_NAME_MAX && (cell === null || (typeof cell === 'string' && cell.length <= MAX_LENGTH.productExtendedDescription)))
  );
}

function IsCsvRows(options: ValidationOptions & { message: string }): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isCsvRows',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: { validate: (value: unknown) => Array.isArray(value) && value.every(isCsvRow) },
    });
}

/** POST .../products/import and .../customers/import: the rows of a file read with its header row. */
export class CsvImportDto {
  @IsArray({ message: CSV_API_MESSAGES.rows })
  @ArrayMaxSize(CSV_IMPORT_MAX_ROWS, { message: CSV_MESSAGES.tooManyRows })
  @IsCsvRows({ message: CSV_API_MESSAGES.rows })
  rows: Record<string, string | null>[];

  /** true: check every row and write nothing; false: write every row in one transaction, or nothing */
  @IsBoolean({ message: mustBeBoolean('dryRun') })
  dryRun: boolean;
}

/** A row with errors: its line in the file (the header is line 1) and a message per column. */
export interface CsvRowReport {
  line: number;
  errors: Record<string, string>;
}

/**
 * What an import found: the rows with errors (line 1 for the header's own problems), how many rows
 * are valid, and how many records were written (0 on a dry run). An import with errors writes
 * nothing: a dry run answers this report, a real one a 400 listing the same errors.
 */
export interface CsvImportReport {
  rows: CsvRowReport[];
  valid: number;
  invalid: number;
  created: number;
  /** true when there were more errors than one answer carries: the first ones are listed */
  truncated: boolean;
}

export const PRODUCTS_IMPORT = rpcPattern<CatalogueWrite<CsvImportDto>, CsvImportReport>('catalogue.products.import');
export const CUSTOMERS_IMPORT = rpcPattern<CatalogueWrite<CsvImportDto>, CsvImportReport>('catalogue.customers.import');
