import { eInvoiceFieldMessage, INVOICE_SCHEMES, type InvoiceScheme } from '@quotebook/domain';
import { IsIn } from 'class-validator';
import type { TenantItemRequest, TenantItemWrite } from './principal';
import { rpcPattern } from './subjects';

/** Which VAT scheme the invoice of a quote is written in. */
export class GenerateInvoiceDto {
  @IsIn(INVOICE_SCHEMES, { message: eInvoiceFieldMessage('scheme') })
  scheme: InvoiceScheme;
}

/** A quote's electronic invoice (FatturaPA, FPR12): numbered per agency and year without gaps. */
export class InvoiceView {
  id: string;
  quoteId: string;
  /** "2026/1" */
  number: string;
  year: number;
  sequence: number;
  scheme: InvoiceScheme;
  /** the SdI file name: IT + the agency's VAT number + "_" + a progressive of 5 letters or digits + ".xml" */
  fileName: string;
  /** the invoice date, YYYY-MM-DD */
  issuedOn: string;
  /** what the document totals (ImportoTotaleDocumento) */
  totalAmount: string;
  createdAt: string;
}

/** The invoice's XML as it was issued, with its file name. */
export interface InvoiceFile {
  fileName: string;
  xml: string;
}

/** Issues the quote's invoice, or answers the one it has. */
export const INVOICES_GENERATE = rpcPattern<TenantItemWrite<GenerateInvoiceDto>, InvoiceView>('quoting.invoices.generate');
/** The XML of the quote's invoice; 404 when it has none. */
export const INVOICES_FILE = rpcPattern<TenantItemRequest, InvoiceFile>('quoting.invoices.file');
