import { choiceFigures, OPTIONAL_CHOICE_MESSAGES, optionalChoiceProblem } from './optional-choice';

const offered = [
  { itemId: 'a', grossCents: 12_000 },
  { itemId: 'b', grossCents: 4_550 },
];

describe(choiceFigures.name, () => {
  it.each([
    // chosen, deposit, total, chosen gross, deposit, balance
    [[], null, 100_000, 0, 0, 100_000],
    [['a'], null, 112_000, 12_000, 0, 112_000],
    [['a', 'b'], null, 116_550, 16_550, 0, 116_550],
    [['b'], { kind: 'percent', value: '30.00' }, 104_550, 4_550, 31_365, 73_185],
    [[], { kind: 'percent', value: '30.00' }, 100_000, 0, 30_000, 70_000],
    [['a'], { kind: 'amount', value: '250.00' }, 112_000, 12_000, 25_000, 87_000],
    [['a'], { kind: 'none', value: null }, 112_000, 12_000, 0, 112_000],
    [['unknown'], null, 100_000, 0, 0, 100_000],
  ] as const)('choosing %j with deposit %j: total %i, chosen %i, deposit %i, balance %i', (chosen, deposit, total, chosenCents, depositCents, balance) => {
    expect(choiceFigures({ totalCents: 100_000, offered, chosen, deposit })).toEqual({ totalCents: total, chosenCents, depositCents, balanceCents: balance });
  });
});

describe(optionalChoiceProblem.name, () => {
  it.each([
    [[], null],
    [['a'], null],
    [['b', 'a'], null],
    [['c'], OPTIONAL_CHOICE_MESSAGES.notOffered],
    [['a', 'c'], OPTIONAL_CHOICE_MESSAGES.notOffered],
    [['a', 'a'], OPTIONAL_CHOICE_MESSAGES.repeated],
  ] as const)('%j → %s', (chosen, problem) => {
    expect(optionalChoiceProblem(chosen, offered)).toBe(problem);
  });

  it('refuses any choice when nothing optional was offered', () => {
    expect(optionalChoiceProblem(['a'], [])).toBe(OPTIONAL_CHOICE_MESSAGES.notOffered);
  });
});
