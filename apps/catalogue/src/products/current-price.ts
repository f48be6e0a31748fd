import { toCents } from '@quotebook/contracts';

/** The part of an availability period the list price needs. */
export interface PricedPeriod {
  startDate: string;
  endDate: string;
  hasCostPerPerson: boolean;
  costPerPerson: string | null;
  hasFlatRate: boolean;
  flatRate: string | null;
}

const positive = (enabled: boolean, amount: string | null): amount is string => enabled && amount !== null && toCents(amount) > 0;

/**
 * The price the product list shows: from the period containing `today` (bounds included), the cost per
 * person when it is switched on and above zero, else the flat rate likewise; null (shown N/A) when no
 * period contains today or neither gives a price.
 */
export function currentPrice(periods: readonly PricedPeriod[], today: string): string | null {
  const period = periods.find((candidate) => candidate.startDate <= today && today <= candidate.endDate);
  if (!period) return null;
  if (positive(period.hasCostPerPerson, period.costPerPerson)) return period.costPerPerson;
  if (positive(period.hasFlatRate, period.flatRate)) return period.flatRate;
  return null;
}
