/**
 * Tables shared by the tests of the browser's and the server's checks, so both sides are proven
 * against the same cases. Not part of the library's runtime surface (import '@quotebook/domain/testing').
 */
import type { PricedPeriod } from './price';

/**
 * The period of the product spec's acceptance example, the summer (1 June to 30 September) of `year`:
 * minimum 10 people, € 25 per person, € 100 flat rate, € 15 additional costs; 4 people cost 365.00,
 * 12 cost 415.00.
 */
export function acceptancePeriod(year: number) {
  return {
    startDate: `${year}-06-01`,
    endDate: `${year}-09-30`,
    hasMinParticipants: true,
    minParticipants: 10,
    hasCostPerPerson: true,
    costPerPerson: '25.00',
    hasFlatRate: true,
    flatRate: '100.00',
    hasAdditionalCosts: true,
    additionalCosts: '15.00',
  } satisfies PricedPeriod;
}

/** Addresses and whether the product accepts them (`isEmail`). */
export const EMAIL_CASES: ReadonlyArray<readonly [address: string, accepted: boolean]> = [
  ['mario.rossi@agenzia-sole.it', true],
  ['info@sole.travel', true],
  ['prenotazioni+estate@gmail.com', true],
  ['agenzia.sole@pec.it', true],
  ['o\'brien@viaggi.ie', true],
  ['MARIO@SOLE.IT', true],
  ['  mario@sole.it  ', true],
  ['info@caffè-roma.it', true],
  ['niccolò@viaggi.it', true],
  ['a@b.co', true],
  ['info@xn--caff-roma-f4a.it', true],
  ['a@b.c', false],
  ['mario@localhost', false],
  ['mario@sole', false],
  ['mario.sole.it', false],
  ['@sole.it', false],
  ['mario@', false],
  ['mario@@sole.it', false],
  ['mario rossi@sole.it', false],
  ['mario@sole .it', false],
  ['.mario@sole.it', false],
  ['mario.@sole.it', false],
  ['mario..rossi@sole.it', false],
  ['mario@-sole.it', false],
  ['mario@sole-.it', false],
  ['mario@sole..it', false],
  ['mario@sole.it.', false],
  ['mario@sole.i1', false],
  ['mario@[192.168.0.1]', false],
  ['"mario rossi"@sole.it', false],
  ['Mario <mario@sole.it>', false],
  [`${'a'.repeat(65)}@sole.it`, false],
  [`mario@${'a'.repeat(250)}.it`, false],
  ['', false],
];
