import {
  DEFAULT_BALANCE_DUE_DAYS,
  depositProblem,
  formatCents,
  paymentSchedule,
  type QuoteView,
  toCents,
  type CreateQuoteDto,
  type UpdateQuoteDto,
} from '@quotebook/contracts';
import { appError } from '@quotebook/server-core';
import type { EntityManager } from 'typeorm';
import type { QuoteRow } from '../quotes/quote-rows';

/*
 * A quote's payment schedule as its answers show it: its deposit and balance over its total, the
 * balance's date from its own days or its agency's default, and what its payments add up to, read with
 * the quote in the same query.
 */

/** The agency's default days (absent until the agency first changes them) and the quote's payments' sum. */
export interface ScheduleRow {
  agency_balance_due_days: number | null;
  paid_total: string;
}

export const SCHEDULE_COLUMNS = 'terms.balance_due_days_default AS agency_balance_due_days, paid.paid_total';

export const SCHEDULE_JOINS = `
   LEFT JOIN quoting.agency_terms terms ON terms.tenant_id = quote.tenant_id
   CROSS JOIN LATERAL (
         SELECT coalesce(sum(payment.amount), 0)::text AS paid_total
           FROM quoting.quote_payments payment
          WHERE payment.tenant_id = quote.tenant_id AND payment.quote_id = quote.id) paid`;

type ScheduleFields = Pick<
  QuoteView,
  'depositKind' | 'depositValue' | 'balanceDueDays' | 'depositAmount' | 'balanceAmount' | 'balanceDueDate' | 'paidTotal' | 'dueTotal'
>;

export function scheduleOfQuote(
  row: Pick<QuoteRow, 'total_amount' | 'service_date' | 'deposit_kind' | 'deposit_value' | 'balance_due_days'> & ScheduleRow,
): ScheduleFields {
  const depositValue = row.deposit_value === null ? null : formatCents(toCents(row.deposit_value));
  const schedule = paymentSchedule({
    totalCents: toCents(row.total_amount),
    depositKind: row.deposit_kind,
    depositValue,
    balanceDueDays: row.balance_due_days,
    serviceDate: row.service_date,
    defaultBalanceDueDays: row.agency_balance_due_days ?? DEFAULT_BALANCE_DUE_DAYS,
    paidCents: toCents(row.paid_total),
  });
  return {
    depositKind: row.deposit_kind,
    depositValue,
    balanceDueDays: row.balance_due_days,
    depositAmount: formatCents(schedule.depositCents),
    balanceAmount: formatCents(schedule.balanceCents),
    balanceDueDate: schedule.balanceDueDate,
    paidTotal: formatCents(schedule.paidCents),
    dueTotal: formatCents(schedule.dueCents),
  };
}

type DepositColumns = Pick<QuoteRow, 'deposit_kind' | 'deposit_value' | 'balance_due_days'>;

const moneyOrNull = (value: string | number | null): string | null => (value === null ? null : formatCents(toCents(value)));

/**
 * The deposit terms a request leaves: what it sends changes; choosing no deposit clears the value, and
 * a new kind without a value keeps none (a percent is no amount). 400 naming depositValue when the
 * terms make no sense whatever the total (the amount's bound is checked once the total is known).
 */
export function depositColumnsOf(dto: CreateQuoteDto | UpdateQuoteDto, current: DepositColumns | null): DepositColumns {
  const kind = dto.depositKind ?? current?.deposit_kind ?? 'none';
  const kindChanged = current === null || kind !== current.deposit_kind;
  let value: string | null;
  if (dto.depositValue !== undefined) value = moneyOrNull(dto.depositValue);
  else value = kindChanged || kind === 'none' ? null : current.deposit_value;
  const problem = depositProblem(kind, value, Number.MAX_SAFE_INTEGER);
  if (problem !== null) throw appError('VALIDATION_FAILED', [problem]);
  return {
    deposit_kind: kind,
    deposit_value: value,
    balance_due_days: dto.balanceDueDays === undefined ? (current?.balance_due_days ?? null) : dto.balanceDueDays,
  };
}

/** Whether a request sets the deposit: only then is it checked against the total (later changes of the total cap it instead). */
export const setsDeposit = (dto: CreateQuoteDto | UpdateQuoteDto): boolean => dto.depositKind !== undefined || dto.depositValue !== undefined;

/** 400 naming depositValue when the quote's deposit does not fit its total as now stored; runs in the quote's transaction. */
export async function assertDepositFits(manager: EntityManager, tenantId: string, quoteId: string): Promise<void> {
  const [quote]: Pick<QuoteRow, 'deposit_kind' | 'deposit_value' | 'total_amount'>[] = await manager.query(
    `SELECT deposit_kind, deposit_value, total_amount FROM quoting.quotes WHERE tenant_id = $1 AND id = $2`,
    [tenantId, quoteId],
  );
  const problem = quote ? depositProblem(quote.deposit_kind, quote.deposit_value, toCents(quote.total_amount)) : null;
  if (problem !== null) throw appError('VALIDATION_FAILED', [problem]);
}
