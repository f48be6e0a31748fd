import {
  compactCode,
  type FigureLine,
  formatInvoiceNumber,
  INVOICE_MISSING,
  type InvoiceScheme,
  isFiscalCode,
  isIban,
  quoteFigures,
  type RegimeFiscale,
} from '@quotebook/domain';

/*
 * The FatturaPA invoice (schema 1.2.2, format FPR12: to private parties), written from a confirmed
 * quote. The schema's elements are unqualified: only the root carries the namespace.
 *
 * Lines: the order-confirmed items that are not optional, for their charged participants, then the
 * consumptions. A total set by hand on the quote is what the customer pays: its difference from the
 * lines is a line of its own per VAT rate ("Sconto" below, "Arrotondamento" above), so that every
 * summary adds up to its lines as the exchange system checks.
 *
 * Ordinary scheme: each product line at its net price with its VAT rate; the summary per rate shows
 * the taxable amount and the VAT. The consumptions are charged as recorded, with no VAT of their own
 * (the quote shows them as "IVA non indicata"): here they are expenses met on the customer's behalf,
 * outside the taxable amount (art. 15 DPR 633/72), rate 0.00 with Natura N1. A product without a VAT
 * rate cannot be invoiced in this scheme: the agency must give it one, or use the margin scheme.
 *
 * Margin scheme (art. 74-ter DPR 633/72, travel agencies): the agency pays VAT on its margin and
 * never shows VAT on the invoice. The seller's RegimeFiscale is RF11 on this invoice whatever the
 * agency's usual regime; every line carries its whole price VAT included, rate 0.00 with Natura N5
 * ("regime del margine / IVA non esposta in fattura"), and the summary names the rule in
 * RiferimentoNormativo. That is how the exchange system's specification asks for an invoice whose
 * VAT is not shown because of a special scheme: N5 is the nature of exactly those operations.
 */

export const FATTURAPA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
export const MARGIN_SCHEME_REFERENCE = 'Regime speciale per le agenzie di viaggio - art. 74-ter DPR 633/72';
const CONSUMPTIONS_REFERENCE = 'Spese anticipate in nome e per conto del cliente - art. 15 DPR 633/72';

/** The agency as its settings describe it. */
export interface InvoiceSeller {
  name: string;
  companyName: string | null;
  vatNumber: string | null;
  fiscalCode: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  regimeFiscale: RegimeFiscale;
  reaOffice: string | null;
  reaNumber: string | null;
  iban: string | null;
}

/** The customer as the catalogue knows it; null when the catalogue no longer has it. */
export interface InvoiceBuyer {
  name: string;
  vatNumber: string | null;
  fiscalCode: string | null;
  sdi: string | null;
  pec: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
}

export interface InvoiceItemLine {
  description: string;
  /** the participants charged */
  quantity: number;
  /** the line's price in its period's terms */
  totalCents: number;
  priceIncludesVat: boolean;
  vatRate: string | null;
}

export interface InvoiceConsumptionLine {
  description: string;
  quantity: number;
  totalCents: number;
}

export interface InvoiceInput {
  scheme: InvoiceScheme;
  year: number;
  sequence: number;
  /** the progressive of the transmission: the file name's last part, 5 letters or digits */
  progressive: string;
  /** YYYY-MM-DD */
  issuedOn: string;
  /** what the invoice is about ("Preventivo 2026/0001 - Gita a Roma") */
  reason: string | null;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer | null;
  items: readonly InvoiceItemLine[];
  consumptions: readonly InvoiceConsumptionLine[];
  manualTotalCents: number | null;
}

export interface BuiltInvoice {
  xml: string;
  totalCents: number;
}

/** The countries written out that agencies and customers are typed with, by their ISO code. */
const COUNTRY_NAMES: Record<string, string> = {
  ITALIA: 'IT',
  ITALY: 'IT',
  'SAN MARINO': 'SM',
  'CITTA DEL VATICANO': 'VA',
  SVIZZERA: 'CH',
  SWITZERLAND: 'CH',
  FRANCIA: 'FR',
  FRANCE: 'FR',
  GERMANIA: 'DE',
  GERMANY: 'DE',
  DEUTSCHLAND: 'DE',
  SPAGNA: 'ES',
  SPAIN: 'ES',
  ESPANA: 'ES',
  AUSTRIA: 'AT',
  'REGNO UNITO': 'GB',
  'UNITED KINGDOM': 'GB',
  UK: 'GB',
  'STATI UNITI': 'US',
  USA: 'US',
};

