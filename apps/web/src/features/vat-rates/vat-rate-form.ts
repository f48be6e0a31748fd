import type { VatRateView } from '@quotebook/contracts';
import { isMoneyText } from '../../shared/money';
import type { VatRateRequest } from './vat-rates.api';

/** Spec §9: the common Italian rates offered as one-click hints. */
export const COMMON_VAT_RATES = ['22', '10', '5', '4', '0'] as const;

export const VAT_RATE_MESSAGES = {
  descriptionRequired: 'Description is required',
  rateRequired: 'Rate is required',
  rateRange: 'Rate must be a number from 0 to 100 with at most 2 decimals',
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
  else if (!isMoneyText(rate) || Number(rate) > 100) errors.rate = VAT_RATE_MESSAGES.rateRange;
  return errors;
}

export function vatRateRequestFrom(values: VatRateFormValues): VatRateRequest {
  return { description: values.description.trim(), rate: values.rate.trim() };
}
