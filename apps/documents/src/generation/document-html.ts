import type { ConsumptionView, CustomerView, QuoteDetailView, QuoteItemView, TenantView } from '@quotebook/contracts';
import {
  formatDate,
  formatEuroCents,
  formatServiceDateTime,
  itemParticipants,
  parseCents,
  PRINT_PAGE,
  quoteShortId,
  type TemplateType,
  toWallClock,
  vatLabel,
} from '@quotebook/domain';
import { printableTemplateHtml } from '../templates/template-html';
import { totalsOf } from './vat-totals';

/** An image of the document: a `data:` URI (the preview) or the file name of one of the job's assets (PDF, Word). */
export interface PrintedImage {
  src: string;
}

/** One element of the layout as it prints. */
export type PrintedElement =
  | { type: 'quotes' }
  | {
      type: 'template';
      templateType: TemplateType;
      title: string;
      /** HTML, sanitized again and flattened to the depth limit as it is printed */
      content: string;
      headerPrint: boolean;
      signature: PrintedImage | null;
    };

/** Everything a document shows. */
export interface DocumentContent {
  quote: QuoteDetailView;
  agency: TenantView;
  /** null when the catalogue no longer knows the customer: the quote's name for it is printed */
  customer: CustomerView | null;
  elements: PrintedElement[];
  logo: PrintedImage | null;
  /** the business time zone: the quote's creation day is the day there */
  timeZone: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML shows it, whatever it holds. */
export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? '').replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

const cents = (money: string): number => parseCents(money) ?? 0;
const euro = (amount: number) => escapeHtml(formatEuroCents(amount));

/** Lines of text, each escaped, the empty ones left out. */
const lines = (values: (string | null | undefined)[], tag = 'div') =>
  values
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .map((value) => `<${tag}>${escapeHtml(value)}</${tag}>`)
    .join('');

const joined = (...parts: (string | null | undefined)[]) => parts.filter((part) => part && part.trim() !== '').join(' ');

const STYLE = `
@page { size: ${PRINT_PAGE.size}; margin: ${PRINT_PAGE.marginCm}cm; }
html { background: #fff; }
body { font-family: ${PRINT_PAGE.fontFamily}; font-size: ${PRINT_PAGE.fontSizePt}pt; line-height: 1.4; color: #000; margin: 0; }
@media screen { body { max-width: ${PRINT_PAGE.widthCm - 2 * PRINT_PAGE.marginCm}cm; margin: 0 auto; padding: ${PRINT_PAGE.marginCm}cm; } }
header.agency { display: flex; gap: 1em; align-items: flex-start; border-bottom: 1px solid #999; padding-bottom: 0.5em; margin-bottom: 1em; }
header.agency img { max-width: 4cm; max-height: 3cm; }
header.agency .company { font-weight: bold; }
.customer { margin: 1em 0 1em 50%; }
.customer .salutation { font-style: italic; }
.customer .name { font-weight: bold; }
.reference { margin-bottom: 1em; }
section { margin: 1em 0; }
/* a word longer than the line wraps: left whole, Chromium lays it out in time that grows with its square */
section.template { overflow-wrap: anywhere; }
h2 { font-size: 1.2em; margin: 0 0 0.5em; }
table { width: 100%; border-collapse: collapse; margin: 0.5em 0; }
th, td { border-bottom: 1px solid #ccc; padding: 0.25em 0.4em; text-align: left; vertical-align: top; }
td.number, th.number { text-align: right; white-space: nowrap; }
table.totals { width: auto; margin-left: auto; }
table.totals tr.total td { font-weight: bold; border-top: 2px solid #000; }
img.signature { display: block; max-width: 6cm; max-height: 3cm; margin-top: 0.5em; }
`;

function agencyHeader({ agency, logo }: DocumentContent): string {
  const place = joined(agency.postalCode, agency.city);
  const contacts = [
    agency.phone ? `Tel. ${agency.phone}` : null,
    agency.mobile ? `Cell. ${agency.mobile}` : null,
    agency.referenceEmail,
    agency.website,
  ];
  const taxes = [agency.vatNumber ? `P.IVA ${agency.vatNumber}` : null, agency.fiscalCode ? `C.F. ${agency.fiscalCode}` : null];
  return (
    `<header class="agency">${logo ? `<img class="logo" src="${escapeHtml(logo.src)}" alt="Logo">` : ''}` +
    `<div><div class="company">${escapeHtml(agency.companyName || agency.name)}</div>` +
    lines([agency.address, place, agency.country, joined(...contacts), joined(...taxes)]) +
    `</div></header>`
  );
}

function customerBlock({ customer, quote }: DocumentContent): string {
  if (!customer) return `<section class="customer"><div class="name">${escapeHtml(quote.customerName)}</div></section>`;
  return (
    `<section class="customer"><div class="salutation">${escapeHtml(customer.title)}</div>` +
    `<div class="name">${escapeHtml(customer.name)}</div>` +
    lines([
      customer.contact ? `Alla c.a. di ${customer.contact}` : null,
      customer.address,
      joined(customer.postalCode, customer.city),
      customer.country,
      customer.vatNumber ? `P.IVA ${customer.vatNumber}` : null,
    ]) +
    `</section>`
  );
}

