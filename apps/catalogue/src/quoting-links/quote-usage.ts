import { Injectable } from '@nestjs/common';
import { type Principal, QUOTING_USAGE, usedByQuotes } from '@quotebook/contracts';
import { appError, RpcClient } from '@quotebook/server-core';

/**
 * Quotes keep the ids of their customer and products: before one of those is deleted, quoting is asked
 * how many quotes use it. Quoting down answers 503 and nothing is deleted.
 */
@Injectable()
export class QuoteUsage {
  constructor(private readonly rpc: RpcClient) {}

  /** 409 CUSTOMER_IN_USE / PRODUCT_IN_USE naming how many quotes use it. */
  async assertUnused(principal: Principal, tenantId: string, used: { customerId: string } | { productId: string }): Promise<void> {
    const { quotes } = await this.rpc.send(QUOTING_USAGE, { principal, tenantId, ...used });
    if (quotes === 0) return;
    throw 'customerId' in used
      ? appError('CUSTOMER_IN_USE', usedByQuotes('Customer', quotes))
      : appError('PRODUCT_IN_USE', usedByQuotes('Product', quotes));
  }
}
