import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  QUOTE_LINK_REVOKE,
  QUOTE_REVISIONS_GET,
  QUOTE_REVISIONS_LIST,
  QUOTES_SEND,
  QuoteRevisionSummary,
  QuoteRevisionView,
  SendQuoteDto,
  SendQuoteResult,
} from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { uuidParam } from '../common/params';
import { Roles } from '../common/principal.decorator';
import { AGENCY_MEMBERS } from '../common/tenant-resource';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';
import { ErrorResponse } from '../openapi/error-response';
import { RevisionNumberPipe, revisionNumberApiParam } from './customer-loop-params';

/** How long the gateway waits for a send: the revision's PDF render, then the mail. */
export class QuoteSendingWaits {
  sendMs: number;
}

const quoteIdParam = uuidParam('quoteId');

/**
 * Sending a quote to its customer and the revisions each send froze. Every user of the agency sends:
 * quotes belong to all of them.
 */
@ApiTags('quotes')
@Controller('tenants/:tenantId/quotes')
export class QuoteSendingController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly waits: QuoteSendingWaits,
  ) {}

  @Post(':quoteId/send')
  @Roles(...AGENCY_MEMBERS)
  @ApiOperation({
    summary:
      'Freezes the quote as a new revision and e-mails it to the customer (default: the customer\'s e-mail, the default layout and the customer\'s language) with its PDF and the public link.',
  })
  @ApiResponse({ status: 503, type: ErrorResponse, description: 'MAILER_UNAVAILABLE: the mail server did not take the e-mail; no revision was made' })
  send(@CurrentScope() scope: TenantScope, @Param('quoteId', quoteIdParam) id: string, @Body() data: SendQuoteDto): Promise<SendQuoteResult> {
    return this.rpc.send(QUOTES_SEND, { ...scope, id, data }, this.waits.sendMs);
  }

  /** The customer's link stops working at once; the next send makes a new one. */
  @Delete(':quoteId/link')
  @Roles(...AGENCY_MEMBERS)
  @HttpCode(204)
  @ApiOperation({ summary: "Revokes the quote's public link: it answers 404 from now on, and the next send makes a new one." })
  async revokeLink(@CurrentScope() scope: TenantScope, @Param('quoteId', quoteIdParam) id: string): Promise<void> {
    await this.rpc.send(QUOTE_LINK_REVOKE, { ...scope, id });
  }

  @Get(':quoteId/revisions')
  @ApiOperation({ summary: 'The revisions sent, oldest first, each with its views and the customer\'s answer.' })
  revisions(@CurrentScope() scope: TenantScope, @Param('quoteId', quoteIdParam) id: string): Promise<QuoteRevisionSummary[]> {
    return this.rpc.send(QUOTE_REVISIONS_LIST, { ...scope, id });
  }

  @Get(':quoteId/revisions/:n')
  @revisionNumberApiParam()
  @ApiOperation({ summary: 'One revision as it was sent: its fields, lines, VAT, totals and templates.' })
  revision(
    @CurrentScope() scope: TenantScope,
    @Param('quoteId', quoteIdParam) id: string,
    @Param('n', new RevisionNumberPipe()) n: string,
  ): Promise<QuoteRevisionView> {
    return this.rpc.send(QUOTE_REVISIONS_GET, { ...scope, id, number: Number(n) });
  }
}
