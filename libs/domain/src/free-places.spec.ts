import { freePlacesFor, freePlacesLabel, freePlacesRuleOf, payingParticipantsFor } from './free-places';

const ONE_EVERY_20 = { every: 20, count: 1 };

describe(freePlacesFor.name, () => {
  it.each([
    ['nobody', 0, ONE_EVERY_20, 0, 0],
    ['a group one short of a free place', 20, ONE_EVERY_20, 0, 20],
    ['20 paying earn one free', 21, ONE_EVERY_20, 1, 20],
    ['a second group not yet complete', 41, ONE_EVERY_20, 1, 40],
    ['40: one complete group of 20 + 1, the rest pay', 40, ONE_EVERY_20, 1, 39],
    ['two complete groups of 20 + 1', 42, ONE_EVERY_20, 2, 40],
    ['2 free every 10 paying', 24, { every: 10, count: 2 }, 4, 20],
    ['2 free every 10: an incomplete group earns none', 11, { every: 10, count: 2 }, 0, 11],
    ['no rule: all pay', 100, null, 0, 100],
  ])('%s', (_case, participants, rule, free, paying) => {
    expect(freePlacesFor(participants, rule)).toBe(free);
    expect(payingParticipantsFor(participants, rule)).toBe(paying);
  });

  it('gives count free places per complete group of every + count participants', () => {
    expect(freePlacesFor(62, ONE_EVERY_20)).toBe(2);
    expect(freePlacesFor(63, ONE_EVERY_20)).toBe(3);
  });
});

describe(freePlacesRuleOf.name, () => {
  it.each([
    ['both set', { freePlacesEvery: 20, freePlacesCount: 1 }, ONE_EVERY_20],
    ['every alone', { freePlacesEvery: 20, freePlacesCount: null }, null],
    ['count alone', { freePlacesEvery: null, freePlacesCount: 1 }, null],
    ['neither', {}, null],
    ['zero is none', { freePlacesEvery: 0, freePlacesCount: 1 }, null],
    ['no period', null, null],
  ])('%s', (_case, terms, rule) => {
    expect(freePlacesRuleOf(terms)).toEqual(rule);
  });
});

describe(freePlacesLabel.name, () => {
  it.each([
    [20, 1, '20 + 1 gratuità'],
    [38, 2, '38 + 2 gratuità'],
  ])('%i paying and %i free read "%s"', (paying, free, label) => {
    expect(freePlacesLabel(paying, free)).toBe(label);
  });
});
