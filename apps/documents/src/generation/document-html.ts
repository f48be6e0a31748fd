import type { ConsumptionView, CustomerView, ProductTexts, QuoteDetailView, QuoteItemView, TenantView } from '@quotebook/contracts';
import {
  countsInTotal,
  DEFAULT_BOOKING_TIME,
  DEFAULT_LANGUAGE,
  type DocumentFormat,
  type DocumentLabels,
  documentLabels,
  type FigureLine,
  formatDate,
  formatEuroCents,
  itemParticipants,
  parseCents,
  PRINT_PAGE,
  quoteFigures,
  type QuoteFigures,
  quoteShortId,
  type TemplateType,
  timeOf,
  toWallClock,
  vatGroupLabelIn,
  vatLabelIn,
} from '@quotebook/domain';
import { printableTemplateHtml } from '../templates/template-html';

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

/** A quote's line as a document prints it: what a customer may read of it, nothing of its cost or margin. */
export type DocumentItem = Pick<
  QuoteItemView,
  | 'productId'
  | 'description'
  | 'quantity'
  | 'unitPrice'
  | 'totalPrice'
  | 'priceSource'
  | 'orderConfirmed'
  | 'confirmedParticipants'
  | 'priceIncludesVat'
  | 'vatRate'
  | 'priceListApplied'
  | 'listPrice'
  | 'availableOnServiceDate'
  | 'minParticipants'
  | 'chargedParticipants'
  | 'catalogueDescription'
  | 'optional'
  | 'freePlaces'
>;

/** A quote as a document prints it (see documentQuoteOf). */
export type DocumentQuote = Pick<
  QuoteDetailView,
  | 'id'
  | 'version'
  | 'number'
  | 'customerId'
  | 'customerName'
  | 'subject'
  | 'serviceDate'
  | 'serviceStartTime'
  | 'expiryDate'
  | 'createdAt'
  | 'status'
  | 'totalAmount'
  | 'totalSetByHand'
  | 'priceListName'
  | 'depositKind'
  | 'depositAmount'
  | 'balanceAmount'
  | 'balanceDueDate'
> & { items: DocumentItem[]; consumptions: ConsumptionView[] };

/**
 * What a document may print of a quote, field by field: a customer's document is made from this alone,
 * so an agency's cost or margin never reaches it, whatever the quote's view carries.
 */
export function documentQuoteOf(quote: DocumentQuote): DocumentQuote {
  return {
    id: quote.id,
    version: quote.version,
    number: quote.number,
    customerId: quote.customerId,
    customerName: quote.customerName,
    subject: quote.subject,
    serviceDate: quote.serviceDate,
    serviceStartTime: quote.serviceStartTime,
    expiryDate: quote.expiryDate,
    createdAt: quote.createdAt,
    status: quote.status,
    totalAmount: quote.totalAmount,
    totalSetByHand: quote.totalSetByHand,
    priceListName: quote.priceListName,
    depositKind: quote.depositKind ?? 'none',
    depositAmount: quote.depositAmount,
    balanceAmount: quote.balanceAmount,
    balanceDueDate: quote.balanceDueDate ?? null,
    items: quote.items.map((item) => ({
      productId: item.productId,
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: item.totalPrice,
      priceSource: item.priceSource,
      orderConfirmed: item.orderConfirmed,
      confirmedParticipants: item.confirmedParticipants,
      priceIncludesVat: item.priceIncludesVat,
      vatRate: item.vatRate,
      priceListApplied: item.priceListApplied,
      listPrice: item.listPrice,
      availableOnServiceDate: item.availableOnServiceDate,
      minParticipants: item.minParticipants,
      chargedParticipants: item.chargedParticipants,
      catalogueDescription: item.catalogueDescription,
      optional: item.optional === true,
      freePlaces: item.freePlaces ?? 0,
    })),
    consumptions: quote.consumptions.map(({ id, quoteId, productId, description, quantity, unitValue, totalValue, consumedAt }) => ({
      id,
      quoteId,
      productId,
      description,
      quantity,
      unitValue,
      totalValue,
      consumedAt,
    })),
  };
}

