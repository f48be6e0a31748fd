import type { PriceListView } from '@quotebook/contracts';
import { isMoneyValue, MAX_MARKUP_PERCENT, MAX_PERCENT, MESSAGES } from '@quotebook/domain';
import { isMoneyText, moneyOrNull } from '../../shared/money';
import type { PriceListRequest } from './price-lists.api';

export const PRICE_LIST_MESSAGES = {
  nameRequired: MESSAGES.nameRequired,
  startDateRequired: MESSAGES.startDateRequired,
  endDateRequired: MESSAGES.endDateRequired,
  endBeforeStart: MESSAGES.endBeforeStart,
  amount: MESSAGES.reductionAmount,
  percentage: MESSAGES.reductionPercentage,
  markup: MESSAGES.markupPercentage,
} as const;

/** A price list either reduces the automatic prices or prices over the supplier's cost, never both. */
export type PriceListAdjustment = 'reduction' | 'markup';

export const PRICE_LIST_TEXTS = {
  adjustment: 'Tipo di listino',
  reduction: 'Riduzione',
  markup: 'Ricarico % sul costo',
  markupHint: 'Prezzo = costo fornitore + ricarico',
  markupHeader: 'Ricarico %',
} as const;

export const DELETE_PRICE_LIST_CONFIRMATION = 'Are you sure you want to delete this price list?';
export const NO_PRICE_LISTS_TEXT = 'No price lists yet';

export interface PriceListFormValues {
  name: string;
  startDate: string;
  endDate: string;
  reductionAmount: string;
  reductionPercentage: string;
  adjustment: PriceListAdjustment;
  markupPercentage: string;
  isActive: boolean;
}

export type PriceListFormErrors = Partial<Record<keyof PriceListFormValues, string>>;

export function priceListFormFrom(priceList?: PriceListView): PriceListFormValues {
  return {
    name: priceList?.name ?? '',
    startDate: priceList?.startDate ?? '',
    endDate: priceList?.endDate ?? '',
    reductionAmount: priceList?.reductionAmount ?? '',
    reductionPercentage: priceList?.reductionPercentage ?? '',
    adjustment: priceList?.markupPercentage ? 'markup' : 'reduction',
    markupPercentage: priceList?.markupPercentage ?? '',
    isActive: priceList?.isActive ?? true,
  };
}

/**
 * Name and both dates required; reductions optional (either, both or none), percentage ≤ 100; a
 * markup list needs its percentage. Only the chosen kind is checked (the other is not sent).
 */
export function validatePriceListForm(values: PriceListFormValues): PriceListFormErrors {
  const errors: PriceListFormErrors = {};
  if (!values.name.trim()) errors.name = PRICE_LIST_MESSAGES.nameRequired;
  if (!values.startDate) errors.startDate = PRICE_LIST_MESSAGES.startDateRequired;
  if (!values.endDate) errors.endDate = PRICE_LIST_MESSAGES.endDateRequired;
  // ISO dates compare correctly as text
  else if (values.startDate && values.endDate < values.startDate) errors.endDate = PRICE_LIST_MESSAGES.endBeforeStart;
  if (values.adjustment === 'markup') {
    if (!isMoneyValue(values.markupPercentage.trim(), MAX_MARKUP_PERCENT)) errors.markupPercentage = PRICE_LIST_MESSAGES.markup;
    return errors;
  }
  const amount = values.reductionAmount.trim();
  if (amount && !isMoneyText(amount)) errors.reductionAmount = PRICE_LIST_MESSAGES.amount;
  const percentage = values.reductionPercentage.trim();
  if (percentage && !isMoneyValue(percentage, MAX_PERCENT)) {
    errors.reductionPercentage = PRICE_LIST_MESSAGES.percentage;
  }
  return errors;
}

/** Empty reductions are sent as null, and so is the kind not chosen (the server keeps no stale rule). */
export function priceListRequestFrom(values: PriceListFormValues): PriceListRequest {
  const markup = values.adjustment === 'markup';
  return {
    name: values.name.trim(),
    startDate: values.startDate,
    endDate: values.endDate,
    reductionAmount: markup ? null : moneyOrNull(values.reductionAmount),
    reductionPercentage: markup ? null : moneyOrNull(values.reductionPercentage),
    markupPercentage: markup ? moneyOrNull(values.markupPercentage) : null,
    isActive: values.isActive,
  };
}