const withoutAccents = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** The ISO code of a country as typed; empty is Italy (the agencies and most customers are Italian). */
export function countryCode(country: string | null): string | null {
  const typed = withoutAccents(country ?? '').trim().toUpperCase();
  if (typed === '') return 'IT';
  if (/^[A-Z]{2}$/.test(typed)) return typed === 'UK' ? 'GB' : typed;
  return COUNTRY_NAMES[typed] ?? null;
}

/** A VAT number as the schema wants it: its digits and letters, without the country prefix. */
function vatCode(vatNumber: string | null, country: string): string | null {
  if (!vatNumber) return null;
  const code = compactCode(vatNumber).replace(/[^A-Z0-9]/g, '');
  const bare = code.startsWith(country) && code.length > country.length + 1 ? code.slice(country.length) : code;
  if (bare.length === 0 || bare.length > 28) return null;
  if (country === 'IT' && !/^\d{11}$/.test(bare)) return null;
  return bare;
}

const postalCodeOf = (postalCode: string | null) => {
  const code = (postalCode ?? '').replace(/\s+/g, '');
  return /^\d{5}$/.test(code) ? code : null;
};

/* ---------- text ---------- */

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);

/**
 * Text the schema takes: Latin-1 only (an accented letter outside it loses its accent, anything else
 * becomes "?"), no control characters, spaces collapsed, at most `max` characters.
 */
export function latinText(text: string, max: number, basicLatinOnly = false): string {
  const limit = basicLatinOnly ? 0x7e : 0xff;
  const chars = [...text.replace(/\s+/g, ' ').trim()].map((char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return ' ';
    if (code <= limit) return char;
    const plain = withoutAccents(char);
    return plain.length === 1 && (plain.codePointAt(0) ?? 0) <= limit ? plain : '?';
  });
  return chars.join('').slice(0, max).trim();
}

/* ---------- amounts ---------- */

/** Cents as the schema writes amounts: "-12.50". */
export function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** cents / quantity with 8 decimals, rounded half up: a unit price whose product with the quantity is the line's total. */
function unitPrice(cents: number, quantity: number): string {
  const scaled = (BigInt(Math.abs(cents)) * 1_000_000n * 2n + BigInt(quantity)) / (BigInt(quantity) * 2n);
  const text = scaled.toString().padStart(9, '0');
  return `${cents < 0 ? '-' : ''}${text.slice(0, -8)}.${text.slice(-8)}`;
}

/** A rate as the schema writes it: "22.00"; the same rate however it was typed ("22", "22.0"). */
const rateKey = (rate: string | null): string | null => (rate === null ? null : (Math.round(Number(rate) * 100) / 100).toFixed(2));
const rateText = (rate: string | null) => rateKey(rate) ?? '0.00';

/* ---------- what is missing ---------- */

