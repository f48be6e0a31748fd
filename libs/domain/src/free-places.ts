/*
 * Free places ("gratuità"): a period may give `count` free places for every `every` paying
 * participants (1 free every 20 paying). A group earns a free place only once it is complete, paying
 * ones and free ones together: 21 participants are 20 paying + 1 free, 40 are 38 paying + 2 free.
 */

/** A period's free places rule: `count` free for every `every` paying participants. */
export interface FreePlacesRule {
  every: number;
  count: number;
}

/** What of a period the free places read; both set or neither. */
export interface FreePlacesTerms {
  freePlacesEvery?: number | null;
  freePlacesCount?: number | null;
}

/** The period's rule, or null when it gives no free places (either number unset or below 1). */
export function freePlacesRuleOf(terms: FreePlacesTerms | null | undefined): FreePlacesRule | null {
  const every = terms?.freePlacesEvery;
  const count = terms?.freePlacesCount;
  if (!every || !count || every < 1 || count < 1) return null;
  return { every, count };
}

/** How many of `participants` travel free under the rule: floor(n / (every + count)) × count. */
export function freePlacesFor(participants: number, rule: FreePlacesRule | null): number {
  if (!rule || participants <= 0) return 0;
  return Math.floor(participants / (rule.every + rule.count)) * rule.count;
}

/** The participants who pay: all of them less the free places. */
export function payingParticipantsFor(participants: number, rule: FreePlacesRule | null): number {
  return Math.max(0, participants - freePlacesFor(participants, rule));
}

/** "20 + 1 gratuità": the paying participants and the free places beside them (a rule reads the same way). */
export function freePlacesLabel(paying: number, free: number): string {
  return `${paying} + ${free} gratuità`;
}