function reference({ quote, timeZone }: DocumentContent): string {
  const created = formatDate(toWallClock(quote.createdAt, timeZone));
  return (
    `<section class="reference"><h1>Preventivo n. ${escapeHtml(quoteShortId(quote.id))}</h1>` +
    lines([
      `Data: ${created}`,
      quote.subject ? `Oggetto: ${quote.subject}` : null,
      `Data del servizio: ${formatServiceDateTime(quote.serviceDate, quote.serviceStartTime)}`,
      `Valido fino al: ${formatDate(quote.expiryDate)}`,
    ]) +
    `</section>`
  );
}

/**
 * The items a document prices: a confirmed quote is worth its confirmed items, any other quote all of
 * them (the rule of the quote's total).
 */
export function printedItems(quote: QuoteDetailView): QuoteItemView[] {
  return quote.status === 'confirmed' ? quote.items.filter((item) => item.orderConfirmed) : quote.items;
}

function itemRow(item: QuoteItemView): string {
  const label = vatLabel(item.priceIncludesVat, item.vatRate) ?? '';
  return (
    `<tr class="item"><td>${escapeHtml(item.description)}</td><td class="number">${itemParticipants(item)}</td>` +
    `<td class="number">${euro(cents(item.totalPrice))}</td><td class="vat-label">${escapeHtml(label)}</td></tr>`
  );
}

function consumptionsTable(consumptions: readonly ConsumptionView[]): string {
  if (consumptions.length === 0) return '';
  const rows = consumptions
    .map(
      (consumption) =>
        `<tr class="consumption"><td>${escapeHtml(consumption.description)}</td><td class="number">${consumption.quantity}</td>` +
        `<td class="number">${euro(cents(consumption.unitValue))}</td><td class="number">${euro(cents(consumption.totalValue))}</td></tr>`,
    )
    .join('');
  const total = consumptions.reduce((sum, consumption) => sum + cents(consumption.totalValue), 0);
  return (
    `<h2>Consumi</h2><table class="consumptions"><thead><tr><th>Descrizione</th><th class="number">Quantità</th>` +
    `<th class="number">Valore unitario</th><th class="number">Totale</th></tr></thead><tbody>${rows}</tbody>` +
    `<tfoot><tr><td colspan="3">Totale consumi</td><td class="number">${euro(total)}</td></tr></tfoot></table>`
  );
}

/** The quote's table: its items with participants, price and VAT label, the totals worked out per item, the consumptions. */
function quoteTable({ quote }: DocumentContent): string {
  const items = printedItems(quote);
  const totals = totalsOf(items.map((item) => ({ totalCents: cents(item.totalPrice), priceIncludesVat: item.priceIncludesVat, vatRate: item.vatRate })));
  return (
    `<section class="quote"><table class="items"><thead><tr><th>Descrizione</th><th class="number">Partecipanti</th>` +
    `<th class="number">Prezzo</th><th>IVA</th></tr></thead><tbody>${items.map(itemRow).join('')}</tbody></table>` +
    `<table class="totals"><tbody>` +
    `<tr class="taxable"><td>Imponibile</td><td class="number">${euro(totals.taxableCents)}</td></tr>` +
    `<tr class="vat-total"><td>IVA</td><td class="number">${euro(totals.vatCents)}</td></tr>` +
    `<tr class="total"><td>Totale</td><td class="number">${euro(totals.totalCents)}</td></tr>` +
    `</tbody></table>${consumptionsTable(quote.consumptions)}</section>`
  );
}

function templateSection(element: Extract<PrintedElement, { type: 'template' }>): string {
  const signature = element.signature ? `<img class="signature" src="${escapeHtml(element.signature.src)}" alt="Firma">` : '';
  return (
    `<section class="template template-${element.templateType}"><h2>${escapeHtml(element.title)}</h2>` +
    `<div class="content">${printableTemplateHtml(element.content)}</div>${signature}</section>`
  );
}

/**
 * The one HTML of a quote's document, for the preview, the PDF and the Word file alike: A4 with 2 cm
 * margins in a 12 pt serif font; the agency's header when a printed template asks for it, the
 * customer with its salutation, the quote's reference, then the layout's elements in order. Every
 * value is escaped; template HTML is sanitized again; images are only the ones given (no URL to fetch).
 */
export function renderDocumentHtml(content: DocumentContent): string {
  const withHeader = content.elements.some((element) => element.type === 'template' && element.headerPrint);
  const body = content.elements.map((element) => (element.type === 'quotes' ? quoteTable(content) : templateSection(element))).join('');
  return (
    `<!DOCTYPE html><html lang="it"><head><meta charset="utf-8">` +
    `<title>Preventivo ${escapeHtml(quoteShortId(content.quote.id))}</title><style>${STYLE}</style></head><body>` +
    (withHeader ? agencyHeader(content) : '') +
    customerBlock(content) +
    reference(content) +
    body +
    `</body></html>`
  );
}
