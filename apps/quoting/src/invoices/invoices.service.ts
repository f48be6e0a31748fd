import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CUSTOMERS_GET,
  type CustomerView,
  E_INVOICE_MESSAGES,
  formatCents,
  formatInvoiceNumber,
  formatQuoteNumber,
  type GenerateInvoiceDto,
  INVOICEABLE_STATUSES,
  type InvoiceFile,
  type InvoiceScheme,
  type InvoiceView,
  type Principal,
  TENANTS_GET,
  toCents,
  todayIn,
} from '@quotebook/contracts';
import { appError, reasonOf, requireTenantAdministration, RpcClient } from '@quotebook/server-core';
import { readTenant, withTenant } from '@quotebook/server-core/service';
import { DataSource, type EntityManager } from 'typeorm';
import { QuotingEnv } from '../env';
import { lockQuote, quoteNotFound, readConsumptions, readItems } from '../quotes/quote-rows';
import { requireQuoteId } from '../quotes/quotes.service';
import { buildInvoiceXml, type InvoiceBuyer, invoiceFileName, invoiceProblems, invoiceProgressive, MAX_INVOICES_PER_YEAR } from './invoice-xml';

interface InvoiceRow {
  id: string;
  quote_id: string;
  year: number;
  number: number;
  scheme: InvoiceScheme;
  file_name: string;
  issued_on: string;
  total_amount: string;
  created_at: Date;
}

const INVOICE_COLUMNS = 'id, quote_id, year, number, scheme, file_name, issued_on, total_amount, created_at';

function mapInvoice(row: InvoiceRow): InvoiceView {
  return {
    id: row.id,
    quoteId: row.quote_id,
    number: formatInvoiceNumber(row.year, row.number),
    year: row.year,
    sequence: row.number,
    scheme: row.scheme,
    fileName: row.file_name,
    issuedOn: row.issued_on,
    totalAmount: formatCents(toCents(row.total_amount)),
    createdAt: row.created_at.toISOString(),
  };
}

async function readInvoice(manager: EntityManager, tenantId: string, quoteId: string): Promise<InvoiceRow | undefined> {
  const [row]: InvoiceRow[] = await manager.query(`SELECT ${INVOICE_COLUMNS} FROM quoting.invoices WHERE tenant_id = $1 AND quote_id = $2`, [tenantId, quoteId]);
  return row;
}

const buyerOf = (customer: CustomerView | null): InvoiceBuyer | null =>
  customer && {
    name: customer.name,
    vatNumber: customer.vatNumber,
    fiscalCode: customer.fiscalCode ?? null,
    sdi: customer.sdi,
    pec: customer.pec,
    address: customer.address,
    city: customer.city,
    postalCode: customer.postalCode,
    country: customer.country,
  };

