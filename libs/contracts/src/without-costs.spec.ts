import 'reflect-metadata';
import { COST_FIELDS, withoutCosts } from './quoting';

describe(withoutCosts.name, () => {
  const item = { id: 'i1', totalPrice: '100.00', cost: '60.00', costSource: 'manual', margin: '40.00', marginPercent: '40.00', optional: false };
  const quote = { id: 'q1', totalAmount: '100.00', costTotal: '60.00', marginTotal: '40.00', marginPercent: '40.00', optionalTotal: '0.00', items: [item] };

  it.each([
    ['a quote with its items', quote, { ...quote, costTotal: null, marginTotal: null, marginPercent: null, items: [{ ...item, cost: null, margin: null, marginPercent: null }] }],
    ['a list of items', [item], [{ ...item, cost: null, margin: null, marginPercent: null }]],
    ['a page of quotes', { items: [{ id: 'q2', costTotal: '1.00' }], nextCursor: null }, { items: [{ id: 'q2', costTotal: null }], nextCursor: null }],
    ['an answer without costs', { deleted: true }, { deleted: true }],
    ['nothing', null, null],
  ])('nulls every cost and margin field of %s, and nothing else', (_case, answer, expected) => {
    expect(withoutCosts(answer)).toEqual(expected);
  });

  it('leaves the answer it is given as it was', () => {
    withoutCosts(quote);
    expect(quote.costTotal).toBe('60.00');
    expect(COST_FIELDS).toEqual(['cost', 'margin', 'marginPercent', 'costTotal', 'marginTotal']);
  });
});
