import type { PriceListView } from '@quotebook/contracts';
import { isMoneyValue, MAX_PERCENT, MESSAGES } from '@quotebook/domain';
import { isMoneyText, moneyOrNull } from '../../shared/money';
import type { PriceListRequest } from './price-lists.api';

export const PRICE_LIST_MESSAGES = {
  nameRequired: MESSAGES.nameRequired,
  startDateRequired: MESSAGES.startDateRequired,
  endDateRequired: MESSAGES.endDateRequired,
  endBeforeStart: MESSAGES.endBeforeStart,
  amount: MESSAGES.reductionAmount,
  percentage: MESSAGES.reductionPercentage,
} as const;

export const DELETE_PRICE_LIST_CONFIRMATION = 'Are you sure you want to delete this price list?';
export const NO_PRICE_LISTS_TEXT = 'No price lists yet';

export interface PriceListFormValues {
  name: string;
  startDate: string;
  endDate: string;
  reductionAmount: string;
  reductionPercentage: string;
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
    isActive: priceList?.isActive ?? true,
  };
}

/** Name and both dates required; reductions optional (either, both or none), percentage ≤ 100. */
export function validatePriceListForm(values: PriceListFormValues): PriceListFormErrors {
  const errors: PriceListFormErrors = {};
  if (!values.name.trim()) errors.name = PRICE_LIST_MESSAGES.nameRequired;
  if (!values.startDate) errors.startDate = PRICE_LIST_MESSAGES.startDateRequired;
  if (!values.endDate) errors.endDate = PRICE_LIST_MESSAGES.endDateRequired;
  // ISO dates compare correctly as text
  else if (values.startDate && values.endDate < values.startDate) errors.endDate = PRICE_LIST_MESSAGES.endBeforeStart;
  const amount = values.reductionAmount.trim();
  if (amount && !isMoneyText(amount)) errors.reductionAmount = PRICE_LIST_MESSAGES.amount;
  const percentage = values.reductionPercentage.trim();
  if (percentage && !isMoneyValue(percentage, MAX_PERCENT)) {
    errors.reductionPercentage = PRICE_LIST_MESSAGES.percentage;
  }
  return errors;
}

/** Empty reductions are sent as null. */
export function priceListRequestFrom(values: PriceListFormValues): PriceListRequest {
  return {
    name: values.name.trim(),
    startDate: values.startDate,
    endDate: values.endDate,
    reductionAmount: moneyOrNull(values.reductionAmount),
    reductionPercentage: moneyOrNull(values.reductionPercentage),
    isActive: values.isActive,
  };
}
