import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  AcceptQuoteDto,
  DeclineQuoteDto,
  GeneratedDocument,
  NotificationKind,
  PublicQuoteView,
  PublicVisitor,
  QuoteAnswer,
  WebhookEvent,
} from '@quotebook/contracts';
import { agentNotice, choiceFigures, formatCents, LOOP_API_MESSAGES, LOOP_MESSAGES, optionalChoiceProblem, revisionFileName, revisionLabel, toCents } from '@quotebook/domain';
import { appError } from '@quotebook/server-core';
import { Mailer, withTenant } from '@quotebook/server-core/service';
import { DataSource, type EntityManager } from 'typeorm';
import { QuotingEnv } from '../env';
import { QuoteEventSink } from '../webhooks/quote-event-sink';
import { isWellFormedLinkToken, linkTokenHash } from './link-token';
import {
  answerOf,
  findLinkTarget,
  insertNotification,
  linkNotFound,
  readLatestRevision,
  readQuoteExpiry,
  recordAnswer,
  recordView,
  type RecordedAnswer,
  type RevisionRow,
  takeChosenLines,
} from './loop-rows';
import { offeredOptionalLines, optionalTotalOf, publicItemOf, type RevisionSnapshot } from './revision-snapshot';
import { reportQuoteEvent } from './quote-sending.service';
import { isQuoteExpired, viewConsequences, viewDay, visitorHash } from './view-counting';

/** The bytes every PNG file starts with. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** A drawn signature is a PNG data URL whose bytes are a PNG; anything else is refused, naming signature.value. */
export function isPngDataUrl(value: string): boolean {
  const match = PNG_DATA_URL.exec(value);
  if (!match) return false;
  const bytes = Buffer.from(match[1], 'base64');
  return bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
}

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value !== '' ? value.slice(0, max) : null);

/** What happened, for the agent and the webhooks. */
interface QuoteHappening {
  kind: NotificationKind;
  revision: RevisionRow;
  answer?: QuoteAnswer;
}

const EVENT_OF: Record<NotificationKind, WebhookEvent> = { viewed: 'quote.viewed', accepted: 'quote.accepted', declined: 'quote.declined' };

/**
 * The customer's side of a quote, reached by its link's token alone (the token is the permission): the
 * latest revision sent, its PDF, and the answer. The link's agency is found by the token's hash, then
 * everything happens inside that agency's transaction; an unknown, revoked or malformed token is the
 * same 404.
 */
@Injectable()
export class PublicQuotesService {
  private readonly logger = new Logger(PublicQuotesService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly env: QuotingEnv,
    private readonly mailer: Mailer,
    private readonly events: QuoteEventSink,
  ) {}

  /** The latest revision as the customer reads it; a view is counted (once per visitor and day). */
  async get(token: unknown, visitor: PublicVisitor | undefined): Promise<PublicQuoteView> {
    const { view, happening } = await this.inLinkTenant(token, async (manager, tenantId, quoteId) => {
      const [revision, expiryDate] = await Promise.all([readLatestRevision(manager, tenantId, quoteId), readQuoteExpiry(manager, tenantId, quoteId)]);
      if (!revision || expiryDate === null) throw linkNotFound();
      const recorded = await recordView(manager, tenantId, revision.id, { visitorHash: visitorHash(visitor), day: viewDay(this.env.BUSINESS_TIME_ZONE) });
      const notify = viewConsequences(recorded).notifyAgent;
      if (notify) await insertNotification(manager, revision, 'viewed');
      const publicView = publicViewOf(revision, expiryDate, isQuoteExpired(expiryDate, this.env.BUSINESS_TIME_ZONE));
      return { view: publicView, happening: notify ? ({ kind: 'viewed', revision } satisfies QuoteHappening) : null };
    });
    // the customer's page does not wait for the agent's e-mail
    if (happening) void this.tellAgent(happening);
    return view;
  }