/** A quote's electronic invoice: issued once by an administrator, then downloaded as issued. */
@Injectable()
export class InvoicesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly env: QuotingEnv,
  ) {}

  /**
   * Issues the quote's invoice in the scheme asked, or answers the one it already has (issued once:
   * asking again never takes a new number). The agency and the customer are asked before the
   * transaction; inside it the quote is locked, so two requests for one quote issue one invoice.
   */
  async generate(principal: Principal, tenantId: string, id: string, dto: GenerateInvoiceDto): Promise<InvoiceView> {
    requireTenantAdministration(principal, tenantId);
    const quoteId = requireQuoteId(id);
    const known = await readTenant(this.dataSource, tenantId, async (manager) => {
      const [quote]: { customer_id: string; status: string }[] = await manager.query(
        `SELECT customer_id, status FROM quoting.quotes WHERE tenant_id = $1 AND id = $2`,
        [tenantId, quoteId],
      );
      if (!quote) throw quoteNotFound();
      return { quote, invoice: await readInvoice(manager, tenantId, quoteId) };
    });
    if (known.invoice) return mapInvoice(known.invoice);
    assertInvoiceable(known.quote.status);
    const [agency, customer] = await Promise.all([this.rpc.send(TENANTS_GET, { principal, tenantId }), this.readCustomer(principal, tenantId, known.quote.customer_id)]);
    const issuedOn = todayIn(this.env.BUSINESS_TIME_ZONE);
    return withTenant(this.dataSource, tenantId, async (manager) => {
      const quote = await lockQuote(manager, tenantId, quoteId);
      const issued = await readInvoice(manager, tenantId, quoteId);
      if (issued) return mapInvoice(issued);
      assertInvoiceable(quote.status);
      // the customer read before the lock is the quote's still, unless someone changed it meanwhile
      const buyer = buyerOf(customer?.id === quote.customer_id ? customer : await this.readCustomer(principal, tenantId, quote.customer_id));
      const [items, consumptions] = await Promise.all([readItems(manager, tenantId, quoteId), readConsumptions(manager, tenantId, quoteId)]);
      const input = {
        scheme: dto.scheme,
        seller: agency,
        buyer,
        items: items
          .filter((item) => item.order_confirmed && !item.optional)
          .map((item) => ({
            description: item.description,
            quantity: item.charged_participants || item.quantity,
            totalCents: toCents(item.total_price),
            priceIncludesVat: item.price_includes_vat,
            vatRate: item.vat_rate,
          })),
        consumptions: consumptions.map((each) => ({ description: each.description, quantity: each.quantity, totalCents: toCents(each.total_value) })),
      };
      const problems = invoiceProblems(input);
      if (problems.length > 0) throw appError('INVOICE_DATA_MISSING', problems.map((problem) => `${E_INVOICE_MESSAGES.dataMissing}: ${problem}`));
      const year = Number(issuedOn.slice(0, 4));
      const sequence = await this.nextNumber(manager, tenantId, year);
      const progressive = invoiceProgressive(year, sequence);
      const subject = quote.subject ? ` - ${quote.subject}` : '';
      const { xml, totalCents } = buildInvoiceXml({
        ...input,
        year,
        sequence,
        progressive,
        issuedOn,
        reason: `Preventivo ${formatQuoteNumber(quote.number_year, quote.number_seq)}${subject}`,
        manualTotalCents: quote.manual_total === null ? null : toCents(quote.manual_total),
      });
      const [row]: InvoiceRow[] = await manager.query(
        `INSERT INTO quoting.invoices (tenant_id, quote_id, year, number, scheme, progressive, file_name, issued_on, total_amount, xml, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         RETURNING ${INVOICE_COLUMNS}`,
        [tenantId, quoteId, year, sequence, dto.scheme, progressive, invoiceFileName(agency, progressive), issuedOn, formatCents(totalCents), xml, principal.userId],
      );
      return mapInvoice(row);
    });
  }

  /** The XML of the quote's invoice as it was issued. */
  async file(principal: Principal, tenantId: string, id: string): Promise<InvoiceFile> {
    requireTenantAdministration(principal, tenantId);
    const quoteId = requireQuoteId(id);
    return readTenant(this.dataSource, tenantId, async (manager) => {
      const [row]: { file_name: string; xml: string }[] = await manager.query(
        `SELECT file_name, xml FROM quoting.invoices WHERE tenant_id = $1 AND quote_id = $2`,
        [tenantId, quoteId],
      );
      if (!row) throw appError('NOT_FOUND', E_INVOICE_MESSAGES.invoiceNotFound);
      return { fileName: row.file_name, xml: row.xml };
    });
  }

  /**
   * The next number of the agency's year. The counter's row stays locked until the transaction ends:
   * concurrent issues wait for each other, and an issue that fails gives its number back.
   */
  private async nextNumber(manager: EntityManager, tenantId: string, year: number): Promise<number> {
    const [{ number }]: { number: number }[] = await manager.query(
      `INSERT INTO quoting.invoice_numbers AS counter (tenant_id, year, last_number) VALUES ($1, $2, 1)
       ON CONFLICT (tenant_id, year) DO UPDATE SET last_number = counter.last_number + 1
       RETURNING counter.last_number AS number`,
      [tenantId, year],
    );
    if (number > MAX_INVOICES_PER_YEAR) throw appError('CONFLICT', E_INVOICE_MESSAGES.yearFull);
    return number;
  }

  /** The customer as the catalogue knows it; one it no longer knows is none. */
  private async readCustomer(principal: Principal, tenantId: string, customerId: string): Promise<CustomerView | null> {
    try {
      return await this.rpc.send(CUSTOMERS_GET, { principal, tenantId, id: customerId });
    } catch (error) {
      if (reasonOf(error) === 'NOT_FOUND') return null;
      throw error;
    }
  }
}

function assertInvoiceable(status: string): void {
  if (!(INVOICEABLE_STATUSES as readonly string[]).includes(status)) throw appError('INVOICE_NOT_ALLOWED', E_INVOICE_MESSAGES.quoteNotInvoiceable);
}
