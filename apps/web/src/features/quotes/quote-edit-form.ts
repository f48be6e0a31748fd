import type { QuoteView } from '@quotebook/contracts';
import { isMoneyValue, MESSAGES, parseCents, SIMPLE_QUOTE_STATUSES, timeOf, type QuoteStatus } from '@quotebook/domain';
import type { SelectOption } from '../../shared/fields/SelectField';
import type { FormErrors } from '../../shared/form/use-entity-form';
import { dateTimeOf } from './quote-create-form';
import { statusOptions } from './quote-list';
import type { UpdateQuoteRequest } from './quotes.api';

/** The simple editor: the quote's main fields, its status and its total. */
export interface QuoteEditValues {
  customerId: string;
  subject: string;
  serviceDate: string;
  /** "HH:mm", or '' */
  startTime: string;
  endTime: string;
  status: QuoteStatus;
  totalAmount: string;
}

export function quoteEditForm(quote: QuoteView): QuoteEditValues {
  return {
    customerId: quote.customerId,
    subject: quote.subject ?? '',
    serviceDate: quote.serviceDate,
    startTime: timeOf(quote.serviceStartTime) ?? '',
    endTime: timeOf(quote.estimatedEndTime) ?? '',
    status: quote.status,
    totalAmount: quote.totalAmount,
  };
}

/** The simple editor's statuses; a quote in another one (waiting, closed) keeps it offered. */
export function simpleStatusOptions(current: QuoteStatus): SelectOption[] {
  return statusOptions(SIMPLE_QUOTE_STATUSES.includes(current) ? SIMPLE_QUOTE_STATUSES : [...SIMPLE_QUOTE_STATUSES, current]);
}

/** A total typed by hand: an amount of at least 0 with at most two decimals. */
export function totalAmountError(text: string): string | undefined {
  return isMoneyValue(text.trim()) ? undefined : MESSAGES.totalAmount;
}

/** Whether a typed total differs from the stored one (the server's total is sent back only when changed). */
export function totalChanged(typed: string, stored: string): boolean {
  return parseCents(typed) !== parseCents(stored);
}

export function validateQuoteEdit(values: QuoteEditValues): FormErrors<QuoteEditValues> {
  const errors: FormErrors<QuoteEditValues> = {};
  if (!values.customerId) errors.customerId = MESSAGES.customerRequired;
  if (!values.serviceDate) errors.serviceDate = MESSAGES.serviceDateRequired;
  if (values.startTime && values.endTime && values.endTime <= values.startTime) errors.endTime = MESSAGES.endBeforeStartTime;
  const total = totalAmountError(values.totalAmount);
  if (total) errors.totalAmount = total;
  return errors;
}

/**
 * The change of a quote, with the version it was read at (someone else's change since is refused). An
 * emptied time clears it; the total is sent only when it was changed by hand, so a total the server
 * keeps from the items stays theirs.
 */
export function updateQuoteRequest(values: QuoteEditValues, quote: QuoteView): UpdateQuoteRequest {
  return {
    customerId: values.customerId,
    subject: values.subject.trim() || null,
    serviceDate: values.serviceDate,
    serviceStartTime: values.startTime ? dateTimeOf(values.serviceDate, values.startTime) : null,
    estimatedEndTime: values.endTime ? dateTimeOf(values.serviceDate, values.endTime) : null,
    status: values.status,
    ...(totalChanged(values.totalAmount, quote.totalAmount) ? { totalAmount: values.totalAmount.trim() } : {}),
    version: quote.version,
  };
}