/** What the invoice needs and the seller, the buyer or the lines do not give; empty when it can be written. */
export function invoiceProblems(input: Pick<InvoiceInput, 'scheme' | 'seller' | 'buyer' | 'items' | 'consumptions'>): string[] {
  const { seller, buyer } = input;
  const problems: string[] = [];
  const sellerCountry = countryCode(seller.country);
  if (sellerCountry === null) problems.push(INVOICE_MISSING.agencyCountry);
  else if (vatCode(seller.vatNumber, sellerCountry) === null) problems.push(INVOICE_MISSING.agencyVatNumber);
  if (seller.fiscalCode && !isFiscalCode(seller.fiscalCode)) problems.push(INVOICE_MISSING.agencyFiscalCode);
  if (!latinText(seller.companyName ?? seller.name, 80)) problems.push(INVOICE_MISSING.agencyName);
  if (!latinText(seller.address ?? '', 60)) problems.push(INVOICE_MISSING.agencyAddress);
  if (!latinText(seller.city ?? '', 60)) problems.push(INVOICE_MISSING.agencyCity);
  if (postalCodeOf(seller.postalCode) === null) problems.push(INVOICE_MISSING.agencyPostalCode);
  if (seller.iban && !isIban(seller.iban)) problems.push(INVOICE_MISSING.agencyIban);
  if (buyer === null) {
    problems.push(INVOICE_MISSING.customer);
  } else {
    const buyerCountry = countryCode(buyer.country);
    if (buyerCountry === null) problems.push(INVOICE_MISSING.customerCountry);
    if (buyerCountry === 'IT' && !recipientCode(buyer) && !buyer.pec) problems.push(INVOICE_MISSING.customerRecipient);
    const hasVat = buyerCountry !== null && vatCode(buyer.vatNumber, buyerCountry) !== null;
    const hasFiscalCode = !!buyer.fiscalCode && isFiscalCode(buyer.fiscalCode);
    if (!hasVat && !hasFiscalCode) problems.push(INVOICE_MISSING.customerTaxId);
    if (!latinText(buyer.address ?? '', 60)) problems.push(INVOICE_MISSING.customerAddress);
    if (!latinText(buyer.city ?? '', 60)) problems.push(INVOICE_MISSING.customerCity);
    if (buyerCountry === 'IT' && postalCodeOf(buyer.postalCode) === null) problems.push(INVOICE_MISSING.customerPostalCode);
  }
  if (input.items.length === 0 && input.consumptions.length === 0) problems.push(INVOICE_MISSING.lines);
  if (input.scheme === 'ordinary') {
    // a rate of 0 would need the reason it is not taxed (its nature), which the catalogue does not keep
    for (const item of input.items) if (Number(item.vatRate ?? 0) <= 0) problems.push(INVOICE_MISSING.lineVatRate(item.description));
  }
  return problems;
}

/** The customer's SDI recipient code: 7 letters or digits (6 are the public administration's, not FPR12's). */
function recipientCode(buyer: InvoiceBuyer): string | null {
  const code = compactCode(buyer.sdi ?? '');
  return /^[A-Z0-9]{7}$/.test(code) ? code : null;
}

/* ---------- the document ---------- */

/** An element: its text escaped, or its children; left out when it has neither. */
type Node = string | null | false | undefined;
const element = (name: string, ...children: Node[]): string => {
  const inner = children.filter((child): child is string => typeof child === 'string' && child !== '').join('');
  return inner === '' ? '' : `<${name}>${inner}</${name}>`;
};
const text = (name: string, value: string | null | undefined): string => (value ? `<${name}>${escapeXml(value)}</${name}>` : '');

interface Line {
  description: string;
  quantity: number | null;
  cents: number;
  /** "22.00"; null under a nature */
  rate: string | null;
  nature: 'N1' | 'N5' | null;
}

/** One summary group: a rate, or a nature at 0.00. */
interface Summary {
  rate: string | null;
  nature: Line['nature'];
  cents: number;
  vatCents: number;
}

/** The shared figures engine over the invoice's lines: as computed, and with the total set by hand. */
function figuresOf(input: InvoiceInput) {
  const lines: FigureLine[] = input.items.map((item) => ({ totalCents: item.totalCents, priceIncludesVat: item.priceIncludesVat, vatRate: item.vatRate, counted: true }));
  const consumptionsCents = input.consumptions.reduce((sum, each) => sum + each.totalCents, 0);
  return {
    automatic: quoteFigures({ lines, consumptionsCents, manualTotalCents: null }),
    charged: quoteFigures({ lines, consumptionsCents, manualTotalCents: input.manualTotalCents }),
  };
}

