import type { VatRateView } from '@quotebook/contracts';
import { COMMON_VAT_RATES, isMoneyValue, MAX_PERCENT, MESSAGES } from '@quotebook/domain';
import type { VatRateRequest } from './vat-rates.api';

export { COMMON_VAT_RATES };

export const VAT_RATE_MESSAGES = {
  descriptionRequired: MESSAGES.descriptionRequired,
  rateRequired: MESSAGES.rateRequired,
  rateRange: MESSAGES.rateRange,
} as const;

export const DELETE_VAT_RATE_CONFIRMATION = 'Are you sure you want to delete this VAT rate?';

export interface VatRateFormValues {
  description: string;
  rate: string;
}

export type VatRateFormErrors = Partial<Record<keyof VatRateFormValues, string>>;

export function vatRateFormFrom(vatRate?: VatRateView | null): VatRateFormValues {
  return { description: vatRate?.description ?? '', rate: vatRate?.rate ?? '' };
}

export function validateVatRateForm(values: VatRateFormValues): VatRateFormErrors {
  const errors: VatRateFormErrors = {};
  if (!values.description.trim()) errors.description = VAT_RATE_MESSAGES.descriptionRequired;
  const rate = values.rate.trim();
  if (!rate) errors.rate = VAT_RATE_MESSAGES.rateRequired;
  else if (!isMoneyValue(rate, MAX_PERCENT)) errors.rate = VAT_RATE_MESSAGES.rateRange;
  return errors;
}

export function vatRateRequestFrom(values: VatRateFormValues): VatRateRequest {
  return { description: values.description.trim(), rate: values.rate.trim() };
}
