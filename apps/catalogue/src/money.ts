import { formatCents, toCents } from '@quotebook/contracts';

/** A validated money value as stored and shown: "120.5" or 120.5 → "120.50"; absent or null → null. */
export function moneyOrNull(value: string | number | null | undefined): string | null {
  return value === undefined || value === null ? null : formatCents(toCents(value));
}
