import { type DepositKind, depositCents } from './payment-schedule';

/*
 * The customer's choice of optional lines when accepting a quote. An optional line is offered beside
 * the total, never in it; the lines the customer ticks join the quote: the total accepted is the
 * revision's total plus their gross prices, and a deposit asked as a percentage follows that total
 * (an amount stays as asked). The server checks the choice against the revision the customer read.
 */

/** An optional line as the choice reads it: its item's id and its gross price, in cents. */
export interface OfferedOptionalLine {
  itemId: string;
  grossCents: number;
}

/** The deposit a revision asks, or null when it asks none. */
export interface AskedDeposit {
  kind: DepositKind;
  value: string | null;
}

export interface ChoiceFigures {
  /** the total with the chosen lines, VAT included */
  totalCents: number;
  /** the chosen lines' gross together */
  chosenCents: number;
  depositCents: number;
  balanceCents: number;
}

export const OPTIONAL_CHOICE_MESSAGES = {
  notOffered: 'optionalItemIds must name optional lines of the revision the customer read',
  repeated: 'optionalItemIds must name each line once',
} as const;

/** What is wrong with a choice, naming the field, or null: each id once, each an optional line offered. */
export function optionalChoiceProblem(chosen: readonly string[], offered: readonly Pick<OfferedOptionalLine, 'itemId'>[]): string | null {
  if (new Set(chosen).size !== chosen.length) return OPTIONAL_CHOICE_MESSAGES.repeated;
  const offeredIds = new Set(offered.map((line) => line.itemId));
  return chosen.every((id) => offeredIds.has(id)) ? null : OPTIONAL_CHOICE_MESSAGES.notOffered;
}

/** The figures of an acceptance: the revision's total with the chosen optional lines, and the deposit and balance over it. */
export function choiceFigures(input: {
  totalCents: number;
  offered: readonly OfferedOptionalLine[];
  chosen: readonly string[];
  deposit: AskedDeposit | null;
}): ChoiceFigures {
  const chosen = new Set(input.chosen);
  const chosenCents = input.offered.filter((line) => chosen.has(line.itemId)).reduce((sum, line) => sum + line.grossCents, 0);
  const totalCents = input.totalCents + chosenCents;
  const deposit = input.deposit === null ? 0 : depositCents(totalCents, input.deposit.kind, input.deposit.value);
  return { totalCents, chosenCents, depositCents: deposit, balanceCents: Math.max(totalCents - deposit, 0) };
}
