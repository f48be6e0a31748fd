import { addDays, DEFAULT_SERVICE_START_TIME, MESSAGES, QUOTE_MESSAGES, todayIn } from '@quotebook/domain';
import type { FormErrors } from '../../shared/form/use-entity-form';
import type { CreateQuoteRequest } from './quotes.api';

/** Days from today to a new quote's expiry. */
export const QUOTE_EXPIRY_DAYS = 30;

export interface PickedProduct {
  productId: string;
  quantity: number;
  /** offered beside the quote, not in its total */
  optional?: boolean;
}

export interface QuoteCreateValues {
  customerId: string;
  subject: string;
  serviceDate: string;
  /** "HH:mm", or '' */
  startTime: string;
  endTime: string;
  expiryDate: string;
  products: PickedProduct[];
}

export function quoteCreateForm(today: string = todayIn()): QuoteCreateValues {
  return {
    customerId: '',
    subject: '',
    serviceDate: '',
    startTime: '',
    endTime: '',
    expiryDate: addDays(today, QUOTE_EXPIRY_DAYS),
    products: [],
  };
}

/** A date and an "HH:mm" time as the API writes date-times: "2026-07-15T09:30:00". */
export function dateTimeOf(date: string, time: string): string {
  return `${date}T${time}:00`;
}

/** The end must come after the start (the service starts at 09:00 when no start is given). */
export function endBeforeStart(startTime: string, endTime: string): boolean {
  return endTime !== '' && endTime <= (startTime || DEFAULT_SERVICE_START_TIME);
}

/** Shown under a service date that has already passed: a warning, the quote may still be saved. */
export const PAST_SERVICE_DATE = 'La data del servizio è già passata';

export function serviceDateWarning(serviceDate: string, today: string = todayIn()): string | null {
  return serviceDate && serviceDate < today ? PAST_SERVICE_DATE : null;
}

/** Whether any field has a problem. */
export function hasProblems(errors: FormErrors<object>): boolean {
  return Object.values(errors).some(Boolean);
}

/** A new quote needs a customer, a service date, an expiry from today on and a product. */
export function validateQuoteCreate(values: QuoteCreateValues, today: string = todayIn()): FormErrors<QuoteCreateValues> {
  const errors: FormErrors<QuoteCreateValues> = {};
  if (!values.customerId) errors.customerId = MESSAGES.customerRequired;
  if (!values.serviceDate) errors.serviceDate = MESSAGES.serviceDateRequired;
  if (!values.expiryDate) errors.expiryDate = MESSAGES.expiryDateRequired;
  else if (values.expiryDate < today) errors.expiryDate = QUOTE_MESSAGES.expiryDateBeforeToday;
  if (endBeforeStart(values.startTime, values.endTime)) errors.endTime = MESSAGES.endBeforeStartTime;
  if (values.products.length === 0) errors.products = MESSAGES.quoteProductRequired;
  return errors;
}

/**
 * The new quote with its products, in one call. The service starts at 09:00 when no start time is
 * given; the end time is sent only when given; the server prices each product.
 */
export function createQuoteRequest(values: QuoteCreateValues): CreateQuoteRequest {
  return {
    customerId: values.customerId,
    subject: values.subject.trim() || null,
    serviceDate: values.serviceDate,
    serviceStartTime: dateTimeOf(values.serviceDate, values.startTime || DEFAULT_SERVICE_START_TIME),
    ...(values.endTime ? { estimatedEndTime: dateTimeOf(values.serviceDate, values.endTime) } : {}),
    expiryDate: values.expiryDate,
    status: 'pending',
    // a new line is in the total unless marked optional
    items: values.products.map(({ productId, quantity, optional }) => ({ productId, quantity, ...(optional ? { optional } : {}) })),
  };
}
