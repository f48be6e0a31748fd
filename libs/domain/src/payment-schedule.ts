import { addDays } from './dates';
import { parseCents } from './money';

/*
 * What a quote asks to be paid, and when: an optional deposit due on acceptance, and the balance due a
 * number of days before the service (the quote's own days, else the agency's default). The total is
 * the quote's total, VAT included (the confirmed lines' once the quote is confirmed). Everything is
 * worked out in integer cents.
 */

export const DEPOSIT_KINDS = ['none', 'percent', 'amount'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

export const PAYMENT_METHODS = ['bonifico', 'carta', 'contanti', 'assegno', 'altro'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bonifico: 'Bonifico',
  carta: 'Carta',
  contanti: 'Contanti',
  assegno: 'Assegno',
  altro: 'Altro',
};

export const DEPOSIT_KIND_LABELS: Record<DepositKind, string> = {
  none: 'Nessun acconto',
  percent: 'Percentuale',
  amount: 'Importo',
};

/** The agency's balance days when it never chose any (Impostazioni). */
export const DEFAULT_BALANCE_DUE_DAYS = 30;
export const MAX_BALANCE_DUE_DAYS = 365;
/** How many payments one quote may record. */
export const MAX_QUOTE_PAYMENTS = 500;
/** A payment note's length. */
export const MAX_PAYMENT_NOTE_LENGTH = 500;

export const PAYMENT_LABELS = {
  deposit: 'Acconto',
  balance: 'Saldo',
  onAcceptance: "all'accettazione",
  paid: 'Incassato',
  due: 'Da incassare',
  surplus: 'Eccedenza',
  payments: 'Pagamenti',
} as const;

/** A quote's deposit and balance terms, as stored ("30.00" is 30 % or € 30,00 by kind). */
export interface DepositTerms {
  depositKind: DepositKind;
  depositValue: string | null;
  /** the quote's own days before the service; null: the agency's default */
  balanceDueDays: number | null;
}

export interface ScheduleInput extends DepositTerms {
  totalCents: number;
  serviceDate: string | null;
  /** the agency's default days (Impostazioni) */
  defaultBalanceDueDays: number;
  /** what the quote's payments add up to */
  paidCents: number;
}

export interface PaymentSchedule {
  depositCents: number;
  balanceCents: number;
  /** YYYY-MM-DD, or null without a service date */
  balanceDueDate: string | null;
  balanceDueDays: number;
  paidCents: number;
  /** total − paid: below zero when more was paid than the total */
  dueCents: number;
}

/**
 * The deposit: a percentage of the total rounded to the cent (half up), or an amount that never goes
 * beyond the total (the total may have dropped since the amount was agreed).
 */
export function depositCents(totalCents: number, kind: DepositKind, value: string | null): number {
  const valueCents = value === null ? null : parseCents(value);
  if (kind === 'none' || valueCents === null || valueCents <= 0 || totalCents <= 0) return 0;
  if (kind === 'percent') return Math.round((totalCents * Math.min(valueCents, 10_000)) / 10_000);
  return Math.min(valueCents, totalCents);
}

export function paymentSchedule(input: ScheduleInput): PaymentSchedule {
  const deposit = depositCents(input.totalCents, input.depositKind, input.depositValue);
  const days = input.balanceDueDays ?? input.defaultBalanceDueDays;
  return {
    depositCents: deposit,
    balanceCents: Math.max(input.totalCents - deposit, 0),
    balanceDueDate: input.serviceDate === null ? null : addDays(input.serviceDate, -days),
    balanceDueDays: days,
    paidCents: input.paidCents,
    dueCents: input.totalCents - input.paidCents,
  };
}

/**
 * What is wrong with a deposit's terms, naming the field, or null: a percent from 0 (excluded) to 100,
 * an amount above 0 and not above the quote's total; no value without a kind.
 */
export function depositProblem(kind: DepositKind, value: string | null, totalCents: number): string | null {
  if (kind === 'none') return value === null ? null : 'depositValue must be empty when depositKind is none';
  const valueCents = value === null ? null : parseCents(value);
  if (valueCents === null || valueCents <= 0) return `depositValue must be more than 0 when depositKind is ${kind}`;
  if (kind === 'percent' && valueCents > 10_000) return 'depositValue must be a percentage from 0 to 100';
  if (kind === 'amount' && valueCents > totalCents) return 'depositValue cannot be more than the quote total';
  return null;
}

/** `balanceDueDays must be a whole number from 0 to 365` */
export const mustBeBalanceDueDays = (property: string) => `${property} must be a whole number from 0 to ${MAX_BALANCE_DUE_DAYS}`;

/** Answers about payments that are no validation of one field's shape. */
export const PAYMENT_MESSAGES = {
  paymentNotFound: 'Payment not found',
  paidOnInFuture: 'paidOn cannot be after today',
  tooManyPayments: `A quote can record at most ${MAX_QUOTE_PAYMENTS} payments`,
} as const;
