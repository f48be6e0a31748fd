import { Controller, Module } from '@nestjs/common';
import { QUOTING_USAGE, type RpcRequest, type RpcResponse } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { startStandIn } from '@quotebook/testing/harness';

/** How many quotes use each customer or product id, as the stand-in answers (none unless set). */
export const quotesUsing = new Map<string, number>();

/** Quoting's answer to the catalogue's question before a delete, played by a real NATS responder. */
@Controller()
class QuotingStandInController {
  @Handles(QUOTING_USAGE)
  async usage({ customerId, productId }: RpcRequest<typeof QUOTING_USAGE>): Promise<RpcResponse<typeof QUOTING_USAGE>> {
    return { quotes: quotesUsing.get(customerId ?? productId ?? '') ?? 0 };
  }
}

@Module({ controllers: [QuotingStandInController] })
class QuotingStandInModule {}

export const startQuotingStandIn = () => startStandIn(QuotingStandInModule, 'quoting');
