import type { QuoteRevisionView, RevisionItemView, RevisionTotals } from '@quotebook/contracts';
import { formatCents, toCents } from '@quotebook/domain';

/** One line in both revisions whose quantity or price moved. */
export interface RepricedLine {
  before: RevisionItemView;
  after: RevisionItemView;
  quantityChanged: boolean;
  priceChanged: boolean;
}

export interface TotalsChange {
  before: RevisionTotals;
  after: RevisionTotals;
  /** the total VAT included, after minus before, with two decimals (`"-45.00"`) */
  grossDifference: string;
}

/** What changed from one revision to a later one. */
export interface RevisionComparison {
  added: RevisionItemView[];
  removed: RevisionItemView[];
  repriced: RepricedLine[];
  /** lines in both, unchanged */
  unchanged: number;
  totals: TotalsChange;
}

/** Money compared by value, not by how it is written (`"10"` equals `"10.00"`). */
const sameMoney = (a: string, b: string) => toCents(a) === toCents(b);

/**
 * The lines added, removed and repriced (quantity, charged participants or price changed) between two
 * revisions, lines matched by their product, and the totals side by side. In the order of the later
 * revision (removed lines: of the earlier one).
 */
export function compareRevisions(before: Pick<QuoteRevisionView, 'items' | 'totals'>, after: Pick<QuoteRevisionView, 'items' | 'totals'>): RevisionComparison {
  const earlier = new Map(before.items.map((item) => [item.productId, item] as const));
  const later = new Set(after.items.map((item) => item.productId));
  const added: RevisionItemView[] = [];
  const repriced: RepricedLine[] = [];
  let unchanged = 0;
  for (const item of after.items) {
    const previous = earlier.get(item.productId);
    if (!previous) {
      added.push(item);
      continue;
    }
    const quantityChanged = previous.quantity !== item.quantity || previous.chargedParticipants !== item.chargedParticipants;
    const priceChanged = !sameMoney(previous.unitPrice, item.unitPrice) || !sameMoney(previous.grossPrice, item.grossPrice);
    if (quantityChanged || priceChanged) repriced.push({ before: previous, after: item, quantityChanged, priceChanged });
    else unchanged += 1;
  }
  const removed = before.items.filter((item) => !later.has(item.productId));
  const grossDifference = formatCents(toCents(after.totals.gross) - toCents(before.totals.gross));
  return { added, removed, repriced, unchanged, totals: { before: before.totals, after: after.totals, grossDifference } };
}
