import {
  type ChosenOptionalLine,
  type NotificationKind,
  type NotificationsView,
  type NotificationView,
  type QuoteAnswer,
  type QuoteAnswerKind,
  type QuoteRevisionSummary,
  type QuoteRevisionView,
  type SignatureKind,
} from '@quotebook/contracts';
import { formatCents, formatQuoteNumber, lineFigures, LOOP_MESSAGES, quoteShortId, toCents } from '@quotebook/domain';
import { appError } from '@quotebook/server-core';
import type { DataSource, EntityManager } from 'typeorm';
import { lockQuote, storeQuoteFigures } from '../quotes/quote-rows';
import '../wall-clock';
import type { RevisionSnapshot } from './revision-snapshot';

/*
 * The customer loop's rows, in plain SQL like the rest of the schema: links, revisions with their
 * answers, views and notifications. Every function but findLinkTarget runs inside the tenant's
 * transaction (withTenant / readTenant).
 */

export interface RevisionRow {
  id: string;
  tenant_id: string;
  quote_id: string;
  number: number;
  snapshot: RevisionSnapshot;
  layout_id: string;
  language: string;
  storage_key: string;
  sent_to: string;
  cc: string[];
  message: string | null;
  sent_by_id: string | null;
  sent_by_name: string | null;
  sent_by_email: string | null;
  total_amount: string;
  sent_at: Date;
  first_viewed_at: Date | null;
  answer_kind: QuoteAnswerKind | null;
  signer_name: string | null;
  answer_reason: string | null;
  answered_at: Date | null;
}

/** A revision with what its views add up to. */
interface RevisionWithViews extends RevisionRow {
  view_count: number;
  last_viewed_at: Date | null;
}

/** The columns a revision is read with (the signature and the answer's IP stay in the table). */
const REVISION_COLUMNS = `revision.id, revision.tenant_id, revision.quote_id, revision.number, revision.snapshot, revision.layout_id,
  revision.language, revision.storage_key, revision.sent_to, revision.cc, revision.message, revision.sent_by_id, revision.sent_by_name,
  revision.sent_by_email, revision.total_amount, revision.sent_at, revision.first_viewed_at, revision.answer_kind, revision.signer_name,
  revision.answer_reason, revision.answered_at`;

const REVISION_WITH_VIEWS = `
  SELECT ${REVISION_COLUMNS}, views.view_count, views.last_viewed_at
    FROM quoting.quote_revisions revision
   CROSS JOIN LATERAL (
         SELECT count(*)::int AS view_count, max(view.viewed_at) AS last_viewed_at
           FROM quoting.quote_revision_views view
          WHERE view.tenant_id = revision.tenant_id AND view.revision_id = revision.id) views`;

export const revisionNotFound = () => appError('NOT_FOUND', LOOP_MESSAGES.revisionNotFound);
/** Unknown, revoked and malformed tokens get this same answer. */
export const linkNotFound = () => appError('NOT_FOUND', LOOP_MESSAGES.linkNotFound);

type AnswerColumns = Pick<RevisionRow, 'answer_kind' | 'signer_name' | 'answer_reason' | 'answered_at'>;

/**
 * The customer's answer to a revision, or null. An acceptance carries the optional lines chosen and the
 * total accepted (the revision's own when it was accepted before optional lines, or without any).
 */
export function answerOf(row: AnswerColumns & Partial<Pick<RevisionRow, 'snapshot' | 'total_amount'>>): QuoteAnswer | null {
  if (row.answer_kind === null || row.answered_at === null) return null;
  const answer: QuoteAnswer = { kind: row.answer_kind, signerName: row.signer_name, reason: row.answer_reason, at: row.answered_at.toISOString() };
  if (row.answer_kind !== 'accepted') return answer;
  const choice = row.snapshot?.acceptedChoice;
  const revisionTotal = row.total_amount === undefined ? null : formatCents(toCents(row.total_amount));
  return { ...answer, optionalLines: choice?.optionalLines ?? [], acceptedTotal: choice?.total ?? revisionTotal };
}