  async accept(token: unknown, visitor: PublicVisitor | undefined, dto: AcceptQuoteDto): Promise<QuoteAnswer> {
    if (dto.signature.type === 'drawn' && !isPngDataUrl(dto.signature.value)) throw appError('VALIDATION_FAILED', [LOOP_API_MESSAGES.signatureValue]);
    return this.answer(token, dto.revision, {
      kind: 'accepted',
      signerName: dto.signerName,
      signature: { type: dto.signature.type, value: dto.signature.value },
      reason: null,
      ip: text(visitor?.ip, 100),
      userAgent: text(visitor?.userAgent, 1000),
      choice: null,
    }, dto.optionalItemIds ?? []);
  }

  async decline(token: unknown, visitor: PublicVisitor | undefined, dto: DeclineQuoteDto): Promise<QuoteAnswer> {
    return this.answer(token, dto.revision, {
      kind: 'declined',
      signerName: null,
      signature: null,
      reason: dto.reason?.trim() ? dto.reason.trim() : null,
      ip: text(visitor?.ip, 100),
      userAgent: text(visitor?.userAgent, 1000),
      choice: null,
    });
  }

  /** The latest revision's PDF, as stored when it was sent. */
  async document(token: unknown): Promise<GeneratedDocument> {
    return this.inLinkTenant(token, async (manager, tenantId, quoteId) => {
      const revision = await readLatestRevision(manager, tenantId, quoteId);
      if (!revision) throw linkNotFound();
      return {
        format: 'pdf',
        storageKey: revision.storage_key,
        fileName: revisionFileName(revision.snapshot.quote.shortId, revision.number),
        contentType: 'application/pdf',
        cached: true,
      };
    });
  }

  /**
   * Records the customer's answer to the latest revision: refused when the link expired (410), when the
   * customer read an older revision than the latest (409), or when the revision has an answer (409). An
   * acceptance may choose optional lines of that revision (else 400 naming optionalItemIds): the
   * revision records them with the total accepted, and they join the quote (takeChosenLines).
   */
  private async answer(token: unknown, readRevision: number | undefined, answer: RecordedAnswer, chosen: readonly string[] = []): Promise<QuoteAnswer> {
    const { recorded, revision } = await this.inLinkTenant(token, async (manager, tenantId, quoteId) => {
      const expiryDate = await readQuoteExpiry(manager, tenantId, quoteId);
      // the revision is locked: two answers at once take turns, and the second finds the first
      const latest = await readLatestRevision(manager, tenantId, quoteId, true);
      if (!latest || expiryDate === null) throw linkNotFound();
      if (isQuoteExpired(expiryDate, this.env.BUSINESS_TIME_ZONE)) throw appError('LINK_EXPIRED', LOOP_MESSAGES.linkExpired);
      if (readRevision !== undefined && readRevision !== latest.number) throw appError('REVISION_SUPERSEDED', LOOP_MESSAGES.revisionSuperseded);
      if (latest.answer_kind !== null) throw appError('ALREADY_ANSWERED', LOOP_MESSAGES.alreadyAnswered);
      const choice = answer.kind === 'accepted' ? acceptedChoice(latest.snapshot, chosen) : null;
      const stored = await recordAnswer(manager, latest, { ...answer, choice });
      if (choice) await takeChosenLines(manager, tenantId, quoteId, chosen);
      await insertNotification(manager, latest, answer.kind);
      return { recorded: stored, revision: latest };
    });
    void this.tellAgent({ kind: answer.kind, revision, answer: recorded });
    return recorded;
  }

  /** Runs `work` in the transaction of the link's agency, or answers 404 for a token that names no live link. */
  private async inLinkTenant<T>(token: unknown, work: (manager: EntityManager, tenantId: string, quoteId: string) => Promise<T>): Promise<T> {
    // a token of the wrong form is never looked up
    if (!isWellFormedLinkToken(token)) throw linkNotFound();
    const target = await findLinkTarget(this.dataSource, linkTokenHash(token));
    if (!target) throw linkNotFound();
    return withTenant(this.dataSource, target.tenantId, (manager) => work(manager, target.tenantId, target.quoteId));
  }

