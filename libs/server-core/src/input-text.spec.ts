import { inputProblems, isInvalidText, MAX_INPUT_DEPTH } from './input-text';

function nested(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
}

describe(isInvalidText.name, () => {
  it.each([
    ['NUL', 'ab\u0000c'],
    ['a lone high surrogate', 'a\ud800'],
    ['a lone low surrogate', '\udc00b'],
    ['two high surrogates', '\ud83d\ud83d'],
  ])('finds %s', (_label, text) => {
    expect(isInvalidText(text)).toBe(true);
  });

  it.each([['plain text', 'Colosseo'], ['accents', 'città'], ['an emoji (a surrogate pair)', 'tour 🏛️'], ['empty', '']])(
    'accepts %s',
    (_label, text) => {
      expect(isInvalidText(text)).toBe(false);
    },
  );
});

describe(inputProblems.name, () => {
  it('names the field holding invalid text, nested and in arrays', () => {
    expect(inputProblems({ email: 'a\ud800@example.com' })).toEqual(['email contains invalid characters']);
    expect(inputProblems({ titles: { en: 'x\u0000' }, tagIds: ['ok', '\udc00'] })).toEqual([
      'titles.en contains invalid characters',
      'tagIds.1 contains invalid characters',
    ]);
  });

  it('names a single value by its own name, and a property name with invalid characters by its parent', () => {
    expect(inputProblems('ab\u0000', 'keyword')).toEqual(['keyword contains invalid characters']);
    expect(inputProblems({ titles: { 'e\u0000n': 'x' } })).toEqual(['titles has a property name with invalid characters']);
  });

  it(`refuses nesting deeper than ${MAX_INPUT_DEPTH} levels and accepts it up to there`, () => {
    expect(inputProblems(nested(MAX_INPUT_DEPTH))).toEqual([]);
    expect(inputProblems(nested(MAX_INPUT_DEPTH + 1))).toEqual([`${Array(MAX_INPUT_DEPTH).fill('a').join('.')} is nested too deeply (at most 32 levels)`]);
    expect(inputProblems({ deep: nested(5000) })).toHaveLength(1);
  });

  it('lists at most 20 problems however many the input holds', () => {
    expect(inputProblems({ names: Array(1000).fill('\u0000') })).toHaveLength(20);
  });

  it('has nothing to say about valid input', () => {
    expect(inputProblems({ name: 'Tour', durationHours: 2, vatRateId: null, tags: [], ok: true })).toEqual([]);
  });
});
