import type { AvailabilityView } from '@quotebook/contracts';
import { MAX_PARTICIPANTS, MESSAGES } from '@quotebook/domain';
import { formatDate } from '../../shared/formatters';
import { formatEuro, isMoneyText, moneyOrNull } from '../../shared/money';
import type { AvailabilityRequest } from './products.api';

export const AVAILABILITY_MESSAGES = {
  startDateRequired: MESSAGES.startDateRequired,
  endDateRequired: MESSAGES.endDateRequired,
  endBeforeStart: MESSAGES.endBeforeStart,
  minParticipants: MESSAGES.minParticipants,
  amount: MESSAGES.amount,
  freePlaces: MESSAGES.freePlaces,
} as const;

/** The supplier's terms of a period: what the agency pays, never shown to its customers. */
export const SUPPLIER_TEXTS = {
  section: 'Costi fornitore e gratuità',
  costPerPerson: 'Costo fornitore per persona',
  costPerBooking: 'Costo fornitore per prenotazione',
  freePlacesCount: 'Gratuità',
  freePlacesEvery: 'Ogni quanti paganti',
  costHint: 'Facoltativo: il costo che la tua agenzia paga',
} as const;

/** "Gratuità: 1 ogni 20 paganti" */
export function freePlacesText(count: number | string, every: number | string): string {
  return `${SUPPLIER_TEXTS.freePlacesCount}: ${count} ogni ${every} paganti`;
}

/** Under the free places fields: the rule as typed, or that none is given (with an example). */
export function freePlacesPreview(count: string, every: string): string {
  return count.trim() && every.trim() ? freePlacesText(count.trim(), every.trim()) : `Nessuna gratuità (es. ${freePlacesText(1, 20)})`;
}

export const DELETE_AVAILABILITY_CONFIRMATION =
  'Are you sure you want to delete this availability period? This action cannot be undone.';

/** Each optional value and the checkbox that switches it on. */
export const OPTIONAL_VALUES = [
  { flag: 'hasMinParticipants', field: 'minParticipants', checkboxLabel: 'Minimum participants', fieldLabel: 'Min. participants' },
  { flag: 'hasCostPerPerson', field: 'costPerPerson', checkboxLabel: 'Cost per person', fieldLabel: 'Cost per person (€)' },
  { flag: 'hasFlatRate', field: 'flatRate', checkboxLabel: 'Flat rate', fieldLabel: 'Flat rate (€)' },
  { flag: 'hasAdditionalCosts', field: 'additionalCosts', checkboxLabel: 'Additional costs', fieldLabel: 'Additional costs (€)' },
] as const;

type Flag = (typeof OPTIONAL_VALUES)[number]['flag'];
type ValueField = (typeof OPTIONAL_VALUES)[number]['field'];
type MoneyField = Exclude<ValueField, 'minParticipants'>;

/** The supplier's amounts and free places: each optional, an empty one is none. */
type SupplierField = 'supplierCostPerPerson' | 'supplierCostPerBooking' | 'freePlacesCount' | 'freePlacesEvery';

export interface AvailabilityFormValues extends Record<Flag, boolean>, Record<ValueField, string>, Record<SupplierField, string> {
  startDate: string;
  endDate: string;
  priceIncludesVat: boolean;
}

export type AvailabilityFormErrors = Partial<Record<'startDate' | 'endDate' | ValueField | SupplierField, string>>;

export function availabilityFormFrom(period?: AvailabilityView): AvailabilityFormValues {
  return {
    startDate: period?.startDate ?? '',
    endDate: period?.endDate ?? '',
    hasMinParticipants: period?.hasMinParticipants ?? false,
    minParticipants: period?.minParticipants == null ? '' : String(period.minParticipants),
    hasCostPerPerson: period?.hasCostPerPerson ?? false,
    costPerPerson: period?.costPerPerson ?? '',
    hasFlatRate: period?.hasFlatRate ?? false,
    flatRate: period?.flatRate ?? '',
    hasAdditionalCosts: period?.hasAdditionalCosts ?? false,
    additionalCosts: period?.additionalCosts ?? '',
    priceIncludesVat: period?.priceIncludesVat ?? false,
    supplierCostPerPerson: period?.supplierCostPerPerson ?? '',
    supplierCostPerBooking: period?.supplierCostPerBooking ?? '',
    freePlacesCount: period?.freePlacesCount == null ? '' : String(period.freePlacesCount),
    freePlacesEvery: period?.freePlacesEvery == null ? '' : String(period.freePlacesEvery),
  };
}

const wholeNumber = (text: string) => /^[1-9]\d*$/.test(text) && Number(text) <= MAX_PARTICIPANTS;

/** Supplier costs are amounts when given; free places are both given (whole numbers from 1) or both empty. */
function supplierErrors(values: AvailabilityFormValues): AvailabilityFormErrors {
  const errors: AvailabilityFormErrors = {};
  for (const field of ['supplierCostPerPerson', 'supplierCostPerBooking'] as const) {
    const text = values[field].trim();
    if (text && !isMoneyText(text)) errors[field] = AVAILABILITY_MESSAGES.amount;
  }
  const count = values.freePlacesCount.trim();
  const every = values.freePlacesEvery.trim();
  if (count || every) {
    if (!wholeNumber(count)) errors.freePlacesCount = AVAILABILITY_MESSAGES.freePlaces;
    if (!wholeNumber(every)) errors.freePlacesEvery = AVAILABILITY_MESSAGES.freePlaces;
  }
  return errors;
}

