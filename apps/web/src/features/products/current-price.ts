import type { AvailabilityView } from '@quotebook/contracts';
import { formatEuroCents, pricePartsOn, todayIn } from '@quotebook/domain';

/**
 * What a person pays under today's period, every part named: "€ 45,50 per person + € 100,00 flat rate,
 * min. 2 participants". N/A when no period contains the day or it charges nothing.
 */
export function currentPriceText(periods: readonly AvailabilityView[], today: string = todayIn()): string {
  const parts = pricePartsOn(periods, today);
  if (!parts) return 'N/A';
  const amounts = [
    [parts.perPersonCents, 'per person'],
    [parts.flatCents, 'flat rate'],
    [parts.additionalCents, 'additional costs'],
  ] as const;
  const charged = amounts.flatMap(([cents, label]) => (cents === null ? [] : [`${formatEuroCents(cents)} ${label}`])).join(' + ');
  // a minimum only changes the bill when people pay per person
  const minimum = parts.minParticipants && parts.perPersonCents !== null ? `, min. ${parts.minParticipants} participants` : '';
  return charged + minimum;
}
