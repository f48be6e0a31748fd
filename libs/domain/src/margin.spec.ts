import { marginCents, marginPercent, markupCents, pricePerPersonCents, supplierCostCents } from './margin';

describe(supplierCostCents.name, () => {
  it.each([
    ['per person × participants + per booking', { supplierCostPerPerson: '30.00', supplierCostPerBooking: '50.00' }, 4, 17_000],
    ['per person alone', { supplierCostPerPerson: '30.00', supplierCostPerBooking: null }, 21, 63_000],
    ['per booking alone, whatever the participants', { supplierCostPerPerson: null, supplierCostPerBooking: '80.50' }, 7, 8_050],
    ['a cost of 0 is a cost', { supplierCostPerPerson: '0.00' }, 5, 0],
    ['no cost set: unknown', { supplierCostPerPerson: null, supplierCostPerBooking: null }, 5, null],
    ['no period: unknown', null, 5, null],
  ])('%s', (_case, terms, participants, cents) => {
    expect(supplierCostCents(terms, participants)).toBe(cents);
  });
});

describe(markupCents.name, () => {
  it.each([
    [10_000, '25.00', 12_500],
    [10_000, '0', 10_000],
    [333, '10.00', 366],
    [12_345, '12.50', 13_888],
  ])('%i cents marked up by %s%% is %i', (cost, markup, price) => {
    expect(markupCents(cost, markup)).toBe(price);
  });
});

describe(marginPercent.name, () => {
  it.each([
    ['net 130, cost 100', 13_000, 10_000, 3_000, '23.08'],
    ['sold at cost', 10_000, 10_000, 0, '0.00'],
    ['sold below cost', 10_000, 12_000, -2_000, '-20.00'],
    ['no cost', 10_000, null, null, null],
    ['net 0 with a cost', 0, 5_000, -5_000, null],
  ])('%s', (_case, net, cost, margin, percent) => {
    expect(marginCents(net, cost)).toBe(margin);
    expect(marginPercent(net, cost)).toBe(percent);
  });
});

describe(pricePerPersonCents.name, () => {
  it.each([
    ['20 paying share 1220.00', 122_000, 20, 6_100],
    ['rounded to the cent', 10_000, 3, 3_333],
    ['nobody paying: the whole price', 5_000, 0, 5_000],
  ])('%s', (_case, gross, paying, perPerson) => {
    expect(pricePerPersonCents(gross, paying)).toBe(perPerson);
  });
});
