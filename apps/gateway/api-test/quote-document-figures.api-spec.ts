import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatEuroCents, parseCents, quoteFigures, vatGroupLabel } from '@quotebook/domain';
import { pdfInfo, pdfText } from '@quotebook/testing';
import { type Agency, created, createAgency, periodBody } from './catalogue-fixtures';
import { generateDocument } from './document-fixtures';
import { api, superadminToken } from './http';
import { createQuote, IN_PERIOD, letters, listQuotes, newCustomer, pricedProduct, quoteBody, readQuote } from './quote-fixtures';

/*
 * The printed quote says what the quote charges, in the same figures as the list, the quote and the
 * dashboard: for quotes mixing VAT-inclusive and exclusive periods at 22 %, 10 % and 4 %, a customer's
 * price list, a manual line price, a total set by hand, a consumption, a product out of season and a
 * minimum, the PDF's "Totale IVA incl." is the quote's total, its VAT is split by rate, and every line
 * says why it costs what it does.
 */

/** The PDF's text laid out as on the page (pdftotext -layout): a table's row on one line. */
function pdfLayoutText(pdf: Buffer): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'qb-figures-'));
  try {
    const file = path.join(directory, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const euro = (amount: string) => formatEuroCents(parseCents(amount) ?? Number.NaN);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/* eslint-disable @typescript-eslint/no-explicit-any -- quote answers are the API's JSON; each assertion reads its fields */

/** The VAT by rate the quote's figures give, as the document's summary rows: "IVA 22% € 309,23 € 68,03 € 377,26". */
function expectedVatRows(quote: any): string[] {
  const lines = quote.items.map((item: any) => ({
    totalCents: parseCents(item.totalPrice) ?? 0,
    priceIncludesVat: item.priceIncludesVat,
    vatRate: item.vatRate,
    counted: quote.status !== 'confirmed' || item.orderConfirmed,
  }));
  const consumptionsCents = quote.consumptions.reduce((sum: number, consumption: any) => sum + (parseCents(consumption.totalValue) ?? 0), 0);
  const figures = quoteFigures({ lines, consumptionsCents, manualTotalCents: quote.totalSetByHand ? parseCents(quote.totalAmount) : null });
  return figures.byRate.map((group) => [vatGroupLabel(group.rate), ...[group.netCents, group.vatCents, group.grossCents].map(formatEuroCents)].join(' '));
}

describe('the printed quote shows the figures the list, the quote and the dashboard show', () => {
  let agency: Agency;
  let layoutId: string;
  const quotes: Record<'pending' | 'confirmed' | 'closed', any> = { pending: null, confirmed: null, closed: null };
  const products: Record<string, { id: string; title: string; shortDescription: string }> = {};

  beforeAll(async () => {
    agency = await createAgency(await superadminToken());
    const post = (resource: string, body: object) => created(agency.adminToken, `${agency.base}/${resource}`, body);
    const [ordinary, reduced, minimal] = await Promise.all([
      post('vat-rates', { description: 'IVA ordinaria', rate: 22 }),
      post('vat-rates', { description: 'IVA ridotta', rate: 10 }),
      post('vat-rates', { description: 'IVA minima', rate: 4 }),
    ]);
    const year2030 = (overrides: Record<string, unknown>) => periodBody('2030-01-01', '2030-12-31', overrides);
    const product = async (key: string, vatRateId: string, period: object) => {
      const title = `${key} ${letters(6)}`;
      const shortDescription = `Descrizione ${key} ${letters(6)}`;
      products[key] = { ...(await pricedProduct(agency, { title, shortDescription, vatRateId }, period)), title, shortDescription };
    };
    // 40.00 a person + 22 % VAT; 55.00 a person with 10 % VAT in it; 25.00 flat + 4 %; 20.00 a person + 22 % for 4 at least
    await product('Visita', ordinary.id, year2030({ costPerPerson: 40 }));
    await product('Pranzo', reduced.id, year2030({ costPerPerson: 55, priceIncludesVat: true }));
    await product('Libro', minimal.id, year2030({ hasCostPerPerson: false, costPerPerson: null, hasFlatRate: true, flatRate: 25 }));
    await product('Tour', ordinary.id, year2030({ costPerPerson: 20, hasMinParticipants: true, minParticipants: 4 }));
    // priced in 2031 only: out of season on the 2030 service date
    await product('Kayak', ordinary.id, periodBody('2031-01-01', '2031-12-31', { costPerPerson: 30 }));
    const priceList = await post('price-lists', { name: 'Listino Scuole', startDate: '2030-01-01', endDate: '2030-12-31', reductionPercentage: 10 });
    const [plain, school] = await Promise.all([newCustomer(agency), newCustomer(agency, { priceListId: priceList.id })]);
    layoutId = (await post('quote-layouts', { name: `Solo preventivo ${letters(4)}`, elements: [{ type: 'quotes' }] })).id;

    // every kind of line, for the school (its price list), with a consumption
    const pending = await createQuote(
      agency,
      quoteBody(school.id, {
        serviceDate: IN_PERIOD,
        items: [
          { productId: products['Visita'].id, quantity: 2 },
          { productId: products['Pranzo'].id, quantity: 2 },
          { productId: products['Libro'].id, quantity: 1 },
          { productId: products['Tour'].id, quantity: 2 },
          { productId: products['Kayak'].id, quantity: 2 },
        ],
      }),
    );
    await post(`quotes/${pending.id}/consumptions`, { description: `Acqua ${letters(4)}`, quantity: 3, unitValue: '2.50' });
    // confirmed: the visit and the lunch (priced by hand) confirmed, the book not
    const confirmed = await createQuote(
      agency,
      quoteBody(plain.id, {
        items: [
          { productId: products['Visita'].id, quantity: 2, orderConfirmed: true },
          { productId: products['Pranzo'].id, quantity: 2, totalPrice: 50, orderConfirmed: true },
          { productId: products['Libro'].id, quantity: 1 },
        ],
      }),
    );
    // a total set by hand, then closed
    const byHand = await createQuote(agency, quoteBody(plain.id, { items: [{ productId: products['Visita'].id, quantity: 2 }] }));
    for (const body of [{ totalAmount: '100.00' }, { status: 'closed', totalAmount: '100.00' }]) {
      const response = await api('PUT', `${agency.base}/quotes/${byHand.id}`, { token: agency.adminToken, body });
      if (response.status !== 200) throw new Error(`PUT quote: ${response.status} ${JSON.stringify(response.body)}`);
    }
    [quotes.pending, quotes.confirmed, quotes.closed] = await Promise.all([pending, confirmed, byHand].map((quote) => readQuote(agency, quote.id)));
  });

  const pdfOf = async (quote: any) => {
    const document = await generateDocument(agency, quote.id, layoutId, 'pdf');
    expect(document.status).toBe(200);
    return { text: pdfText(document.body).replace(/\s+/g, ' '), layout: pdfLayoutText(document.body), pages: Number(pdfInfo(document.body)['Pages']) };
  };

  it('lists, reads and counts in the dashboard the same totals, VAT included', async () => {
    expect(quotes.confirmed.status).toBe('confirmed');
    expect(quotes.closed).toMatchObject({ status: 'closed', totalAmount: '100.00', totalSetByHand: true });
    const list = (await listQuotes(agency)).body as any[];
    for (const quote of Object.values(quotes)) {
      expect(list.find((row) => row.id === quote.id)).toMatchObject({ totalAmount: quote.totalAmount, netAmount: quote.netAmount, vatAmount: quote.vatAmount });
    }
    const dashboard = await api('GET', `${agency.base}/dashboard`, { token: agency.adminToken });
    expect(dashboard.status).toBe(200);
    const cents = (amount: string) => parseCents(amount) ?? Number.NaN;
    // the month's confirmed and closed quotes
    expect(cents(dashboard.body.revenueMtd)).toBe(cents(quotes.confirmed.totalAmount) + cents(quotes.closed.totalAmount));
    expect(cents(dashboard.body.revenueMtdNet)).toBe(cents(quotes.confirmed.netAmount) + cents(quotes.closed.netAmount));
  });

  it("prints every line with why it costs what it does, the VAT by rate, and the quote's total with the consumptions as 'Totale IVA incl.'", async () => {
    const quote = quotes.pending;
    const { text, layout, pages } = await pdfOf(quote);

    expect(text).toContain(`Preventivo n. ${quote.number}`);
    expect(quote.number).toMatch(/^\d{4}\/\d{4}$/);
    // the running header on every page, and the page numbers
    expect(text.split(`· Preventivo n. ${quote.number}`).length - 1).toBe(pages);
    expect(text).toContain(`Pagina 1 di ${pages}`);

    for (const { title, shortDescription } of Object.values(products)) {
      expect(text).toContain(title);
      expect(text).toContain(shortDescription);
    }
    expect(text).toContain('minimo 4 partecipanti: addebitati 4');
    // the price list's 10 % off the visit: 2 × 40.00 = 80.00, then 72.00
    const visit = quote.items.find((item: any) => item.productId === products['Visita'].id);
    expect(visit).toMatchObject({ priceListApplied: true, listPrice: '80.00', totalPrice: '72.00' });
    expect(text).toContain('Listino Scuole: € 80,00 → € 72,00');
    // out of season: no price, never € 0,00
    const kayak = quote.items.find((item: any) => item.productId === products['Kayak'].id);
    expect(kayak).toMatchObject({ availableOnServiceDate: false, priceSource: 'auto' });
    expect(text).toContain('Non disponibile in questa data');
    const kayakRow = layout.split('\n').find((line) => line.includes(products['Kayak'].title)) ?? '';
    expect(kayakRow).toContain('Prezzo da definire');
    expect(kayakRow).not.toContain('€');

    // the consumption is in the total
    expect(layout).toMatch(/Totale consumi\s+€ 7,50/);
    expect(expectedVatRows(quote)).toHaveLength(4);
    for (const row of expectedVatRows(quote)) expect(layout.replace(/ {2,}/g, ' ')).toContain(row);
    expect(layout).toMatch(new RegExp(`Totale IVA incl\\.\\s+${escape(euro(quote.totalAmount))}\\n`));
    expect(layout).not.toMatch(/Sconto|Arrotondamento/);
  });

  it("marks a confirmed quote's unconfirmed lines and leaves them out of its total, which is the dashboard's", async () => {
    const quote = quotes.confirmed;
    const { text, layout } = await pdfOf(quote);
    const bookRows = layout.split('\n').filter((line) => line.includes(products['Libro'].title));
    expect(bookRows).toHaveLength(1);
    expect(text).toMatch(new RegExp(`${escape(products['Libro'].title)} (\\S+ ){0,12}non confermato`));
    expect(text.split('Le righe non confermate non sono comprese nel totale').length - 1).toBe(1);
    // the lunch priced by hand at 50.00, VAT included
    expect(quote.items.find((item: any) => item.productId === products['Pranzo'].id)).toMatchObject({ priceSource: 'manual', totalPrice: '50.00' });
    for (const row of expectedVatRows(quote)) expect(layout.replace(/ {2,}/g, ' ')).toContain(row);
    expect(layout).toMatch(new RegExp(`Totale IVA incl\\.\\s+${escape(euro(quote.totalAmount))}\\n`));
  });

  it("shows a total set by hand as the document's total, the difference as 'Arrotondamento'", async () => {
    const quote = quotes.closed;
    const { layout } = await pdfOf(quote);
    // the visit: 80.00 + 22 % = 97.60; set by hand to 100.00
    expect(layout).toMatch(/Totale prodotti IVA incl\.\s+€ 97,60/);
    expect(layout).toMatch(/Arrotondamento\s+€ 2,40/);
    expect(expectedVatRows(quote)).toEqual(['IVA 22% € 81,97 € 18,03 € 100,00']);
    expect(layout.replace(/ {2,}/g, ' ')).toContain('IVA 22% € 81,97 € 18,03 € 100,00');
    expect(layout).toMatch(/Totale IVA incl\.\s+€ 100,00\n/);
  });
});
/* eslint-enable @typescript-eslint/no-explicit-any */
