/**
 * Tables shared by the tests of the browser's and the server's checks, so both sides are proven
 * against the same cases. Not part of the library's runtime surface (import '@quotebook/domain/testing').
 */

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
