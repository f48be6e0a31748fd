import { Body, Controller, Get, Header, HttpCode, Post, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, type ApiBodyOptions, ApiOkResponse, ApiOperation, ApiProduces, type ApiResponseOptions, ApiTags } from '@nestjs/swagger';
import {
  CSV_IMPORT_MAX_ROWS,
  CSV_MAX_COLUMNS,
  CsvImportDto,
  type CsvImportReport,
  CUSTOMERS_IMPORT,
  CUSTOMERS_LIST,
  MAX_LENGTH,
  PRICE_LISTS_LIST,
  PRODUCTS_IMPORT,
  PRODUCTS_LIST,
  TAGS_LIST,
  TENANTS_GET,
  VAT_RATES_LIST,
} from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { collectPages } from '../common/collect-pages';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';
import { CatalogueAdminOnly } from './catalogue-routes';
import { customersCsv, productsCsv } from './catalogue-csv';

const CSV_FILE = { 'text/csv': { schema: { type: 'string' } } } as const;

const IMPORT_BODY: ApiBodyOptions = {
  schema: {
    type: 'object',
    required: ['rows', 'dryRun'],
    properties: {
      rows: {
        type: 'array',
        maxItems: CSV_IMPORT_MAX_ROWS,
        items: { type: 'object', maxProperties: CSV_MAX_COLUMNS, additionalProperties: { type: 'string', nullable: true, maxLength: MAX_LENGTH.productExtendedDescription } },
      },
      dryRun: { type: 'boolean' },
    },
  },
};

const IMPORT_REPORT: ApiResponseOptions = {
  description: 'The rows with errors by column (line 1: the header), how many rows are valid, how many records were created (0 on a dry run)',
  schema: {
    type: 'object',
    required: ['rows', 'valid', 'invalid', 'created', 'truncated'],
    properties: {
      rows: {
        type: 'array',
        items: {
          type: 'object',
          required: ['line', 'errors'],
          properties: { line: { type: 'integer' }, errors: { type: 'object', additionalProperties: { type: 'string' } } },
        },
      },
      valid: { type: 'integer' },
      invalid: { type: 'integer' },
      created: { type: 'integer' },
      truncated: { type: 'boolean' },
    },
  },
};

/** An export answered as a file to save: UTF-8 CSV, never kept by a cache. */
function csvFile(text: string, fileName: string): StreamableFile {
  const bytes = Buffer.from(text, 'utf8');
  return new StreamableFile(bytes, { type: 'text/csv; charset=utf-8', length: bytes.length, disposition: `attachment; filename="${fileName}"` });
}

/**
 * The agency's products and customers as CSV files, and their import from the rows of such a file:
 * what an export writes, an import reads back. For the agency's admin.
 */
@ApiTags('catalogue-csv')
@ApiBearerAuth()
@Controller('tenants/:tenantId')
export class CatalogueCsvController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('products/export')
  @CatalogueAdminOnly()
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'Every product as CSV (prodotti.csv): code, texts per language, duration, VAT rate, tags and periods.' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ content: CSV_FILE })
  async exportProducts(@CurrentScope() scope: TenantScope): Promise<StreamableFile> {
    const [products, tenant, vatRates, tags] = await Promise.all([
      collectPages((page) => this.rpc.send(PRODUCTS_LIST, { ...scope, ...page })),
      this.rpc.send(TENANTS_GET, scope),
      this.rpc.send(VAT_RATES_LIST, scope),
      this.rpc.send(TAGS_LIST, { ...scope, targetType: 'product' }),
    ]);
    return csvFile(productsCsv(products, tenant.languages, vatRates, tags), 'prodotti.csv');
  }

  @Get('customers/export')
  @CatalogueAdminOnly()
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'Every customer as CSV (clienti.csv): every field, price list and tags by name.' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ content: CSV_FILE })
  async exportCustomers(@CurrentScope() scope: TenantScope): Promise<StreamableFile> {
    const [customers, priceLists, tags] = await Promise.all([
      collectPages((page) => this.rpc.send(CUSTOMERS_LIST, { ...scope, ...page })),
      this.rpc.send(PRICE_LISTS_LIST, scope),
      this.rpc.send(TAGS_LIST, { ...scope, targetType: 'customer' }),
    ]);
    return csvFile(customersCsv(customers, priceLists, tags), 'clienti.csv');
  }

  @Post('products/import')
  @CatalogueAdminOnly()
  @HttpCode(200)
  @ApiOperation({ summary: 'Checks (dryRun) or creates products from the rows of a CSV file: all of them in one transaction, or none (400 listing every error).' })
  @ApiBody(IMPORT_BODY)
  @ApiOkResponse(IMPORT_REPORT)
  importProducts(@CurrentScope() scope: TenantScope, @Body() data: CsvImportDto): Promise<CsvImportReport> {
    return this.rpc.send(PRODUCTS_IMPORT, { ...scope, data });
  }

  @Post('customers/import')
  @CatalogueAdminOnly()
  @HttpCode(200)
  @ApiOperation({ summary: 'Checks (dryRun) or creates customers from the rows of a CSV file: all of them in one transaction, or none (400 listing every error).' })
  @ApiBody(IMPORT_BODY)
  @ApiOkResponse(IMPORT_REPORT)
  importCustomers(@CurrentScope() scope: TenantScope, @Body() data: CsvImportDto): Promise<CsvImportReport> {
    return this.rpc.send(CUSTOMERS_IMPORT, { ...scope, data });
  }
}