/** Everything a document shows. */
export interface DocumentContent {
  quote: DocumentQuote;
  agency: TenantView;
  /** null when the catalogue no longer knows the customer: the quote's name for it is printed */
  customer: CustomerView | null;
  elements: PrintedElement[];
  logo: PrintedImage | null;
  /** the business time zone: the quote's creation day is the day there */
  timeZone: string;
  /**
   * What the HTML becomes. The preview shows the running header once at its top (and, printed from a
   * browser, on every page with its page numbers); a PDF or Word file carries it as its page frame.
   */
  format: DocumentFormat;
  /** the customer's language (two-letter code): the fixed words, and the lines' texts when not Italian */
  language: string;
  /** the products' texts in that language, by product id (a line without one prints its own texts) */
  productTexts: ReadonlyMap<string, ProductTexts>;
}

/** The words of a document in its language. */
const wordsOf = (content: Pick<DocumentContent, 'language'>): DocumentLabels => documentLabels(content.language);

/**
 * The page frame of a PDF or Word document: HTML fragments in `<template>` elements of the document's
 * head (a browser shows nothing of them), which the worker hands to the converter as the header and
 * footer printed in the margins of every page. The footer marks where the page number and the page
 * count go with Chromium's classes, as Gotenberg's footer.html does: `<span class="pageNumber"></span>`,
 * `<span class="totalPages"></span>`.
 */
export const PAGE_FRAME = { header: 'page-header', footer: 'page-footer' } as const;

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

/** A CSS string holding any text: every character but letters, digits and spaces written as its code point. */
function cssString(value: string): string {
  return `"${[...value].map((character) => (/[A-Za-z0-9 ]/.test(character) ? character : `\\${character.codePointAt(0)?.toString(16)} `)).join('')}"`;
}

/** The running header's words: the agency and the quote's number. */
const runningTitle = (content: DocumentContent) =>
  `${content.agency.companyName || content.agency.name} · ${wordsOf(content).quoteNumber(quoteNumber(content.quote))}`;

/** The quote's progressive number ("2026/0001"); a quote without one (never numbered) by its short id. */
const quoteNumber = (quote: DocumentQuote) => quote.number || quoteShortId(quote.id);

/** The header and footer as the frame prints them: small, in the page's serif (their place in the margins is the converter's). */
const FRAME_STYLE = `font-family: ${PRINT_PAGE.fontFamily.replace(/"/g, "'")}; font-size: 9pt; color: #444; margin: 0;`;

const STYLE = `
@page { size: ${PRINT_PAGE.size}; margin: ${PRINT_PAGE.marginCm}cm; }
html { background: #fff; }
body { font-family: ${PRINT_PAGE.fontFamily}; font-size: ${PRINT_PAGE.fontSizePt}pt; line-height: 1.4; color: #000; margin: 0; }
@media screen { body { max-width: ${PRINT_PAGE.widthCm - 2 * PRINT_PAGE.marginCm}cm; margin: 0 auto; padding: ${PRINT_PAGE.marginCm}cm; } }
.running-header { font-size: 9pt; color: #444; border-bottom: 1px solid #ccc; padding-bottom: 0.25em; margin-bottom: 1em; }
@media print { .running-header { display: none; } }
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
tr.item .detail { font-size: 0.85em; color: #333; }
tr.item .mark { font-size: 0.85em; font-style: italic; }
tr.item.not-counted { color: #666; }
p.not-counted-note, p.optional-note { font-size: 0.9em; font-style: italic; }
section.payment-schedule { break-inside: avoid; }
tr { break-inside: avoid; }
/* the totals stay together on one page */
div.figures { break-inside: avoid; }
table.totals, table.vat-summary { width: auto; margin-left: auto; }
table.totals tr.total td { font-weight: bold; border-top: 2px solid #000; }
img.signature { display: block; max-width: 6cm; max-height: 3cm; margin-top: 0.5em; }
`;

/**
 * The preview's print styles: the running header at the top of every page and the page numbers at the
 * bottom, in the page's margins (a PDF or Word file has its own frame instead, never both).
 */