function mapSummary(row: RevisionWithViews): QuoteRevisionSummary {
  return {
    number: row.number,
    sentAt: row.sent_at.toISOString(),
    sentTo: row.sent_to,
    cc: row.cc,
    sentByName: row.sent_by_name,
    totalAmount: formatCents(toCents(row.total_amount)),
    language: row.language,
    layoutId: row.layout_id,
    viewCount: row.view_count,
    firstViewedAt: row.first_viewed_at === null ? null : row.first_viewed_at.toISOString(),
    lastViewedAt: row.last_viewed_at === null ? null : row.last_viewed_at.toISOString(),
    answer: answerOf(row),
  };
}

function mapRevision(row: RevisionWithViews): QuoteRevisionView {
  const { snapshot } = row;
  return {
    ...mapSummary(row),
    quoteId: row.quote_id,
    quote: snapshot.quote,
    items: snapshot.items,
    vatSummary: snapshot.vatSummary,
    totals: snapshot.totals,
    templates: snapshot.templates,
  };
}

/** The quote's revisions, oldest first. */
export async function readRevisionSummaries(manager: EntityManager, tenantId: string, quoteId: string): Promise<QuoteRevisionSummary[]> {
  const rows: RevisionWithViews[] = await manager.query(
    `${REVISION_WITH_VIEWS} WHERE revision.tenant_id = $1 AND revision.quote_id = $2 ORDER BY revision.number`,
    [tenantId, quoteId],
  );
  return rows.map(mapSummary);
}

/** One revision of the quote with all it froze, or 404. */
export async function readRevisionView(manager: EntityManager, tenantId: string, quoteId: string, number: number): Promise<QuoteRevisionView> {
  const [row]: RevisionWithViews[] = await manager.query(
    `${REVISION_WITH_VIEWS} WHERE revision.tenant_id = $1 AND revision.quote_id = $2 AND revision.number = $3`,
    [tenantId, quoteId, number],
  );
  if (!row) throw revisionNotFound();
  return mapRevision(row);
}

