import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  formatCents,
  MAX_QUOTE_PAYMENTS,
  PAYMENT_MESSAGES,
  type PaymentDto,
  type PaymentMethod,
  type PaymentView,
  type Principal,
  todayIn,
  toCents,
} from '@quotebook/contracts';
import { appError, requireResourceId, requireTenantAccess } from '@quotebook/server-core';
import { withTenant } from '@quotebook/server-core/service';
import { DataSource } from 'typeorm';
import { QuotingEnv } from '../env';
import { lockQuote, readOfQuote } from '../quotes/quote-rows';
import { requireQuoteId } from '../quotes/quotes.service';

interface PaymentRow {
  id: string;
  quote_id: string;
  paid_on: string;
  amount: string;
  method: PaymentMethod;
  note: string | null;
  created_at: Date;
}

function mapPayment(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    quoteId: row.quote_id,
    paidOn: row.paid_on,
    amount: formatCents(toCents(row.amount)),
    method: row.method,
    note: row.note,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The payments a quote received. They change what the quote still expects (its paidTotal and dueTotal,
 * summed when the quote is read), not the quote itself: its version stays, so an editor that holds the
 * quote records payments and saves the quote afterwards with the version it read.
 */
@Injectable()
export class PaymentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly env: QuotingEnv,
  ) {}

  /** Oldest first, by the day they were paid. */
  async list(principal: Principal, tenantId: string, id: string): Promise<PaymentView[]> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    return readOfQuote(this.dataSource, tenantId, quoteId, async (manager) => {
      const rows: PaymentRow[] = await manager.query(
        `SELECT * FROM quoting.quote_payments WHERE tenant_id = $1 AND quote_id = $2 ORDER BY paid_on, created_at, id`,
        [tenantId, quoteId],
      );
      return rows.map(mapPayment);
    });
  }

  /** A payment received today or before (in the business time zone). */
  async add(principal: Principal, tenantId: string, id: string, dto: PaymentDto): Promise<PaymentView> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    if (dto.paidOn > todayIn(this.env.BUSINESS_TIME_ZONE)) throw appError('VALIDATION_FAILED', [PAYMENT_MESSAGES.paidOnInFuture]);
    return withTenant(this.dataSource, tenantId, async (manager) => {
      // the quote's lock makes concurrent payments of one quote take turns, so the count holds
      await lockQuote(manager, tenantId, quoteId);
      const [{ count }]: { count: number }[] = await manager.query(
        `SELECT count(*)::int AS count FROM quoting.quote_payments WHERE tenant_id = $1 AND quote_id = $2`,
        [tenantId, quoteId],
      );
      if (count >= MAX_QUOTE_PAYMENTS) throw appError('LIMIT_REACHED', [PAYMENT_MESSAGES.tooManyPayments]);
      const [row]: PaymentRow[] = await manager.query(
        `INSERT INTO quoting.quote_payments (tenant_id, quote_id, paid_on, amount, method, note) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [tenantId, quoteId, dto.paidOn, formatCents(toCents(dto.amount)), dto.method, dto.note ? dto.note : null],
      );
      return mapPayment(row);
    });
  }

  async delete(principal: Principal, tenantId: string, id: string, paymentId: string): Promise<{ deleted: true }> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    const removedId = requireResourceId(paymentId, 'Payment');
    await withTenant(this.dataSource, tenantId, async (manager) => {
      await lockQuote(manager, tenantId, quoteId);
      const [, deleted]: [unknown, number] = await manager.query(
        `DELETE FROM quoting.quote_payments WHERE tenant_id = $1 AND quote_id = $2 AND id = $3`,
        [tenantId, quoteId, removedId],
      );
      if (!deleted) throw appError('NOT_FOUND', PAYMENT_MESSAGES.paymentNotFound);
    });
    return { deleted: true };
  }
}