function previewPageStyle(content: DocumentContent): string {
  const words = wordsOf(content);
  return (
    `@page { @top-left { content: ${cssString(runningTitle(content))}; font-size: 9pt; color: #444; } ` +
    `@bottom-center { content: ${cssString(`${words.page} `)} counter(page) ${cssString(` ${words.pageOf} `)} counter(pages); font-size: 9pt; color: #444; } }`
  );
}

/** The page frame of a PDF or Word file (see PAGE_FRAME). */
function pageFrame(content: DocumentContent): string {
  const words = wordsOf(content);
  return (
    `<template id="${PAGE_FRAME.header}"><p style="${FRAME_STYLE}">${escapeHtml(runningTitle(content))}</p></template>` +
    `<template id="${PAGE_FRAME.footer}"><p style="${FRAME_STYLE} text-align: right;">${escapeHtml(words.page)} <span class="pageNumber"></span> ` +
    `${escapeHtml(words.pageOf)} <span class="totalPages"></span></p></template>`
  );
}

function agencyHeader(content: DocumentContent): string {
  const { agency, logo } = content;
  const words = wordsOf(content);
  const place = joined(agency.postalCode, agency.city);
  const contacts = [
    agency.phone ? `${words.phone} ${agency.phone}` : null,
    agency.mobile ? `${words.mobile} ${agency.mobile}` : null,
    agency.referenceEmail,
    agency.website,
  ];
  const taxes = [agency.vatNumber ? `${words.vatNumber} ${agency.vatNumber}` : null, agency.fiscalCode ? `${words.fiscalCode} ${agency.fiscalCode}` : null];
  return (
    `<header class="agency">${logo ? `<img class="logo" src="${escapeHtml(logo.src)}" alt="${escapeHtml(words.logo)}">` : ''}` +
    `<div><div class="company">${escapeHtml(agency.companyName || agency.name)}</div>` +
    lines([agency.address, place, agency.country, joined(...contacts), joined(...taxes)]) +
    `</div></header>`
  );
}

function customerBlock(content: DocumentContent): string {
  const { customer, quote } = content;
  const words = wordsOf(content);
  if (!customer) return `<section class="customer"><div class="name">${escapeHtml(quote.customerName)}</div></section>`;
  return (
    `<section class="customer"><div class="salutation">${escapeHtml(customer.title)}</div>` +
    `<div class="name">${escapeHtml(customer.name)}</div>` +
    lines([
      customer.contact ? words.forTheAttentionOf(customer.contact) : null,
      customer.address,
      joined(customer.postalCode, customer.city),
      customer.country,
      customer.vatNumber ? `${words.vatNumber} ${customer.vatNumber}` : null,
    ]) +
    `</section>`
  );
}

function reference(content: DocumentContent): string {
  const { quote, timeZone } = content;
  const words = wordsOf(content);
  const created = formatDate(toWallClock(quote.createdAt, timeZone));
  const serviceTime = words.atTime(formatDate(quote.serviceDate), timeOf(quote.serviceStartTime) ?? DEFAULT_BOOKING_TIME);
  return (
    `<section class="reference"><h1>${escapeHtml(words.quoteNumber(quoteNumber(quote)))}</h1>` +
    lines([
      `${words.date}: ${created}`,
      quote.subject ? `${words.subject}: ${quote.subject}` : null,
      `${words.serviceDate}: ${serviceTime}`,
      `${words.validUntil}: ${formatDate(quote.expiryDate)}`,
    ]) +
    `</section>`
  );
}

/** Whether a line goes into the quote's total: never an optional one; a confirmed quote counts its order-confirmed lines only. */
function isCounted(quote: DocumentQuote, item: DocumentItem): boolean {
  return countsInTotal(item, quote.status);
}

/** A line priced automatically for a product with no period on the service date: its price is still to be set. */
const priceToBeDefined = (item: DocumentItem) => item.availableOnServiceDate === false && item.priceSource === 'auto';

/** The quote's figures by the shared engine: its counted lines, its consumptions and a total set by hand. */
function documentFigures(quote: DocumentQuote): QuoteFigures {
  const lines: FigureLine[] = quote.items.map((item) => ({
    totalCents: cents(item.totalPrice),
    priceIncludesVat: item.priceIncludesVat,
    vatRate: item.vatRate,
    counted: isCounted(quote, item),
  }));
  const consumptionsCents = quote.consumptions.reduce((sum, consumption) => sum + cents(consumption.totalValue), 0);
  return quoteFigures({ lines, consumptionsCents, manualTotalCents: quote.totalSetByHand ? cents(quote.totalAmount) : null });
}

