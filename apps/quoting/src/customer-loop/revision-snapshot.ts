import type {
  ChosenOptionalLine,
  CustomerView,
  ProductTexts,
  PublicAgencyView,
  PublicCustomerView,
  QuoteDetailView,
  QuoteItemView,
  QuoteRevisionView,
  RevisionItemView,
  RevisionSchedule,
  RevisionTemplateText,
  RevisionTotals,
  TenantView,
  VatSummaryLine,
} from '@quotebook/contracts';
import { countsInTotal, DEFAULT_LANGUAGE, type FigureLine, formatCents, quoteFigures, toCents, vatGroupLabel } from '@quotebook/domain';

/**
 * What a revision freezes of its quote when it is sent: everything its history view and the public page
 * show, as it was then, with the items' texts in the revision's language. Editing the quote afterwards
 * edits the next draft; this stays. Every part is built field by field from what a customer may read:
 * no cost or margin is ever copied in. The one thing written later is the customer's choice of
 * optional lines, when the revision is accepted.
 */
export interface RevisionSnapshot {
  quote: QuoteRevisionView['quote'];
  items: RevisionItemView[];
  vatSummary: VatSummaryLine[];
  totals: RevisionTotals;
  /** absent in revisions sent before deposits */
  schedule?: RevisionSchedule | null;
  templates: RevisionTemplateText[];
  customer: PublicCustomerView;
  agency: PublicAgencyView;
  /** written when the revision is accepted: the optional lines chosen and the total accepted */
  acceptedChoice?: { optionalLines: ChosenOptionalLine[]; total: string };
}

export interface SnapshotSources {
  quote: QuoteDetailView;
  /** null when the catalogue no longer has the customer: the quote's own name stands for it */
  customer: CustomerView | null;
  agency: TenantView;
  /** the items' texts in `language`, by product id (Italian where a translation is missing) */
  texts: readonly ProductTexts[];
  language: string;
  /** the layout's templates in `language`, as the documents service rendered them */
  templates: readonly RevisionTemplateText[];
}

/** Whether a line goes into the total: never an optional one; a confirmed quote counts its order-confirmed lines only. */
const isCounted = (quote: QuoteDetailView, item: QuoteItemView) => countsInTotal(item, quote.status);

const nonEmpty = (value: string | null | undefined): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const joined = (...parts: (string | null | undefined)[]) => parts.map(nonEmpty).filter((part): part is string => part !== null).join(' ') || null;

/** The line as the customer reads it: the product's texts in the language, the price per person charged, the split. */
export function revisionItem(item: QuoteItemView, texts: ProductTexts | undefined, language: string): RevisionItemView {
  const grossCents = toCents(item.grossPrice);
  const charged = item.chargedParticipants;
  // Italian is what the agency wrote on the quote itself (a description may have been changed by hand)
  const title = language === DEFAULT_LANGUAGE ? item.description : nonEmpty(texts?.title) ?? item.description;
  return {
    itemId: item.id,
    productId: item.productId,
    productCode: item.productCode,
    title,
    description: nonEmpty(texts?.shortDescription) ?? nonEmpty(item.catalogueDescription),
    quantity: item.quantity,
    chargedParticipants: charged,
    minParticipants: item.minParticipants,
    unitPrice: formatCents(charged > 0 ? Math.round(grossCents / charged) : grossCents),
    netPrice: item.netPrice,
    vatAmount: item.vatAmount,
    grossPrice: item.grossPrice,
    vatRate: item.vatRate,
    vatLabel: item.vatLabel,
    listPrice: item.listPrice,
    priceListApplied: item.priceListApplied,
    orderConfirmed: item.orderConfirmed,
    availableOnServiceDate: item.availableOnServiceDate,
    optional: item.optional,
    freePlaces: item.freePlaces,
  };
}

/** The deposit and balance the quote asks, when it asks a deposit. */
export function revisionSchedule(quote: Pick<QuoteDetailView, 'depositKind' | 'depositValue' | 'depositAmount' | 'balanceAmount' | 'balanceDueDate'>): RevisionSchedule | null {
  if (quote.depositKind === 'none' || quote.depositValue === null) return null;
  return {
    depositKind: quote.depositKind,
    depositValue: quote.depositValue,
    depositAmount: quote.depositAmount,
    balanceAmount: quote.balanceAmount,
    balanceDueDate: quote.balanceDueDate,
  };
}

/** What the optional lines of a revision add up to, VAT included. */
export const optionalTotalOf = (items: readonly Pick<RevisionItemView, 'optional' | 'grossPrice'>[]): string =>
  formatCents(items.filter((item) => item.optional === true).reduce((sum, item) => sum + toCents(item.grossPrice), 0));

