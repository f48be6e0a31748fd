import { Controller, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { mustBeUuid, type Principal, QUOTING_USAGE, type QuoteUsageRequest, RpcRequest } from '@quotebook/contracts';
import { appError, Handles, requireTenantAccess } from '@quotebook/server-core';
import { readTenant } from '@quotebook/server-core/service';
import { IsObject, IsOptional, IsUUID } from 'class-validator';
import { DataSource } from 'typeorm';

/** The catalogue's question before it deletes a customer or a product. */
export class QuoteUsagePayload implements QuoteUsageRequest {
  @IsObject()
  principal: Principal;

  @IsUUID('all', { message: mustBeUuid('tenantId') })
  tenantId: string;

  @IsOptional()
  @IsUUID('all', { message: mustBeUuid('customerId') })
  customerId?: string;

  @IsOptional()
  @IsUUID('all', { message: mustBeUuid('productId') })
  productId?: string;
}

@Injectable()
export class QuoteUsageService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** How many of the agency's quotes are for the customer, or hold the product. */
  async count(principal: Principal, tenantId: string, { customerId, productId }: Pick<QuoteUsageRequest, 'customerId' | 'productId'>): Promise<{ quotes: number }> {
    requireTenantAccess(principal, tenantId);
    if (!customerId && !productId) throw appError('VALIDATION_FAILED', ['customerId or productId is required']);
    return readTenant(this.dataSource, tenantId, async (manager) => {
      const [{ quotes }]: { quotes: number }[] = await manager.query(
        `SELECT count(*)::int AS quotes FROM quoting.quotes quote
          WHERE quote.tenant_id = $1
            AND (quote.customer_id = $2
                 OR EXISTS (SELECT 1 FROM quoting.quote_items item
                             WHERE item.tenant_id = quote.tenant_id AND item.quote_id = quote.id AND item.product_id = $3))`,
        [tenantId, customerId ?? null, productId ?? null],
      );
      return { quotes };
    });
  }
}

@Controller()
export class QuoteUsageController {
  constructor(private readonly usage: QuoteUsageService) {}

  @Handles(QUOTING_USAGE, QuoteUsagePayload)
  count({ principal, tenantId, customerId, productId }: RpcRequest<typeof QUOTING_USAGE>) {
    return this.usage.count(principal, tenantId, { customerId, productId });
  }
}