/**
 * A line's title and catalogue description as the customer reads them: in Italian the line's own (the
 * agent may have written its description); in another language the product's texts in it, the line's
 * own where the product has none.
 */
function lineTexts(content: DocumentContent, item: DocumentItem): { title: string; description: string | null } {
  const translated = content.language === DEFAULT_LANGUAGE ? undefined : content.productTexts.get(item.productId);
  return {
    title: translated?.title || item.description,
    description: translated ? (translated.shortDescription ?? item.catalogueDescription) : item.catalogueDescription,
  };
}

/** The minimum's note: "minimo 4 partecipanti: addebitati 4"; null when the booked participants are charged. */
function minimumNoteIn(words: DocumentLabels, item: DocumentItem): string | null {
  return item.minParticipants && itemParticipants(item) < item.minParticipants ? words.minimumNote(item.minParticipants) : null;
}

/** What is said under a line's description: its catalogue description, its minimum, the price list's discount, its marks. */
function lineDetails(content: DocumentContent, item: DocumentItem): string {
  const { quote } = content;
  const words = wordsOf(content);
  const details: { className: string; text: string | null }[] = [
    { className: 'detail catalogue', text: lineTexts(content, item).description },
    { className: 'detail minimum', text: minimumNoteIn(words, item) },
    {
      className: 'detail price-list',
      text:
        item.priceListApplied && item.listPrice !== null && item.priceSource === 'auto' && !priceToBeDefined(item)
          ? `${quote.priceListName ?? words.priceList}: ${formatEuroCents(cents(item.listPrice))} → ${formatEuroCents(cents(item.totalPrice))}`
          : null,
    },
    { className: 'mark unavailable', text: priceToBeDefined(item) ? words.unavailableOnDate : null },
    { className: 'mark not-counted', text: item.optional || isCounted(quote, item) ? null : words.notConfirmed },
  ];
  return details
    .filter((detail): detail is { className: string; text: string } => typeof detail.text === 'string' && detail.text.trim() !== '')
    .map((detail) => `<div class="${detail.className}">${escapeHtml(detail.text)}</div>`)
    .join('');
}

/**
 * What each person charged pays, in the line's terms: the line's price over the participants charged,
 * so that they times it make the line's price, whatever went into it (a flat rate, the price list's
 * amount off). Null for a price set by hand (the line's own: the period's price a person would not add
 * up to it), one still to be defined, and a line without a price per person.
 */
function unitCentsOf(item: DocumentItem): number | null {
  if (item.priceSource !== 'auto' || priceToBeDefined(item) || cents(item.unitPrice) <= 0 || item.chargedParticipants <= 0) return null;
  const unitCents = Math.round(cents(item.totalPrice) / item.chargedParticipants);
  return unitCents > 0 ? unitCents : null;
}

/** The participants, and beside them the paying ones and the free places when the period gives any: "20 + 1 gratuità". */
function participantsCell(words: DocumentLabels, item: DocumentItem): string {
  const participants = itemParticipants(item);
  if (!item.freePlaces || item.freePlaces <= 0) return String(participants);
  return `${participants}<div class="detail free-places">${escapeHtml(words.freePlaces(Math.max(participants - item.freePlaces, 0), item.freePlaces))}</div>`;
}

function itemRow(content: DocumentContent, item: DocumentItem): string {
  const { quote } = content;
  const words = wordsOf(content);
  const label = vatLabelIn(words, item.priceIncludesVat, item.vatRate) ?? '';
  const toBeDefined = priceToBeDefined(item);
  const unitCents = unitCentsOf(item);
  const unit = unitCents === null ? '' : euro(unitCents);
  const price = toBeDefined ? escapeHtml(words.priceToBeDefined) : euro(cents(item.totalPrice));
  const leftOut = !item.optional && !isCounted(quote, item);
  return (
    `<tr class="item${item.optional ? ' optional' : ''}${leftOut ? ' not-counted' : ''}"><td><div class="description">${escapeHtml(lineTexts(content, item).title)}</div>${lineDetails(content, item)}</td>` +
    `<td class="number">${participantsCell(words, item)}</td><td class="number">${unit}</td>` +
    `<td class="number">${price}</td><td class="vat-label">${escapeHtml(label)}</td></tr>`
  );
}

