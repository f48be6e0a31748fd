import type { RevisionItemView, RevisionTotals } from '@quotebook/contracts';
import { aRevisionItem } from '../../test/gateway-stub';
import { compareRevisions } from './revision-diff';

function line(productId: string, overrides: Partial<RevisionItemView> = {}): RevisionItemView {
  return aRevisionItem({
    productId,
    productCode: productId.toUpperCase(),
    title: `Servizio ${productId}`,
    quantity: 10,
    chargedParticipants: 10,
    netPrice: '204.92',
    vatAmount: '45.08',
    grossPrice: '250.00',
    ...overrides,
  });
}

const totals = (gross: string): RevisionTotals => ({ net: '0.00', vat: '0.00', gross, adjustment: null, consumptions: '0.00' });

describe('compareRevisions', () => {
  it('finds the lines added, removed and repriced, matched by product, and the difference of the totals', () => {
    const before = { items: [line('a'), line('b'), line('c'), line('d')], totals: totals('1000.00') };
    const after = {
      items: [
        line('e', { grossPrice: '80.00' }),
        line('a'),
        // the same money written otherwise is no change
        line('b', { unitPrice: '25', grossPrice: '250' }),
        line('c', { quantity: 12, chargedParticipants: 12, grossPrice: '300.00' }),
        line('d', { unitPrice: '20.00', grossPrice: '200.00' }),
      ],
      totals: totals('955.00'),
    };

    const sut = compareRevisions(before, after);

    expect(sut.added.map((item) => item.productId)).toEqual(['e']);
    expect(sut.removed).toEqual([]);
    expect(sut.repriced.map(({ after: item, quantityChanged, priceChanged }) => [item.productId, quantityChanged, priceChanged])).toEqual([
      ['c', true, true],
      ['d', false, true],
    ]);
    expect(sut.unchanged).toBe(2);
    expect(sut.totals).toEqual({ before: totals('1000.00'), after: totals('955.00'), grossDifference: '-45.00' });
  });

  it('lists a removed line, and a change of the charged participants alone as a reprice', () => {
    const sut = compareRevisions(
      { items: [line('a'), line('b', { minParticipants: 12, chargedParticipants: 12 })], totals: totals('500.00') },
      { items: [line('b', { minParticipants: 12, chargedParticipants: 15 })], totals: totals('500.00') },
    );

    expect(sut.removed.map((item) => item.productId)).toEqual(['a']);
    expect(sut.added).toEqual([]);
    expect(sut.repriced).toEqual([expect.objectContaining({ quantityChanged: true, priceChanged: false })]);
    expect(sut.totals.grossDifference).toBe('0.00');
  });

  it('finds nothing between a revision and itself', () => {
    const revision = { items: [line('a'), line('b')], totals: totals('500.00') };
    expect(compareRevisions(revision, revision)).toEqual({ added: [], removed: [], repriced: [], unchanged: 2, totals: { before: revision.totals, after: revision.totals, grossDifference: '0.00' } });
  });
});