/** What the public page shows of the agency: the details its documents print, nothing else. */
export function publicAgencyOf(agency: TenantView): PublicAgencyView {
  return {
    name: nonEmpty(agency.companyName) ?? agency.name,
    logoUrl: agency.logoUrl,
    email: nonEmpty(agency.referenceEmail),
    phone: nonEmpty(agency.phone) ?? nonEmpty(agency.mobile),
    address: [nonEmpty(agency.address), joined(agency.postalCode, agency.city), nonEmpty(agency.country)].filter(Boolean).join(', ') || null,
    vatNumber: nonEmpty(agency.vatNumber),
    website: nonEmpty(agency.website),
  };
}

/** The customer's printable fields (no e-mail, no tax codes beyond what the document prints). */
export function publicCustomerOf(customer: CustomerView | null, quote: Pick<QuoteDetailView, 'customerName'>): PublicCustomerView {
  if (!customer) return { name: quote.customerName, title: null, address: null, city: null, postalCode: null, country: null };
  return {
    name: customer.name,
    title: nonEmpty(customer.title),
    address: nonEmpty(customer.address),
    city: nonEmpty(customer.city),
    postalCode: nonEmpty(customer.postalCode),
    country: nonEmpty(customer.country),
  };
}

/** The revision's frozen content, its figures by the shared engine the documents print with. */
export function buildRevisionSnapshot({ quote, customer, agency, texts, language, templates }: SnapshotSources): RevisionSnapshot {
  const textsById = new Map(texts.map((text) => [text.id, text]));
  const lines: FigureLine[] = quote.items.map((item) => ({
    totalCents: toCents(item.totalPrice),
    priceIncludesVat: item.priceIncludesVat,
    vatRate: item.vatRate,
    counted: isCounted(quote, item),
  }));
  const consumptionsCents = quote.consumptions.reduce((sum, consumption) => sum + toCents(consumption.totalValue), 0);
  const figures = quoteFigures({ lines, consumptionsCents, manualTotalCents: quote.totalSetByHand ? toCents(quote.totalAmount) : null });
  return {
    quote: {
      id: quote.id,
      shortId: quote.shortId,
      number: quote.number,
      subject: quote.subject,
      serviceDate: quote.serviceDate,
      expiryDate: quote.expiryDate,
      status: quote.status,
      customerId: quote.customerId,
      customerName: quote.customerName,
    },
    items: quote.items.map((item) => revisionItem(item, textsById.get(item.productId), language)),
    vatSummary: figures.byRate.map((group) => ({
      rate: group.rate,
      label: vatGroupLabel(group.rate),
      net: formatCents(group.netCents),
      vat: formatCents(group.vatCents),
      gross: formatCents(group.grossCents),
    })),
    totals: {
      net: formatCents(figures.total.netCents),
      vat: formatCents(figures.total.vatCents),
      gross: formatCents(figures.total.grossCents),
      adjustment: figures.adjustmentCents === 0 ? null : formatCents(figures.adjustmentCents),
      consumptions: formatCents(consumptionsCents),
    },
    schedule: revisionSchedule(quote),
    templates: templates.map(({ templateType, title, content }) => ({ templateType, title, content })),
    customer: publicCustomerOf(customer, quote),
    agency: publicAgencyOf(agency),
  };
}

/**
 * A frozen line as the public page reads it, field by field (a revision sent before optional lines and
 * free places reads as none of either).
 */
export function publicItemOf(item: RevisionItemView): RevisionItemView {
  return {
    itemId: item.itemId ?? '',
    productId: item.productId,
    productCode: item.productCode,
    title: item.title,
    description: item.description,
    quantity: item.quantity,
    chargedParticipants: item.chargedParticipants,
    minParticipants: item.minParticipants,
    unitPrice: item.unitPrice,
    netPrice: item.netPrice,
    vatAmount: item.vatAmount,
    grossPrice: item.grossPrice,
    vatRate: item.vatRate,
    vatLabel: item.vatLabel,
    listPrice: item.listPrice,
    priceListApplied: item.priceListApplied,
    orderConfirmed: item.orderConfirmed,
    availableOnServiceDate: item.availableOnServiceDate,
    optional: item.optional === true,
    freePlaces: item.freePlaces ?? 0,
  };
}

/** The optional lines a revision offered, as its acceptance may choose them. */
export const offeredOptionalLines = (snapshot: Pick<RevisionSnapshot, 'items'>) =>
  snapshot.items.filter((item) => item.optional === true && typeof item.itemId === 'string').map((item) => ({ itemId: item.itemId, title: item.title, grossPrice: item.grossPrice }));