function consumptionsTable(words: DocumentLabels, consumptions: readonly ConsumptionView[], totalCents: number): string {
  if (consumptions.length === 0) return '';
  const rows = consumptions
    .map(
      (consumption) =>
        `<tr class="consumption"><td>${escapeHtml(consumption.description)}</td><td class="number">${consumption.quantity}</td>` +
        `<td class="number">${euro(cents(consumption.unitValue))}</td><td class="number">${euro(cents(consumption.totalValue))}</td></tr>`,
    )
    .join('');
  return (
    `<h2>${escapeHtml(words.consumptions)}</h2><table class="consumptions"><thead><tr><th>${escapeHtml(words.description)}</th>` +
    `<th class="number">${escapeHtml(words.quantity)}</th><th class="number">${escapeHtml(words.unitValue)}</th>` +
    `<th class="number">${escapeHtml(words.total)}</th></tr></thead><tbody>${rows}</tbody>` +
    `<tfoot><tr><td colspan="3">${escapeHtml(words.consumptionsTotal)}</td><td class="number">${euro(totalCents)}</td></tr></tfoot></table>`
  );
}

const totalRow = (className: string, label: string, amountCents: number) =>
  `<tr class="${className}"><td>${escapeHtml(label)}</td><td class="number">${euro(amountCents)}</td></tr>`;

/**
 * The totals: the counted lines, the consumptions, the difference a total set by hand makes, the VAT by
 * rate, and the quote's total with its VAT (the figure the list and the dashboard show).
 */
function totals(words: DocumentLabels, quote: DocumentQuote, figures: QuoteFigures): string {
  const adjustment = figures.adjustmentCents < 0 ? words.discount : figures.adjustmentCents > 0 ? words.rounding : null;
  const rows = [
    totalRow('lines-total', words.linesTotal, figures.linesTotal.grossCents),
    quote.consumptions.length > 0 ? totalRow('consumptions-total', words.consumptionsTotal, figures.consumptionsCents) : '',
    adjustment ? totalRow('adjustment', adjustment, figures.adjustmentCents) : '',
  ].join('');
  const rates = figures.byRate
    .map(
      (group) =>
        `<tr class="vat-rate"><td>${escapeHtml(vatGroupLabelIn(words, group.rate))}</td><td class="number">${euro(group.netCents)}</td>` +
        `<td class="number">${euro(group.vatCents)}</td><td class="number">${euro(group.grossCents)}</td></tr>`,
    )
    .join('');
  return (
    `<div class="figures"><table class="totals"><tbody>${rows}</tbody></table>` +
    `<table class="vat-summary"><thead><tr><th>${escapeHtml(words.rate)}</th><th class="number">${escapeHtml(words.net)}</th>` +
    `<th class="number">${escapeHtml(words.vat)}</th><th class="number">${escapeHtml(words.total)}</th></tr></thead><tbody>${rates}</tbody>` +
    `<tfoot><tr class="vat-total"><td>${escapeHtml(words.total)}</td><td class="number">${euro(figures.total.netCents)}</td>` +
    `<td class="number">${euro(figures.total.vatCents)}</td><td class="number">${euro(figures.total.grossCents)}</td></tr></tfoot></table>` +
    `<table class="totals"><tbody>${totalRow('total', words.totalVatIncluded, figures.total.grossCents)}</tbody></table></div>`
  );
}

/** "Acconto € X alla conferma" and "Saldo € Y entro il dd/mm/yyyy", when the quote asks a deposit. */
function paymentSchedule(words: DocumentLabels, quote: DocumentQuote): string {
  if (quote.depositKind !== 'percent' && quote.depositKind !== 'amount') return '';
  const dueDate = quote.balanceDueDate ? formatDate(quote.balanceDueDate) : null;
  return (
    `<section class="payment-schedule"><h2>${escapeHtml(words.paymentTerms)}</h2>` +
    `<div class="deposit">${escapeHtml(words.deposit(formatEuroCents(cents(quote.depositAmount))))}</div>` +
    `<div class="balance">${escapeHtml(words.balance(formatEuroCents(cents(quote.balanceAmount)), dueDate))}</div></section>`
  );
}

