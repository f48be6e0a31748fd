import { isMoneyValue, MAX_CONSUMPTION_QUANTITY, MESSAGES, parseCents } from '@quotebook/domain';
import type { FormErrors } from '../../shared/form/use-entity-form';
import type { ConsumptionRequest } from './quotes.api';

/** A consumption being added: its figures as typed. */
export interface ConsumptionValues {
  description: string;
  quantity: string;
  unitValue: string;
}

export const NEW_CONSUMPTION: ConsumptionValues = { description: '', quantity: '1', unitValue: '' };

/** A description that is not blank, a whole quantity above 0, a unit value above 0. */
export function validateConsumption(values: ConsumptionValues): FormErrors<ConsumptionValues> {
  const errors: FormErrors<ConsumptionValues> = {};
  if (!values.description.trim()) errors.description = MESSAGES.descriptionRequired;
  const quantity = Number(values.quantity);
  if (!/^\d+$/.test(values.quantity.trim()) || quantity < 1 || quantity > MAX_CONSUMPTION_QUANTITY) errors.quantity = MESSAGES.consumptionQuantity;
  const unitValue = values.unitValue.trim();
  if (!isMoneyValue(unitValue) || !parseCents(unitValue)) errors.unitValue = MESSAGES.unitValue;
  return errors;
}

/** The server works the total out as quantity × unit value. */
export function consumptionRequest(values: ConsumptionValues): ConsumptionRequest {
  return { description: values.description.trim(), quantity: Number(values.quantity), unitValue: values.unitValue.trim() };
}

export const CONSUMPTION_TOASTS = {
  added: 'Service consumption added',
  removed: 'Service consumption removed',
  addFailed: 'Failed to add service consumption',
  removeFailed: 'Failed to remove service consumption',
} as const;
