import type { PublicVisitor } from '@quotebook/contracts';
import { todayIn } from '@quotebook/domain';
import { createHash } from 'node:crypto';

/*
 * Views without a flood: a revision's views are counted once per visitor and day (the table's unique
 * key on revision, visitor and day), and only a revision's first view tells the agent (a notification,
 * an e-mail, the quote.viewed webhook). A visitor is the hash of the IP and the browser: nothing a
 * person could be recognised by is kept.
 */

/** The visitor's key: SHA-256 of the IP and the user agent. */
export function visitorHash(visitor: Partial<PublicVisitor> | undefined): string {
  const ip = typeof visitor?.ip === 'string' ? visitor.ip : '';
  const userAgent = typeof visitor?.userAgent === 'string' ? visitor.userAgent : '';
  return createHash('sha256').update(`${ip}\n${userAgent}`, 'utf8').digest('hex');
}

/** The day a view is counted under: today in the business time zone. */
export function viewDay(timeZone: string, now: Date = new Date()): string {
  return todayIn(timeZone, now);
}

/** What a view of a revision sets off, from what its recording found. */
export function viewConsequences(recorded: { counted: boolean; firstOfRevision: boolean }): { notifyAgent: boolean } {
  return { notifyAgent: recorded.counted && recorded.firstOfRevision };
}

/** A link expires with its quote: after the expiry date (that day itself still valid), in the business time zone. */
export function isQuoteExpired(expiryDate: string, timeZone: string, now: Date = new Date()): boolean {
  return expiryDate < todayIn(timeZone, now);
}