/** The invoice's lines, their summary groups and the total. */
function linesOf(input: InvoiceInput): { lines: Line[]; summary: Summary[]; totalCents: number } {
  const margin = input.scheme === 'margin';
  const { automatic, charged } = figuresOf(input);
  const itemLines: Line[] = input.items.map((item, index) => ({
    description: item.description,
    quantity: item.quantity,
    cents: margin ? automatic.lines[index].grossCents : automatic.lines[index].netCents,
    rate: margin ? null : rateKey(item.vatRate),
    nature: margin ? 'N5' : null,
  }));
  const consumptionLines: Line[] = input.consumptions.map((each) => ({
    description: each.description,
    quantity: each.quantity,
    cents: each.totalCents,
    rate: null,
    nature: margin ? 'N5' : 'N1',
  }));
  const adjustments: Line[] = [];
  if (charged.adjustmentLabel !== null) {
    if (margin) {
      adjustments.push({ description: charged.adjustmentLabel, quantity: null, cents: charged.adjustmentCents, rate: null, nature: 'N5' });
    } else {
      for (const group of charged.byRate) {
        const before = automatic.byRate.find((each) => each.rate === group.rate)?.netCents ?? 0;
        const cents = group.netCents - before;
        if (cents !== 0) adjustments.push({ description: charged.adjustmentLabel, quantity: null, cents, rate: group.rate, nature: group.rate === null ? 'N1' : null });
      }
    }
  }
  const lines = [...itemLines, ...consumptionLines, ...adjustments];
  // the VAT of a rate is the quote's own, rounded per line as the quote rounds it, so the invoice's total is the quote's
  const vatOfRate = new Map(charged.byRate.map((group) => [group.rate, group.vatCents]));
  const summary = new Map<string, Summary>();
  for (const line of lines) {
    const key = `${line.rate}/${line.nature}`;
    const group = summary.get(key) ?? { rate: line.rate, nature: line.nature, cents: 0, vatCents: line.nature === null ? (vatOfRate.get(line.rate) ?? 0) : 0 };
    group.cents += line.cents;
    summary.set(key, group);
  }
  return { lines, summary: [...summary.values()], totalCents: charged.total.grossCents };
}

function summaryXml(group: Summary): string {
  const reference = group.nature === 'N5' ? MARGIN_SCHEME_REFERENCE : group.nature === 'N1' ? CONSUMPTIONS_REFERENCE : null;
  return element(
    'DatiRiepilogo',
    text('AliquotaIVA', rateText(group.rate)),
    text('Natura', group.nature),
    text('ImponibileImporto', amount(group.cents)),
    text('Imposta', amount(group.vatCents)),
    // the VAT shown is due at once (immediate); none is shown under a nature
    group.nature === null ? text('EsigibilitaIVA', 'I') : null,
    text('RiferimentoNormativo', reference),
  );
}

function lineXml(line: Line, index: number): string {
  const quantity = line.quantity !== null && line.quantity > 0 ? line.quantity : null;
  return element(
    'DettaglioLinee',
    text('NumeroLinea', String(index + 1)),
    text('Descrizione', latinText(line.description, 1000) || '-'),
    quantity === null ? null : text('Quantita', `${quantity}.00`),
    text('PrezzoUnitario', quantity === null ? unitPrice(line.cents, 1) : unitPrice(line.cents, quantity)),
    text('PrezzoTotale', amount(line.cents)),
    text('AliquotaIVA', rateText(line.rate)),
    text('Natura', line.nature),
  );
}

function addressXml(name: string, party: { address: string | null; city: string | null; postalCode: string | null }, country: string): string {
  return element(
    name,
    text('Indirizzo', latinText(party.address ?? '', 60)),
    // outside Italy the postal code of the schema is a placeholder: the foreign one goes with the city
    text('CAP', country === 'IT' ? postalCodeOf(party.postalCode) : '00000'),
    text('Comune', latinText(country === 'IT' ? (party.city ?? '') : [party.postalCode, party.city].filter(Boolean).join(' '), 60)),
    text('Nazione', country),
  );
}