/**
 * The quote's table: every line with its details, participants (and free places), price per person and
 * line price and VAT label (a confirmed quote's unconfirmed lines marked and left out of the total, which
 * says so once), the consumptions, the totals worked out by the shared engine, the optional lines apart
 * under their own heading (in no total), and the deposit and balance when the quote asks a deposit.
 */
function quoteTable(content: DocumentContent): string {
  const { quote } = content;
  const words = wordsOf(content);
  const figures = documentFigures(quote);
  const included = quote.items.filter((item) => !item.optional);
  const optional = quote.items.filter((item) => item.optional);
  const leftOut = included.some((item) => !isCounted(quote, item));
  const heading = (text: string, className?: string) => `<th${className ? ` class="${className}"` : ''}>${escapeHtml(text)}</th>`;
  const head =
    `<thead><tr>${heading(words.description)}${heading(words.participants, 'number')}` +
    `${heading(words.perPerson, 'number')}${heading(words.price, 'number')}${heading(words.vat)}</tr></thead>`;
  const optionalSection =
    optional.length === 0
      ? ''
      : `<section class="optional-items"><h2>${escapeHtml(words.optionalServices)}</h2><table class="items optional">${head}` +
        `<tbody>${optional.map((item) => itemRow(content, item)).join('')}</tbody></table>` +
        `<p class="optional-note">${escapeHtml(words.optionalNote)}</p></section>`;
  return (
    `<section class="quote"><table class="items">${head}` +
    `<tbody>${included.map((item) => itemRow(content, item)).join('')}</tbody></table>` +
    (leftOut ? `<p class="not-counted-note">${escapeHtml(words.notCountedNote)}</p>` : '') +
    consumptionsTable(words, quote.consumptions, figures.consumptionsCents) +
    totals(words, quote, figures) +
    optionalSection +
    paymentSchedule(words, quote) +
    `</section>`
  );
}

function templateSection(words: DocumentLabels, element: Extract<PrintedElement, { type: 'template' }>): string {
  const signature = element.signature ? `<img class="signature" src="${escapeHtml(element.signature.src)}" alt="${escapeHtml(words.signature)}">` : '';
  return (
    `<section class="template template-${element.templateType}"><h2>${escapeHtml(element.title)}</h2>` +
    `<div class="content">${printableTemplateHtml(element.content)}</div>${signature}</section>`
  );
}

/**
 * The one HTML of a quote's document, for the preview, the PDF and the Word file alike: A4 with 2 cm
 * margins in a 12 pt serif font; a running header with the agency and the quote's number, and the page
 * numbers (the page frame of a file; in the preview, the header once at the top); the agency's header
 * when a printed template asks for it, the customer with its salutation, the quote's reference, then
 * the layout's elements in order. Every value is escaped; template HTML is sanitized again; images are
 * only the ones given (no URL to fetch).
 */
export function renderDocumentHtml(content: DocumentContent): string {
  const withHeader = content.elements.some((element) => element.type === 'template' && element.headerPrint);
  const words = wordsOf(content);
  const body = content.elements.map((element) => (element.type === 'quotes' ? quoteTable(content) : templateSection(words, element))).join('');
  const preview = content.format === 'preview';
  const lang = /^[a-z]{2}$/.test(content.language) ? content.language : DEFAULT_LANGUAGE;
  return (
    `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<title>${escapeHtml(words.quote)} ${escapeHtml(quoteNumber(content.quote))}</title>` +
    (preview ? '' : pageFrame(content)) +
    `<style>${STYLE}${preview ? previewPageStyle(content) : ''}</style></head><body>` +
    (preview ? `<div class="running-header">${escapeHtml(runningTitle(content))}</div>` : '') +
    (withHeader ? agencyHeader(content) : '') +
    customerBlock(content) +
    reference(content) +
    body +
    `</body></html>`
  );
}