/** The quote's latest revision (locked until the transaction ends, for an answer), or null when it was never sent. */
export async function readLatestRevision(manager: EntityManager, tenantId: string, quoteId: string, lock = false): Promise<RevisionRow | null> {
  const [row]: RevisionRow[] = await manager.query(
    `SELECT ${REVISION_COLUMNS} FROM quoting.quote_revisions revision
      WHERE revision.tenant_id = $1 AND revision.quote_id = $2 ORDER BY revision.number DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
    [tenantId, quoteId],
  );
  return row ?? null;
}

/** The number the next revision of the quote takes. */
export async function nextRevisionNumber(manager: EntityManager, tenantId: string, quoteId: string): Promise<number> {
  const [{ last }]: { last: number }[] = await manager.query(
    `SELECT coalesce(max(number), 0)::int AS last FROM quoting.quote_revisions WHERE tenant_id = $1 AND quote_id = $2`,
    [tenantId, quoteId],
  );
  return last + 1;
}

export interface NewRevision {
  number: number;
  snapshot: RevisionSnapshot;
  layoutId: string;
  language: string;
  storageKey: string;
  sentTo: string;
  cc: string[];
  message: string | null;
  sentBy: { id: string; name: string; email: string } | null;
  totalAmount: string;
}

/**
 * Stores a sent revision and makes it the quote's latest (its answer is none yet); when was it sent.
 * A concurrent send that took the same number fails on the unique key (409).
 */
export async function insertRevision(manager: EntityManager, tenantId: string, quoteId: string, revision: NewRevision): Promise<Date> {
  const [{ sent_at }]: { sent_at: Date }[] = await manager.query(
    `INSERT INTO quoting.quote_revisions
       (tenant_id, quote_id, number, snapshot, layout_id, language, storage_key, sent_to, cc, message, sent_by_id, sent_by_name, sent_by_email, total_amount)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9::text[], $10, $11, $12, $13, $14)
     RETURNING sent_at`,
    [
      tenantId,
      quoteId,
      revision.number,
      JSON.stringify(revision.snapshot),
      revision.layoutId,
      revision.language,
      revision.storageKey,
      revision.sentTo,
      revision.cc,
      revision.message,
      revision.sentBy?.id ?? null,
      revision.sentBy?.name ?? null,
      revision.sentBy?.email ?? null,
      revision.totalAmount,
    ],
  );
  // what the quote list shows of the loop; the quote's version stays (an editor's copy is not outdated by a send)
  await manager.query(`UPDATE quoting.quotes SET latest_revision = $3, last_sent_at = $4, customer_answer = NULL WHERE tenant_id = $1 AND id = $2`, [
    tenantId,
    quoteId,
    revision.number,
    sent_at,
  ]);
  return sent_at;
}

/** The quote's live link: its nonce, from which its token is derived again. */
export async function readLiveLink(manager: EntityManager, tenantId: string, quoteId: string): Promise<{ id: string; nonce: string } | null> {
  const [row]: { id: string; nonce: string }[] = await manager.query(
    `SELECT id, nonce FROM quoting.quote_links WHERE tenant_id = $1 AND quote_id = $2 AND revoked_at IS NULL`,
    [tenantId, quoteId],
  );
  return row ?? null;
}

export async function insertLink(manager: EntityManager, tenantId: string, quoteId: string, link: { nonce: string; tokenHash: string }): Promise<void> {
  await manager.query(`INSERT INTO quoting.quote_links (tenant_id, quote_id, token_hash, nonce) VALUES ($1, $2, $3, $4)`, [
    tenantId,
    quoteId,
    link.tokenHash,
    link.nonce,
  ]);
}

/** Revokes the quote's live link, if it has one. */
export async function revokeLink(manager: EntityManager, tenantId: string, quoteId: string): Promise<void> {
  await manager.query(`UPDATE quoting.quote_links SET revoked_at = now() WHERE tenant_id = $1 AND quote_id = $2 AND revoked_at IS NULL`, [tenantId, quoteId]);
}

/**
 * The agency and quote of a live link, by its token's hash, before any agency is known: through the
 * schema's one function that reads the links outside row-level security and answers only these two ids.
 */
export async function findLinkTarget(dataSource: DataSource, tokenHash: string): Promise<{ tenantId: string; quoteId: string } | null> {
  const [row]: { tenant_id: string; quote_id: string }[] = await dataSource.query(
    `SELECT tenant_id, quote_id FROM quoting.quote_link_target($1)`,
    [tokenHash],
  );
  return row ? { tenantId: row.tenant_id, quoteId: row.quote_id } : null;
}

/** The quote's fields the public page reads live: its expiry (the link expires with it). */
export async function readQuoteExpiry(manager: EntityManager, tenantId: string, quoteId: string): Promise<string | null> {
  const [row]: { expiry_date: string }[] = await manager.query(
    `SELECT to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date FROM quoting.quotes WHERE tenant_id = $1 AND id = $2`,
    [tenantId, quoteId],
  );
  return row?.expiry_date ?? null;
}

/**
 * Records a view of a revision: counted once per visitor and day. Answers whether this view was
 * counted, and whether it was the revision's first (set once, whatever views arrive together).
 */
export async function recordView(
  manager: EntityManager,
  tenantId: string,
  revisionId: string,
  view: { visitorHash: string; day: string },
): Promise<{ counted: boolean; firstOfRevision: boolean }> {
  const inserted: unknown[] = await manager.query(
    `INSERT INTO quoting.quote_revision_views (tenant_id, revision_id, visitor_hash, day) VALUES ($1, $2, $3, $4)
     ON CONFLICT (revision_id, visitor_hash, day) DO NOTHING RETURNING id`,
    [tenantId, revisionId, view.visitorHash, view.day],
  );
  if (inserted.length === 0) return { counted: false, firstOfRevision: false };
  // an UPDATE answers [its RETURNING rows, how many rows it changed]
  const [first]: [unknown[], number] = await manager.query(
    `UPDATE quoting.quote_revisions SET first_viewed_at = now() WHERE tenant_id = $1 AND id = $2 AND first_viewed_at IS NULL RETURNING id`,
    [tenantId, revisionId],
  );
  return { counted: true, firstOfRevision: first.length > 0 };
}

export interface RecordedAnswer {
  kind: QuoteAnswerKind;
  signerName: string | null;
  signature: { type: SignatureKind; value: string } | null;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
  /** an acceptance: the optional lines chosen and the total with them (money as the API writes it) */
  choice: { optionalLines: ChosenOptionalLine[]; total: string } | null;
}

/**
 * Stores the customer's answer on the revision (an acceptance's choice of optional lines beside what
 * the revision froze) and on its quote (the list's badge); the answer as read back.
 */
export async function recordAnswer(manager: EntityManager, revision: RevisionRow, answer: RecordedAnswer): Promise<QuoteAnswer> {
  const [[row]]: [(AnswerColumns & Pick<RevisionRow, 'snapshot' | 'total_amount'>)[], number] = await manager.query(
    `UPDATE quoting.quote_revisions
        SET answer_kind = $3, signer_name = $4, signature_type = $5, signature_value = $6, answer_reason = $7,
            answered_at = now(), answer_ip = $8, answer_user_agent = $9,
            snapshot = CASE WHEN $10::jsonb IS NULL THEN snapshot ELSE jsonb_set(snapshot, '{acceptedChoice}', $10::jsonb) END
      WHERE tenant_id = $1 AND id = $2 AND answer_kind IS NULL
      RETURNING answer_kind, signer_name, answer_reason, answered_at, snapshot, total_amount`,
    [
      revision.tenant_id,
      revision.id,
      answer.kind,
      answer.signerName,
      answer.signature?.type ?? null,
      answer.signature?.value ?? null,
      answer.reason,
      answer.ip,
      answer.userAgent,
      answer.choice === null ? null : JSON.stringify(answer.choice),
    ],
  );
  const recorded = row ? answerOf(row) : null;
  if (!recorded) throw appError('ALREADY_ANSWERED', LOOP_MESSAGES.alreadyAnswered);
  await manager.query(`UPDATE quoting.quotes SET customer_answer = $3::jsonb WHERE tenant_id = $1 AND id = $2 AND latest_revision = $4`, [
    revision.tenant_id,
    revision.quote_id,
    JSON.stringify(recorded),
    revision.number,
  ]);
  return recorded;
}

/**
 * The optional lines a customer chose join the quote: they are optional no more, so the quote's total,
 * its schedule and its margin count them from now on, and its figures are stored again. A total set by
 * hand rises by what the chosen lines charge (it stays the agency's figure, plus what the customer
 * added). The quote's version rises: an editor holding the quote from before reloads it. Lines the
 * agency has removed or made non-optional since the send are left as they are.
 */
export async function takeChosenLines(manager: EntityManager, tenantId: string, quoteId: string, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return;
  const quote = await lockQuote(manager, tenantId, quoteId);
  // an UPDATE answers [its RETURNING rows, how many rows it changed]
  const [taken]: [{ total_price: string; price_includes_vat: boolean; vat_rate: string | null }[], number] = await manager.query(
    `UPDATE quoting.quote_items SET optional = false
      WHERE tenant_id = $1 AND quote_id = $2 AND id = ANY($3::uuid[]) AND optional
      RETURNING total_price, price_includes_vat, vat_rate`,
    [tenantId, quoteId, itemIds],
  );
  if (taken.length === 0) return;
  await manager.query(`UPDATE quoting.quotes SET version = version + 1, updated_at = now() WHERE tenant_id = $1 AND id = $2`, [tenantId, quoteId]);
  const manualTotal = quote.manual_total === null ? null : toCents(quote.manual_total);
  const addedCents = taken.reduce(
    (sum, line) => sum + lineFigures({ totalCents: toCents(line.total_price), priceIncludesVat: line.price_includes_vat, vatRate: line.vat_rate }).grossCents,
    0,
  );
  await storeQuoteFigures(manager, tenantId, quoteId, manualTotal === null ? null : manualTotal + addedCents);
}

/** A notification for the agent who sent the revision (none when the sender is not known). */
export async function insertNotification(
  manager: EntityManager,
  revision: Pick<RevisionRow, 'tenant_id' | 'quote_id' | 'number' | 'sent_by_id'>,
  kind: NotificationKind,
): Promise<void> {
  if (!revision.sent_by_id) return;
  await manager.query(`INSERT INTO quoting.notifications (tenant_id, user_id, kind, quote_id, revision) VALUES ($1, $2, $3, $4, $5)`, [
    revision.tenant_id,
    revision.sent_by_id,
    kind,
    revision.quote_id,
    revision.number,
  ]);
}

/** How many notifications the bell lists. */
export const NOTIFICATIONS_SHOWN = 50;

interface NotificationRow {
  id: string;
  kind: NotificationKind;
  quote_id: string;
  revision: number;
  customer_name: string;
  number_year: number;
  number_seq: number;
  created_at: Date;
  read_at: Date | null;
}

function mapNotification(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    kind: row.kind,
    quoteId: row.quote_id,
    quoteShortId: quoteShortId(row.quote_id),
    quoteNumber: formatQuoteNumber(row.number_year, row.number_seq),
    customerName: row.customer_name,
    revision: row.revision,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at === null ? null : row.read_at.toISOString(),
  };
}

/** The user's notifications in the agency, newest first, with how many are unread. */
export async function readNotifications(manager: EntityManager, tenantId: string, userId: string): Promise<NotificationsView> {
  const [rows, [{ unread }]]: [NotificationRow[], { unread: number }[]] = await Promise.all([
    manager.query(
      `SELECT notification.id, notification.kind, notification.quote_id, notification.revision, quote.customer_name,
              quote.number_year, quote.number_seq, notification.created_at, notification.read_at
         FROM quoting.notifications notification
         JOIN quoting.quotes quote ON quote.tenant_id = notification.tenant_id AND quote.id = notification.quote_id
        WHERE notification.tenant_id = $1 AND notification.user_id = $2
        ORDER BY notification.created_at DESC, notification.id
        LIMIT $3`,
      [tenantId, userId, NOTIFICATIONS_SHOWN],
    ),
    manager.query(`SELECT count(*)::int AS unread FROM quoting.notifications WHERE tenant_id = $1 AND user_id = $2 AND read_at IS NULL`, [tenantId, userId]),
  ]);
  return { unread, items: rows.map(mapNotification) };
}

/** Marks one of the user's notifications read (false when the user has none of that id), or all of them. */
export async function markNotificationsRead(manager: EntityManager, tenantId: string, userId: string, id: string | 'all'): Promise<boolean> {
  if (id === 'all') {
    await manager.query(`UPDATE quoting.notifications SET read_at = now() WHERE tenant_id = $1 AND user_id = $2 AND read_at IS NULL`, [tenantId, userId]);
    return true;
  }
  const [, changed]: [unknown[], number] = await manager.query(
    `UPDATE quoting.notifications SET read_at = coalesce(read_at, now()) WHERE tenant_id = $1 AND user_id = $2 AND id = $3`,
    [tenantId, userId, id],
  );
  return changed > 0;
}
