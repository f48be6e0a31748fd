import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AUTH_ME,
  CATALOGUE_PRODUCT_TEXTS,
  type CustomerView,
  CUSTOMERS_GET,
  DOCUMENTS_RENDER_REVISION,
  type Principal,
  type ProductTexts,
  type QuoteRevisionSummary,
  type QuoteRevisionView,
  type SendQuoteDto,
  type SendQuoteResult,
  TENANTS_GET,
  type TenantView,
  type WebhookPayload,
  withoutCosts,
} from '@quotebook/contracts';
import { DEFAULT_LANGUAGE, LOOP_MESSAGES, quoteMail, revisionFileName } from '@quotebook/domain';
import { appError, databaseErrorOf, FileStorage, PG_UNIQUE_VIOLATION, reasonOf, requireTenantAccess, RpcClient } from '@quotebook/server-core';
import { Mailer, readTenant, withTenant } from '@quotebook/server-core/service';
import { DataSource } from 'typeorm';
import { QuotingEnv } from '../env';
import { lockQuote, readOfQuote, readQuoteDetail } from '../quotes/quote-rows';
import { requireQuoteId } from '../quotes/quotes.service';
import { QuoteEventSink } from '../webhooks/quote-event-sink';
import { linkToken, linkTokenHash, linkUrl, newLinkNonce } from './link-token';
import { insertLink, insertRevision, nextRevisionNumber, readLiveLink, readRevisionSummaries, readRevisionView, revokeLink } from './loop-rows';
import { buildRevisionSnapshot } from './revision-snapshot';

/** A relative address (the agency's logo) made absolute for an e-mail, which has no page to be relative to. */
export const absoluteUrl = (publicUrl: string, url: string | null): string | null =>
  url === null ? null : /^https?:\/\//i.test(url) ? url : `${publicUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;