  /**
   * After the fact is stored: the e-mail to the agent who sent the revision and the webhooks' event.
   * Neither may fail or hold up what the customer did, so their failures are logged only.
   */
  private async tellAgent({ kind, revision, answer }: QuoteHappening): Promise<void> {
    const { snapshot } = revision;
    if (revision.sent_by_email) {
      const notice = agentNotice({
        kind,
        label: revisionLabel(snapshot.quote.shortId, revision.number),
        quoteNumber: snapshot.quote.number,
        customerName: snapshot.customer.name,
        signerName: answer?.signerName ?? null,
        reason: answer?.reason ?? null,
        appUrl: this.env.PUBLIC_URL,
      });
      await this.mailer.send({ to: revision.sent_by_email, ...notice }).catch((error: unknown) => {
        this.logger.warn(`The agent was not e-mailed about a quote ${kind}: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    await reportQuoteEvent(this.events, this.logger, {
      event: EVENT_OF[kind],
      occurredAt: answer?.at ?? new Date().toISOString(),
      tenantId: revision.tenant_id,
      quoteId: revision.quote_id,
      revision: revision.number,
      data: {
        quoteNumber: snapshot.quote.number,
        shortId: snapshot.quote.shortId,
        customerId: snapshot.quote.customerId,
        ...(answer ? { signerName: answer.signerName, reason: answer.reason } : {}),
        ...(answer?.kind === 'accepted'
          ? { optionalItemIds: (answer.optionalLines ?? []).map((line) => line.itemId), acceptedTotal: answer.acceptedTotal ?? null }
          : {}),
      },
    });
  }
}

/**
 * The public read of a revision, field by field from what it froze (no part of an agency's view is
 * passed on as it is): the agency and customer as printed, the quote's reference, the lines, the
 * figures, the schedule and the answer.
 */
export function publicViewOf(revision: RevisionRow, expiryDate: string, expired: boolean): PublicQuoteView {
  const { snapshot } = revision;
  const items = snapshot.items.map(publicItemOf);
  return {
    agency: { ...snapshot.agency },
    customer: { ...snapshot.customer },
    quote: { shortId: snapshot.quote.shortId, number: snapshot.quote.number, subject: snapshot.quote.subject, serviceDate: snapshot.quote.serviceDate, expiryDate },
    revision: revision.number,
    items,
    vatSummary: snapshot.vatSummary.map(({ rate, label, net, vat, gross }) => ({ rate, label, net, vat, gross })),
    total: {
      net: snapshot.totals.net,
      vat: snapshot.totals.vat,
      gross: snapshot.totals.gross,
      adjustment: snapshot.totals.adjustment,
      consumptions: snapshot.totals.consumptions,
    },
    optionalTotal: optionalTotalOf(items),
    schedule: snapshot.schedule ? { ...snapshot.schedule } : null,
    templates: snapshot.templates.map(({ templateType, title, content }) => ({ templateType, title, content })),
    language: revision.language,
    answer: answerOf(revision),
    expired,
  };
}

/** The optional lines an acceptance chose, checked against the revision, with the total they make. */
function acceptedChoice(snapshot: RevisionSnapshot, chosen: readonly string[]): NonNullable<RecordedAnswer['choice']> {
  const offered = offeredOptionalLines(snapshot);
  const problem = optionalChoiceProblem(chosen, offered);
  if (problem) throw appError('VALIDATION_FAILED', [problem]);
  const { totalCents } = choiceFigures({
    totalCents: toCents(snapshot.totals.gross),
    offered: offered.map((line) => ({ itemId: line.itemId, grossCents: toCents(line.grossPrice) })),
    chosen,
    deposit: null,
  });
  return { optionalLines: offered.filter((line) => chosen.includes(line.itemId)), total: formatCents(totalCents) };
}