/** The invoice's XML; call invoiceProblems first (what it would name is written as best it can be here). */
export function buildInvoiceXml(input: InvoiceInput): BuiltInvoice {
  const { seller, scheme } = input;
  const buyer = input.buyer as InvoiceBuyer;
  const sellerCountry = countryCode(seller.country) ?? 'IT';
  const sellerVat = vatCode(seller.vatNumber, sellerCountry) ?? '';
  const buyerCountry = countryCode(buyer.country) ?? 'IT';
  const buyerVat = vatCode(buyer.vatNumber, buyerCountry);
  const buyerFiscalCode = buyer.fiscalCode && isFiscalCode(buyer.fiscalCode) ? compactCode(buyer.fiscalCode) : null;
  // a customer abroad has no SDI code: "XXXXXXX"; an Italian one without a code receives at its PEC ("0000000")
  const recipient = buyerCountry === 'IT' ? (recipientCode(buyer) ?? '0000000') : 'XXXXXXX';
  const { lines, summary, totalCents } = linesOf(input);
  const regime: RegimeFiscale = scheme === 'margin' ? 'RF11' : seller.regimeFiscale;
  const header = element(
    'FatturaElettronicaHeader',
    element(
      'DatiTrasmissione',
      element('IdTrasmittente', text('IdPaese', sellerCountry), text('IdCodice', sellerVat)),
      text('ProgressivoInvio', input.progressive),
      text('FormatoTrasmissione', 'FPR12'),
      text('CodiceDestinatario', recipient),
      recipient === '0000000' && buyer.pec ? text('PECDestinatario', buyer.pec.trim()) : null,
    ),
    element(
      'CedentePrestatore',
      element(
        'DatiAnagrafici',
        element('IdFiscaleIVA', text('IdPaese', sellerCountry), text('IdCodice', sellerVat)),
        seller.fiscalCode && isFiscalCode(seller.fiscalCode) ? text('CodiceFiscale', compactCode(seller.fiscalCode)) : null,
        element('Anagrafica', text('Denominazione', latinText(seller.companyName ?? seller.name, 80))),
        text('RegimeFiscale', regime),
      ),
      addressXml('Sede', seller, sellerCountry),
      seller.reaOffice && seller.reaNumber
        ? element(
            'IscrizioneREA',
            text('Ufficio', seller.reaOffice.toUpperCase()),
            text('NumeroREA', latinText(seller.reaNumber, 20, true)),
            // an agency issuing invoices is trading, not being wound up
            text('StatoLiquidazione', 'LN'),
          )
        : null,
    ),
    element(
      'CessionarioCommittente',
      element(
        'DatiAnagrafici',
        buyerVat === null ? null : element('IdFiscaleIVA', text('IdPaese', buyerCountry), text('IdCodice', buyerVat)),
        text('CodiceFiscale', buyerFiscalCode),
        element('Anagrafica', text('Denominazione', latinText(buyer.name, 80))),
      ),
      addressXml('Sede', buyer, buyerCountry),
    ),
  );
  const iban = seller.iban && isIban(seller.iban) ? compactCode(seller.iban) : null;
  const body = element(
    'FatturaElettronicaBody',
    element(
      'DatiGenerali',
      element(
        'DatiGeneraliDocumento',
        text('TipoDocumento', 'TD01'),
        text('Divisa', 'EUR'),
        text('Data', input.issuedOn),
        text('Numero', formatInvoiceNumber(input.year, input.sequence)),
        text('ImportoTotaleDocumento', amount(totalCents)),
        input.reason ? text('Causale', latinText(input.reason, 200)) : null,
      ),
    ),
    element(
      'DatiBeniServizi',
      ...lines.map(lineXml),
      ...summary.map(summaryXml),
    ),
    iban === null
      ? null
      : element(
          'DatiPagamento',
          text('CondizioniPagamento', 'TP02'),
          element('DettaglioPagamento', text('ModalitaPagamento', 'MP05'), text('ImportoPagamento', amount(totalCents)), text('IBAN', iban)),
        ),
  );
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<p:FatturaElettronica versione="FPR12" xmlns:p="${FATTURAPA_NAMESPACE}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">` +
    header +
    body +
    '</p:FatturaElettronica>\n';
  return { xml, totalCents };
}

/** The SdI file name: IT + the agency's VAT number + "_" + the progressive. */
export function invoiceFileName(seller: Pick<InvoiceSeller, 'vatNumber' | 'country'>, progressive: string): string {
  const country = countryCode(seller.country) ?? 'IT';
  return `${country}${vatCode(seller.vatNumber, country) ?? ''}_${progressive}.xml`;
}

/**
 * The progressive of an invoice, unique per agency: the year's last two digits and the number in
 * base 36 ("26001", "2600A"), 5 letters or digits as the file name wants. A year holds 46,655 invoices.
 */
export const MAX_INVOICES_PER_YEAR = 36 ** 3 - 1;
export function invoiceProgressive(year: number, sequence: number): string {
  return `${String(year % 100).padStart(2, '0')}${sequence.toString(36).toUpperCase().padStart(3, '0')}`;
}