/** Reports a quote's event to the webhooks; a failure there never fails what caused it. */
export async function reportQuoteEvent(events: QuoteEventSink, logger: Logger, payload: WebhookPayload): Promise<void> {
  try {
    await events.emit(payload);
  } catch (error) {
    logger.warn(`${payload.event} of a quote was not queued for the webhooks: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Sending a quote to its customer: each send freezes a revision (numbered 1, 2, 3… under the quote's
 * number), e-mails it with its PDF and the quote's one public link, and only then stores it. Any user
 * of the agency may send and read the history: quotes belong to every member.
 */
@Injectable()
export class QuoteSendingService {
  private readonly logger = new Logger(QuoteSendingService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly env: QuotingEnv,
    private readonly mailer: Mailer,
    private readonly storage: FileStorage,
    private readonly events: QuoteEventSink,
  ) {}

  async send(principal: Principal, tenantId: string, id: string, dto: SendQuoteDto): Promise<SendQuoteResult> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    const quote = await readTenant(this.dataSource, tenantId, (manager) => readQuoteDetail(manager, tenantId, quoteId));
    const [customer, agency, sender] = await Promise.all([
      this.customerOf(principal, tenantId, quote.customerId),
      this.rpc.send(TENANTS_GET, { principal, tenantId }),
      this.rpc.send(AUTH_ME, { principal }),
    ]);
    const to = dto.to ?? (customer?.email || null);
    if (!to) throw appError('VALIDATION_FAILED', [`to: ${LOOP_MESSAGES.customerHasNoEmail}`]);
    const language = this.languageOf(dto, customer, agency);
    const texts = await this.textsOf(principal, tenantId, quote.items.map((item) => item.productId), language);
    const rendered = await this.rpc.send(
      DOCUMENTS_RENDER_REVISION,
      // the customer's document is made without the agency's costs and margins
      { principal, tenantId, quote: withoutCosts(quote), customer, texts, language, ...(dto.layoutId ? { layoutId: dto.layoutId } : {}) },
      // the render waits for a worker and Gotenberg, retries included
      this.env.DOCUMENT_JOB_TIMEOUT_MS + this.env.NATS_REQUEST_TIMEOUT_MS,
    );
    const pdf = await this.storage.get(rendered.document.storageKey);
    if (!pdf) throw appError('SERVICE_UNAVAILABLE', 'The quote’s document could not be read: try again');

    const { number, token, nonce } = await readTenant(this.dataSource, tenantId, async (manager) => {
      const [next, live] = await Promise.all([nextRevisionNumber(manager, tenantId, quoteId), readLiveLink(manager, tenantId, quoteId)]);
      const linkNonce = live?.nonce ?? newLinkNonce();
      return { number: next, nonce: live ? null : linkNonce, token: linkToken(this.env.LINK_SECRET, linkNonce) };
    });
    const link = linkUrl(this.env.PUBLIC_URL, token);
    const snapshot = buildRevisionSnapshot({ quote, customer, agency, texts, language, templates: rendered.templates });
    const cc = dto.cc ?? [];
    const message = dto.message?.trim() ? dto.message.trim() : null;

    // the mail goes first: a send the mail server refused stores nothing
    await this.mailer.send({
      to,
      cc,
      replyTo: agency.referenceEmail,
      fromName: snapshot.agency.name,
      ...quoteMail({
        language,
        agencyName: snapshot.agency.name,
        logoUrl: absoluteUrl(this.env.PUBLIC_URL, agency.logoUrl),
        customerName: customer?.name ?? quote.customerName,
        quoteNumber: quote.number,
        revision: number,
        expiryDate: quote.expiryDate,
        link,
        message,
        senderName: sender.name,
        schedule: snapshot.schedule,
      }),
      attachments: [{ filename: revisionFileName(quote.shortId, number), content: pdf, contentType: 'application/pdf' }],
    });

    const sentAt = await withTenant(this.dataSource, tenantId, async (manager) => {
      // taken in the quote's turn with its other writers
      await lockQuote(manager, tenantId, quoteId);
      const sent = await insertRevision(manager, tenantId, quoteId, {
        number,
        snapshot,
        layoutId: rendered.layoutId,
        language,
        storageKey: rendered.document.storageKey,
        sentTo: to,
        cc,
        message,
        sentBy: { id: sender.id, name: sender.name, email: sender.email },
        totalAmount: snapshot.totals.gross,
      });
      if (nonce !== null) await insertLink(manager, tenantId, quoteId, { nonce, tokenHash: linkTokenHash(token) });
      return sent;
    }).catch((error: unknown) => {
      // another send of the quote took this number (or made a link) meanwhile
      if (databaseErrorOf(error)?.code === PG_UNIQUE_VIOLATION) throw appError('CONFLICT', 'The quote was sent by someone else meanwhile: reload it');
      throw error;
    });
    await reportQuoteEvent(this.events, this.logger, {
      event: 'quote.sent',
      occurredAt: sentAt.toISOString(),
      tenantId,
      quoteId,
      revision: number,
      data: { quoteNumber: quote.number, shortId: quote.shortId, customerId: quote.customerId, totalAmount: snapshot.totals.gross, language },
    });
    return { revision: number, link, sentAt: sentAt.toISOString() };
  }

  /** Revokes the quote's public link: the customer's address answers 404, the next send makes a new one. */
  async revokeLink(principal: Principal, tenantId: string, id: string): Promise<{ revoked: true }> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    await withTenant(this.dataSource, tenantId, async (manager) => {
      await lockQuote(manager, tenantId, quoteId);
      await revokeLink(manager, tenantId, quoteId);
    });
    return { revoked: true };
  }

  async revisions(principal: Principal, tenantId: string, id: string): Promise<QuoteRevisionSummary[]> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    return readOfQuote(this.dataSource, tenantId, quoteId, (manager) => readRevisionSummaries(manager, tenantId, quoteId));
  }

  async revision(principal: Principal, tenantId: string, id: string, number: unknown): Promise<QuoteRevisionView> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    const revision = typeof number === 'string' && /^\d{1,6}$/.test(number) ? Number(number) : number;
    if (typeof revision !== 'number' || !Number.isInteger(revision) || revision < 1 || revision > 100_000) {
      throw appError('NOT_FOUND', LOOP_MESSAGES.revisionNotFound);
    }
    return readOfQuote(this.dataSource, tenantId, quoteId, (manager) => readRevisionView(manager, tenantId, quoteId, revision));
  }

  /** The quote's customer as the catalogue has it now, or null when it has it no more. */
  private async customerOf(principal: Principal, tenantId: string, customerId: string): Promise<CustomerView | null> {
    try {
      return await this.rpc.send(CUSTOMERS_GET, { principal, tenantId, id: customerId });
    } catch (error) {
      if (reasonOf(error) === 'NOT_FOUND') return null;
      throw error;
    }
  }

  /** The request's language, else the customer's (Italian when the catalogue says none); one the agency offers. */
  private languageOf(dto: SendQuoteDto, customer: CustomerView | null, agency: TenantView): string {
    if (dto.language !== undefined) {
      if (![DEFAULT_LANGUAGE, ...agency.languages].includes(dto.language)) throw appError('VALIDATION_FAILED', [LOOP_MESSAGES.languageNotOffered]);
      return dto.language;
    }
    const own = (customer as Partial<CustomerView> | null)?.language;
    return typeof own === 'string' && own !== '' ? own : DEFAULT_LANGUAGE;
  }

  /** The items' texts in the language; none to ask for a quote without items. */
  private async textsOf(principal: Principal, tenantId: string, productIds: string[], language: string): Promise<ProductTexts[]> {
    const unique = [...new Set(productIds)];
    if (unique.length === 0) return [];
    return this.rpc.send(CATALOGUE_PRODUCT_TEXTS, { principal, tenantId, productIds: unique, language });
  }
}
