import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type ConsumptionDto,
  type ConsumptionView,
  formatCents,
  MAX_MONEY,
  MAX_QUOTE_CONSUMPTIONS,
  mustBeOfTenant,
  type Principal,
  QUOTE_MESSAGES,
  toCents,
  toWallClock,
} from '@quotebook/contracts';
import { appError, requireResourceId, requireTenantAccess } from '@quotebook/server-core';
import { withTenant } from '@quotebook/server-core/service';
import { DataSource, type EntityManager } from 'typeorm';
import { QuotingEnv } from '../env';
import { QuotePricingService } from '../pricing/quote-pricing.service';
import { type ConsumptionRow, lockQuote, mapConsumption, readConsumptions, readOfQuote, type QuoteRow, storeQuoteFigures } from '../quotes/quote-rows';
import { assertQuoteFits } from '../quotes/quote-size';
import { requireQuoteId } from '../quotes/quotes.service';
import { wallClockNow } from '../wall-clock';

const consumptionNotFound = () => appError('NOT_FOUND', QUOTE_MESSAGES.consumptionNotFound);

/**
 * What was consumed during a quote's service, charged besides its products: each change goes into the
 * quote's figures at once, without raising its version (the advanced editor records consumptions while
 * it holds the quote, and saves the quote afterwards with the version it read).
 */
@Injectable()
export class ConsumptionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly pricing: QuotePricingService,
    private readonly env: QuotingEnv,
  ) {}

  async list(principal: Principal, tenantId: string, id: string): Promise<ConsumptionView[]> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    return readOfQuote(this.dataSource, tenantId, quoteId, async (manager) => (await readConsumptions(manager, tenantId, quoteId)).map(mapConsumption));
  }

  /** Its total is worked out here (quantity × unit value); it was consumed now unless the request says when. */
  async add(principal: Principal, tenantId: string, id: string, dto: ConsumptionDto): Promise<ConsumptionView> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    const totalCents = dto.quantity * toCents(dto.unitValue);
    if (totalCents > toCents(MAX_MONEY)) throw appError('VALIDATION_FAILED', [`totalValue: quantity × unitValue would be more than ${MAX_MONEY}`]);
    const timeZone = this.env.BUSINESS_TIME_ZONE;
    const consumedAt = dto.consumedAt ? toWallClock(dto.consumedAt, timeZone) : wallClockNow(timeZone);
    return withTenant(this.dataSource, tenantId, async (manager) => {
      const quote = await lockQuote(manager, tenantId, quoteId);
      await this.assertRoom(manager, quote);
      const productId = dto.productId ?? null;
      if (productId !== null) await this.assertProductOfTenant(manager, principal, quote, productId);
      const [row]: ConsumptionRow[] = await manager.query(
        `INSERT INTO quoting.service_consumptions (tenant_id, quote_id, product_id, description, quantity, unit_value, total_value, consumed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
        [tenantId, quoteId, productId, dto.description, dto.quantity, formatCents(toCents(dto.unitValue)), formatCents(totalCents), consumedAt],
      );
      await storeQuoteFigures(manager, tenantId, quoteId);
      await assertQuoteFits(manager, tenantId, quoteId);
      return mapConsumption(row);
    });
  }

  async delete(principal: Principal, tenantId: string, id: string, consumptionId: string): Promise<{ deleted: true }> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    const removedId = requireResourceId(consumptionId, 'Service consumption');
    await withTenant(this.dataSource, tenantId, async (manager) => {
      await lockQuote(manager, tenantId, quoteId);
      const [, deleted]: [unknown, number] = await manager.query(
        `DELETE FROM quoting.service_consumptions WHERE tenant_id = $1 AND quote_id = $2 AND id = $3`,
        [tenantId, quoteId, removedId],
      );
      if (!deleted) throw consumptionNotFound();
      await storeQuoteFigures(manager, tenantId, quoteId);
    });
    return { deleted: true };
  }

  private async assertRoom(manager: EntityManager, quote: QuoteRow): Promise<void> {
    const [{ count }]: { count: number }[] = await manager.query(
      `SELECT count(*)::int AS count FROM quoting.service_consumptions WHERE tenant_id = $1 AND quote_id = $2`,
      [quote.tenant_id, quote.id],
    );
    if (count >= MAX_QUOTE_CONSUMPTIONS) throw appError('LIMIT_REACHED', [`A quote can record at most ${MAX_QUOTE_CONSUMPTIONS} service consumptions`]);
  }

  /** A product the quote holds is the agency's; another one is asked of the catalogue. */
  private async assertProductOfTenant(manager: EntityManager, principal: Principal, quote: QuoteRow, productId: string): Promise<void> {
    const onQuote: unknown[] = await manager.query(`SELECT 1 FROM quoting.quote_items WHERE tenant_id = $1 AND quote_id = $2 AND product_id = $3`, [
      quote.tenant_id,
      quote.id,
      productId,
    ]);
    if (onQuote.length > 0 || (await this.pricing.isProductOfTenant(principal, quote.tenant_id, productId))) return;
    throw appError('VALIDATION_FAILED', [mustBeOfTenant('productId', 'product')]);
  }
}
