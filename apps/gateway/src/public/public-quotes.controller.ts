import { Body, Controller, Get, Headers, Ip, NotFoundException, Param, Post, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import {
  AcceptQuoteDto,
  DeclineQuoteDto,
  PUBLIC_QUOTE_ACCEPT,
  PUBLIC_QUOTE_DECLINE,
  PUBLIC_QUOTE_DOCUMENT,
  PUBLIC_QUOTE_GET,
  PublicQuoteView,
  type PublicVisitor,
  QuoteAnswer,
} from '@quotebook/contracts';
import { DOCUMENT_MESSAGES, LOOP_MESSAGES } from '@quotebook/domain';
import { FileStorage, RpcClient } from '@quotebook/server-core';
import { httpError } from '../common/http-exception.filter';
import { Public } from '../common/principal.decorator';
import { BINARY, DocumentWaits } from '../documents/document-files';
import { ErrorResponse } from '../openapi/error-response';
import { PublicQuoteThrottleService } from './public-quote-throttle.service';

/**
 * What a link's token looks like: a SHA-256 HMAC in unpadded base64url, 43 characters. Anything else
 * is not looked up and gets the answer of an unknown link.
 */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A browser's description is kept with a view or an answer; a longer one is cut, not refused. */
const MAX_USER_AGENT_LENGTH = 500;

const tokenApiParam = () => ApiParam({ name: 'token', schema: { type: 'string', pattern: TOKEN_PATTERN.source } });

/**
 * The customer's side of the loop, reached by the quote's link alone: the latest sent revision, its
 * PDF, and the customer's answer. An unknown, revoked or malformed token is one and the same 404.
 * Throttled per client address and per link before anything is looked up; the headers every answer
 * carries are set for the whole path (publicAnswerHeaders).
 */
@ApiTags('public')
@Public()
@Controller('public/quotes/:token')
export class PublicQuotesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly throttle: PublicQuoteThrottleService,
    private readonly storage: FileStorage,
    private readonly waits: DocumentWaits,
  ) {}

  @Get()
  @tokenApiParam()
  @ApiOperation({ summary: "The latest sent revision of the quote, in the customer's language; `expired: true` once the quote's expiry date has passed." })
  @ApiTooManyRequestsResponse({ type: ErrorResponse, description: 'Too many reads from this address or of this link: wait for Retry-After seconds' })
  async read(@Param('token') token: string, @Ip() ip: string, @Headers('user-agent') userAgent?: string): Promise<PublicQuoteView> {
    await this.throttle.read(ip, token);
    return this.rpc.send(PUBLIC_QUOTE_GET, { token: knownShape(token), visitor: visitorOf(ip, userAgent) });
  }

  @Post('accept')
  @tokenApiParam()
  @ApiOperation({ summary: 'Accepts the latest sent revision with a typed or drawn signature; a revision is answered once.' })
  @ApiResponse({ status: 409, type: ErrorResponse, description: 'ALREADY_ANSWERED: the revision has its answer; REVISION_SUPERSEDED: a newer revision was sent' })
  @ApiResponse({ status: 410, type: ErrorResponse, description: "LINK_EXPIRED: the quote's expiry date has passed" })
  @ApiTooManyRequestsResponse({ type: ErrorResponse, description: 'Too many answers from this address or to this link: wait for Retry-After seconds' })
  async accept(
    @Param('token') token: string,
    @Body() data: AcceptQuoteDto,
    @Ip() ip: string,
    @Headers('user-agent') userAgent?: string,
  ): Promise<QuoteAnswer> {
    await this.throttle.answer(ip, token);
    return this.rpc.send(PUBLIC_QUOTE_ACCEPT, { token: knownShape(token), visitor: visitorOf(ip, userAgent), data });
  }

  @Post('decline')
  @tokenApiParam()
  @ApiOperation({ summary: 'Declines the latest sent revision, with a reason if the customer gives one; a revision is answered once.' })
  @ApiResponse({ status: 409, type: ErrorResponse, description: 'ALREADY_ANSWERED: the revision has its answer; REVISION_SUPERSEDED: a newer revision was sent' })
  @ApiResponse({ status: 410, type: ErrorResponse, description: "LINK_EXPIRED: the quote's expiry date has passed" })
  @ApiTooManyRequestsResponse({ type: ErrorResponse, description: 'Too many answers from this address or to this link: wait for Retry-After seconds' })
  async decline(
    @Param('token') token: string,
    @Body() data: DeclineQuoteDto,
    @Ip() ip: string,
    @Headers('user-agent') userAgent?: string,
  ): Promise<QuoteAnswer> {
    await this.throttle.answer(ip, token);
    return this.rpc.send(PUBLIC_QUOTE_DECLINE, { token: knownShape(token), visitor: visitorOf(ip, userAgent), data });
  }

  @Get('pdf')
  @tokenApiParam()
  @ApiOperation({ summary: 'The latest sent revision as it was e-mailed: its PDF, as an attachment.' })
  @ApiOkResponse({ description: 'the PDF', content: { 'application/pdf': BINARY } })
  @ApiTooManyRequestsResponse({ type: ErrorResponse, description: 'Too many reads from this address or of this link: wait for Retry-After seconds' })
  async pdf(@Param('token') token: string, @Ip() ip: string): Promise<StreamableFile> {
    await this.throttle.read(ip, token);
    const document = await this.rpc.send(PUBLIC_QUOTE_DOCUMENT, { token: knownShape(token) }, this.waits.renderMs);
    const file = await this.storage.get(document.storageKey);
    // the revision's file is kept by content hash while the revision exists: one gone is a storage fault
    if (!file) throw new NotFoundException(DOCUMENT_MESSAGES.generationFailed);
    const fileName = document.fileName ?? 'preventivo.pdf';
    return new StreamableFile(file, { type: document.contentType, length: file.length, disposition: `attachment; filename="${fileName}"` });
  }
}

/** The token when it could be one; otherwise the answer of an unknown link, without asking anybody. */
function knownShape(token: string): string {
  if (!TOKEN_PATTERN.test(token)) throw httpError('NOT_FOUND', LOOP_MESSAGES.linkNotFound);
  return token;
}

function visitorOf(ip: string, userAgent: string | undefined): PublicVisitor {
  return { ip, userAgent: (userAgent ?? '').slice(0, MAX_USER_AGENT_LENGTH) };
}
