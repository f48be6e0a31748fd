import { DOCUMENT_LANGUAGES, documentLabels, type DocumentLabels, vatGroupLabelIn, vatLabelIn } from './document-labels';
import { FIGURE_LABELS, minimumNote, vatGroupLabel } from './figures';
import { freePlacesLabel } from './free-places';
import { TENANT_LANGUAGE_CHOICES } from './languages';
import { vatLabel } from './quotes';

describe(documentLabels.name, () => {
  it('has a table for every language an agency can offer its customers', () => {
    expect([...DOCUMENT_LANGUAGES].sort()).toEqual(TENANT_LANGUAGE_CHOICES.map((choice) => choice.code).sort());
  });

  it.each(DOCUMENT_LANGUAGES)('writes every word in %s, each its own', (language) => {
    const labels = documentLabels(language);
    for (const [key, value] of Object.entries(labels)) {
      const text = typeof value === 'function' ? (value as (...args: unknown[]) => string)('1', '2') : value;
      expect({ key, text: typeof text === 'string' && text.trim() !== '' }).toEqual({ key, text: true });
    }
    if (language !== 'it') expect(labels.quote).not.toBe(documentLabels('it').quote);
  });

  it('reads in Italian for a language without a table, or none', () => {
    expect(documentLabels('pt')).toBe(documentLabels('it'));
    expect(documentLabels(undefined).totalVatIncluded).toBe('Totale IVA incl.');
  });

  it("is in Italian the product's words everywhere else", () => {
    const italian: DocumentLabels = documentLabels('it');
    expect(italian).toMatchObject({
      totalVatIncluded: FIGURE_LABELS.total,
      net: FIGURE_LABELS.net,
      vat: FIGURE_LABELS.vat,
      priceToBeDefined: FIGURE_LABELS.priceToBeDefined,
      unavailableOnDate: FIGURE_LABELS.unavailableOnDate,
      notConfirmed: FIGURE_LABELS.notConfirmed,
      noRate: FIGURE_LABELS.noRate,
      discount: FIGURE_LABELS.discount,
      rounding: FIGURE_LABELS.rounding,
      linesTotal: FIGURE_LABELS.linesTotal,
      consumptionsTotal: FIGURE_LABELS.consumptionsTotal,
    });
    expect(italian.minimumNote(4)).toBe(minimumNote(2, 4));
    expect(italian.freePlaces(20, 1)).toBe(freePlacesLabel(20, 1));
    expect(italian.freePlaces(38, 2)).toBe('38 + 2 gratuità');
    for (const [included, rate] of [[true, '22.00'], [false, '22.00'], [false, '5.50'], [false, null]] as const) {
      expect(vatLabelIn(italian, included, rate)).toBe(vatLabel(included, rate));
    }
    for (const rate of ['22.00', '10.50', '0.00', null]) expect(vatGroupLabelIn(italian, rate)).toBe(vatGroupLabel(rate));
  });

  it('writes VAT and totals in English the English way', () => {
    const english = documentLabels('en');
    expect(vatLabelIn(english, false, '5.50')).toBe('+ VAT 5.5%');
    expect(vatGroupLabelIn(english, '22.00')).toBe('VAT 22%');
    expect(english.totalVatIncluded).toBe('Total incl. VAT');
  });
});