const MONEY_FIELDS: ReadonlyArray<{ flag: Flag; field: MoneyField }> = [
  { flag: 'hasCostPerPerson', field: 'costPerPerson' },
  { flag: 'hasFlatRate', field: 'flatRate' },
  { flag: 'hasAdditionalCosts', field: 'additionalCosts' },
];

/** A value is checked only while its checkbox is on (a hidden field cannot be wrong). */
export function validateAvailabilityForm(values: AvailabilityFormValues): AvailabilityFormErrors {
  const errors: AvailabilityFormErrors = {};
  if (!values.startDate) errors.startDate = AVAILABILITY_MESSAGES.startDateRequired;
  if (!values.endDate) errors.endDate = AVAILABILITY_MESSAGES.endDateRequired;
  // ISO dates compare correctly as text
  else if (values.startDate && values.endDate < values.startDate) errors.endDate = AVAILABILITY_MESSAGES.endBeforeStart;
  const minimum = values.minParticipants.trim();
  if (values.hasMinParticipants && (!/^[1-9]\d*$/.test(minimum) || Number(minimum) > MAX_PARTICIPANTS)) {
    errors.minParticipants = AVAILABILITY_MESSAGES.minParticipants;
  }
  for (const { flag, field } of MONEY_FIELDS) {
    if (values[flag] && !isMoneyText(values[field])) errors[field] = AVAILABILITY_MESSAGES.amount;
  }
  return { ...errors, ...supplierErrors(values) };
}

/** A value whose checkbox is off is sent as null, so the server keeps no stale amount. */
export function availabilityRequestFrom(values: AvailabilityFormValues): AvailabilityRequest {
  const money = (flag: Flag, field: MoneyField) => (values[flag] ? values[field].trim() : null);
  return {
    startDate: values.startDate,
    endDate: values.endDate,
    hasMinParticipants: values.hasMinParticipants,
    minParticipants: values.hasMinParticipants ? Number(values.minParticipants.trim()) : null,
    hasCostPerPerson: values.hasCostPerPerson,
    costPerPerson: money('hasCostPerPerson', 'costPerPerson'),
    hasFlatRate: values.hasFlatRate,
    flatRate: money('hasFlatRate', 'flatRate'),
    hasAdditionalCosts: values.hasAdditionalCosts,
    additionalCosts: money('hasAdditionalCosts', 'additionalCosts'),
    priceIncludesVat: values.priceIncludesVat,
    supplierCostPerPerson: moneyOrNull(values.supplierCostPerPerson),
    supplierCostPerBooking: moneyOrNull(values.supplierCostPerBooking),
    freePlacesCount: values.freePlacesCount.trim() ? Number(values.freePlacesCount.trim()) : null,
    freePlacesEvery: values.freePlacesEvery.trim() ? Number(values.freePlacesEvery.trim()) : null,
  };
}

export function sortPeriods(periods: readonly AvailabilityView[]): AvailabilityView[] {
  return [...periods].sort((a, b) => a.startDate.localeCompare(b.startDate));
}

export function periodRange(period: AvailabilityView): string {
  return `${formatDate(period.startDate)} – ${formatDate(period.endDate)}`;
}

/** One line describing what a period charges, e.g. "Min. 2 participants · € 45,00 per person". */
export function periodSummary(period: AvailabilityView): string {
  const parts: string[] = [];
  if (period.hasMinParticipants && period.minParticipants) parts.push(`Min. ${period.minParticipants} participants`);
  if (period.hasCostPerPerson && period.costPerPerson) parts.push(`${formatEuro(period.costPerPerson)} per person`);
  if (period.hasFlatRate && period.flatRate) parts.push(`Flat rate ${formatEuro(period.flatRate)}`);
  if (period.hasAdditionalCosts && period.additionalCosts) parts.push(`Additional costs ${formatEuro(period.additionalCosts)}`);
  parts.push(period.priceIncludesVat ? 'VAT included' : 'VAT excluded');
  return parts.join(' · ');
}

/**
 * What the agency pays the supplier and the free places, for the agency's eyes only: "Costo fornitore
 * € 30,00 per persona + € 50,00 per prenotazione · Gratuità: 1 ogni 20 paganti"; null when none.
 */
export function supplierSummary(period: AvailabilityView): string | null {
  const costs = [
    period.supplierCostPerPerson && `${formatEuro(period.supplierCostPerPerson)} per persona`,
    period.supplierCostPerBooking && `${formatEuro(period.supplierCostPerBooking)} per prenotazione`,
  ].filter(Boolean);
  const parts = [
    costs.length > 0 ? `Costo fornitore ${costs.join(' + ')}` : null,
    period.freePlacesCount && period.freePlacesEvery ? freePlacesText(period.freePlacesCount, period.freePlacesEvery) : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}
