import { randomUUID } from 'node:crypto';
import { agencyFixture, customerFixture, quoteFixture } from '../test/document-fixtures';
import { type DocumentContent, documentQuoteOf, escapeHtml, PAGE_FRAME, type PrintedElement, renderDocumentHtml } from './document-html';

const tenantId = randomUUID();

const template = (overrides: Partial<Extract<PrintedElement, { type: 'template' }>> = {}): PrintedElement => ({
  type: 'template',
  templateType: 'premessa',
  title: 'Premessa',
  content: '<p>Gentile cliente,</p>',
  headerPrint: false,
  signature: null,
  ...overrides,
});

function content(overrides: Partial<DocumentContent> = {}): DocumentContent {
  return {
    quote: quoteFixture(tenantId, { items: [{ description: 'Giro in barca', quantity: 4, totalPrice: '365.00', priceIncludesVat: true }] }),
    agency: agencyFixture(tenantId),
    customer: customerFixture(),
    elements: [{ type: 'quotes' }],
    logo: { src: 'logo-1.png' },
    timeZone: 'Europe/Rome',
    format: 'pdf',
    language: 'it',
    productTexts: new Map(),
    ...overrides,
  };
}

/** The text of the first section, header, table row or block of a class, tags removed. */
const textOf = (html: string, className: string) =>
  new RegExp(`<(section|header|tr|div|p) class="${className}"[^>]*>(.*?)</\\1>`, 's').exec(html)?.[2].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

/** Each item row's cells as text, between `|`. */
const itemRows = (html: string) =>
  [...html.matchAll(/<tr class="item[^"]*">(.*?)<\/tr>/g)].map(
    (row) => `|${[...row[1].matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()).join('|')}|`,
  );

/** The rows of the VAT summary, as text. */
const vatRows = (html: string) => [...html.matchAll(/<tr class="vat-rate">(.*?)<\/tr>/g)].map((row) => row[1].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());

describe(renderDocumentHtml.name, () => {
  it('is an A4 page with 2 cm margins in a 12 pt serif font', () => {
    const html = renderDocumentHtml(content());
    expect(html).toMatch(/^<!DOCTYPE html><html lang="it"><head><meta charset="utf-8">/);
    expect(html).toContain('@page { size: A4; margin: 2cm; }');
    expect(html).toContain('font-size: 12pt');
    expect(html).toMatch(/font-family: Georgia, "Times New Roman", Times, serif/);
  });

  it("prints the agency's header, with its logo, only when a printed template asks for it", () => {
    expect(renderDocumentHtml(content({ elements: [template({ headerPrint: false }), { type: 'quotes' }] }))).not.toContain('class="agency"');
    expect(renderDocumentHtml(content({ elements: [{ type: 'quotes' }] }))).not.toContain('class="agency"');
    const html = renderDocumentHtml(content({ elements: [template({ headerPrint: true }), { type: 'quotes' }] }));
    expect(textOf(html, 'agency')).toBe('Sole Viaggi S.r.l. Via Roma 1 30100 Venezia Italia Tel. 041 123456 info@sole.example https://sole.example P.IVA IT01234567890');
    expect(html).toContain('<img class="logo" src="logo-1.png" alt="Logo">');
    expect(renderDocumentHtml(content({ elements: [template({ headerPrint: true })], logo: null }))).not.toContain('<img');
  });

  it('greets the customer with its salutation, then its name and address', () => {
    const html = renderDocumentHtml(content({ customer: customerFixture({ title: 'Gent.ma Dottoressa', name: 'Anna Neri' }) }));
    expect(textOf(html, 'customer')).toBe('Gent.ma Dottoressa Anna Neri Alla c.a. di Mario Rossi Via Verdi 2 35100 Padova Italia P.IVA IT09876543210');
    expect(textOf(renderDocumentHtml(content({ customer: null })), 'customer')).toBe('Cliente S.r.l.');
  });

  it("names the quote by its progressive number, the day it was made in the business time zone, its subject and service", () => {
    const quote = quoteFixture(tenantId, { id: '00000000-0000-4000-8000-000000abc123', number: '2026/0042' });
    const html = renderDocumentHtml(content({ quote }));
    expect(textOf(html, 'reference')).toBe(
      'Preventivo n. 2026/0042 Data: 01/07/2026 Oggetto: Gita in laguna Data del servizio: 15/07/2026 alle 09:30 Valido fino al: 14/08/2026',
    );
    expect(html).toContain('<title>Preventivo 2026/0042</title>');
    expect(html).not.toContain('ABC123');
  });

  it("frames every page of a PDF or Word file with a running header (agency and number) and 'Pagina X di Y'", () => {
    const quote = quoteFixture(tenantId, { number: '2026/0007' });
    for (const format of ['pdf', 'word'] as const) {
      const html = renderDocumentHtml(content({ quote, format }));
      const head = html.slice(0, html.indexOf('</head>'));
      const header = new RegExp(`<template id="${PAGE_FRAME.header}">(.*?)</template>`).exec(head)?.[1] ?? '';
      const footer = new RegExp(`<template id="${PAGE_FRAME.footer}">(.*?)</template>`).exec(head)?.[1] ?? '';
      expect(header.replace(/<[^>]+>/g, '')).toBe('Sole Viaggi S.r.l. · Preventivo n. 2026/0007');
      expect(header).toMatch(/font-size: 9pt/);
      expect(footer).toMatch(/>Pagina <span class="pageNumber"><\/span> di <span class="totalPages"><\/span></);
      // the frame only: no header in the body, no page boxes of the page's own (they would print twice)
      expect(html).not.toContain('running-header">');
      expect(html).not.toMatch(/@top-left|@bottom-center/);
    }
  });

  it('shows the preview its running header once at the top, and gives its printout the header and page numbers', () => {
    const html = renderDocumentHtml(content({ quote: quoteFixture(tenantId, { number: '2026/0007' }), format: 'preview' }));
    expect(textOf(html, 'running-header')).toBe('Sole Viaggi S.r.l. · Preventivo n. 2026/0007');
    expect(html.split('Preventivo n. 2026/0007').length - 1).toBe(2);
    expect(html).toContain('@media print { .running-header { display: none; } }');
    expect(html).toContain('@top-left { content: "Sole Viaggi S\\2e r\\2e l\\2e  \\b7  Preventivo n\\2e  2026\\2f 0007";');
    expect(html).toContain('@bottom-center { content: "Pagina " counter(page) " di " counter(pages);');
    expect(html).not.toContain('<template');
  });

  it("prints the layout's elements in their order", () => {
    const html = renderDocumentHtml(
      content({ elements: [template({ title: 'Uno' }), { type: 'quotes' }, template({ title: 'Due', templateType: 'condizioni' }), template({ title: 'Tre', templateType: 'firma' })] }),
    );
    const order = [...html.matchAll(/<section class="(template template-\w+|quote)"><?(h2>(\w+))?/g)].map((match) => match[3] ?? 'quote');
    expect(order).toEqual(['Uno', 'quote', 'Due', 'Tre']);
  });

  it('prints each line with its catalogue description, minimum, unit price, price-list discount, price and VAT label', () => {
    const quote = quoteFixture(tenantId, {
      priceListName: 'Listino Scuole',
      items: [
        {
          description: 'Tour del Colosseo',
          quantity: 2,
          minParticipants: 4,
          chargedParticipants: 4,
          unitPrice: '108.00',
          listPrice: '480.00',
          computedPrice: '432.00',
          totalPrice: '432.00',
          priceListApplied: true,
          catalogueDescription: 'Tre ore nella Roma antica',
          vatRate: '22.00',
        },
        { description: 'Pranzo', quantity: 10, orderConfirmed: true, confirmedParticipants: 12, unitPrice: '0.00', totalPrice: '100.00', vatRate: '10.00' },
      ],
    });
    const html = renderDocumentHtml(content({ quote }));
    expect(html).toMatch(/<th>Descrizione<\/th><th class="number">Partecipanti<\/th><th class="number">Per persona<\/th><th class="number">Prezzo<\/th><th>IVA<\/th>/);
    expect(itemRows(html)).toEqual([
      '|Tour del Colosseo Tre ore nella Roma antica minimo 4 partecipanti: addebitati 4 Listino Scuole: € 480,00 → € 432,00|2|€ 108,00|€ 432,00|+ IVA 22%|',
      // no unit price: none is shown rather than € 0,00
      '|Pranzo|12||€ 100,00|+ IVA 10%|',
    ]);
    expect(textOf(html, 'detail minimum')).toBe('minimo 4 partecipanti: addebitati 4');
    expect(textOf(html, 'detail price-list')).toBe('Listino Scuole: € 480,00 → € 432,00');
  });

  it("prints as unit price what each person charged pays, so that they times it make the line's price: a price list's amount off and a flat rate included", () => {
    const quote = quoteFixture(tenantId, {
      priceListName: 'Listino Gruppi',
      items: [
        // 25 × 49.00 = 1225.00, less 5 % and then 50.00: 1113.75; the stored unit price takes the percentage only
        { description: 'Colosseo', quantity: 25, unitPrice: '46.55', listPrice: '1225.00', totalPrice: '1113.75', computedPrice: '1113.75', priceListApplied: true },
        // 25.00 a person and 100.00 flat: 4 people pay 200.00
        { description: 'Barca', quantity: 4, unitPrice: '25.00', totalPrice: '200.00', computedPrice: '200.00' },
        // 110.00 a person for 4 at least: 3 people pay 440.00
        { description: 'Capri', quantity: 3, minParticipants: 4, chargedParticipants: 4, unitPrice: '110.00', totalPrice: '440.00', computedPrice: '440.00' },
      ],
    });
    expect(itemRows(renderDocumentHtml(content({ quote }))).map((row) => row.split('|').slice(2, 5).join(' '))).toEqual([
      '25 € 44,55 € 1.113,75',
      '4 € 50,00 € 200,00',
      '3 € 110,00 € 440,00',
    ]);
  });

  it("prints 'Prezzo da definire', marked 'Non disponibile in questa data', for an automatic price without a period; never € 0,00; a price by hand as given", () => {
    const quote = quoteFixture(tenantId, {
      items: [
        { description: 'Kayak', quantity: 4, availableOnServiceDate: false, priceSource: 'auto', unitPrice: '0.00', totalPrice: '0.00', computedPrice: '0.00' },
        { description: 'Snorkeling', quantity: 4, availableOnServiceDate: false, priceSource: 'manual', unitPrice: '0.00', totalPrice: '80.00', computedPrice: '0.00' },
        // a price set by hand: the period's price a person is not shown beside it
        { description: 'Pranzo', quantity: 2, priceSource: 'manual', unitPrice: '55.00', totalPrice: '50.00', computedPrice: '110.00' },
      ],
    });
    const html = renderDocumentHtml(content({ quote }));
    expect(itemRows(html)).toEqual([
      '|Kayak Non disponibile in questa data|4||Prezzo da definire|+ IVA 22%|',
      '|Snorkeling|4||€ 80,00|+ IVA 22%|',
      '|Pranzo|2||€ 50,00|+ IVA 22%|',
    ]);
    expect(textOf(html, 'mark unavailable')).toBe('Non disponibile in questa data');
    expect(itemRows(html)[0]).not.toContain('€');
  });

  it('splits the VAT by rate and totals the lines with the consumptions: the grand total is the quote\'s total, VAT included', () => {
    const quote = quoteFixture(tenantId, {
      totalAmount: '512.56',
      items: [
        { description: 'Giro in barca', quantity: 4, totalPrice: '365.00', priceIncludesVat: true, vatRate: '22.00' },
        { description: 'Pranzo', quantity: 10, totalPrice: '100.00', vatRate: '10.00' },
        { description: 'Guida', quantity: 1, totalPrice: '10.05', vatRate: '22.00' },
        { description: 'Libro', quantity: 1, totalPrice: '20.00', vatRate: '4.00' },
      ],
      consumptions: [{ description: 'Acqua', quantity: 3, unitValue: '1.50', totalValue: '4.50' }],
    });
    const html = renderDocumentHtml(content({ quote }));
    expect(itemRows(html).map((row) => row.split('|').slice(4, 6).join(' '))).toEqual(['€ 365,00 IVA inclusa', '€ 100,00 + IVA 10%', '€ 10,05 + IVA 22%', '€ 20,00 + IVA 4%']);
    // 365.00 with 22 % in it: 299.18 + 65.82; 10.05 + 22 %: 2.21; 100.00 + 10 %: 10.00; 20.00 + 4 %: 0.80
    expect(vatRows(html)).toEqual([
      'IVA 22% € 309,23 € 68,03 € 377,26',
      'IVA 10% € 100,00 € 10,00 € 110,00',
      'IVA 4% € 20,00 € 0,80 € 20,80',
      'IVA non indicata € 4,50 € 0,00 € 4,50',
    ]);
    expect(textOf(html, 'lines-total')).toBe('Totale prodotti IVA incl. € 508,06');
    expect(textOf(html, 'consumptions-total')).toBe('Totale consumi € 4,50');
    expect(textOf(html, 'vat-total')).toBe('Totale € 433,73 € 78,83 € 512,56');
    expect(textOf(html, 'total')).toBe('Totale IVA incl. € 512,56');
    expect(html).not.toContain('class="adjustment"');
    // the consumptions as listed, with their total
    expect(textOf(html, 'consumption')).toBe('Acqua 3 € 1,50 € 4,50');
    expect(html).toContain('Totale consumi</td><td class="number">€ 4,50');
  });

  it("shows the difference a total set by hand makes as 'Sconto' or 'Arrotondamento', the VAT by rate still adding up to it", () => {
    const items = [{ description: 'Tour', quantity: 2, totalPrice: '100.00', vatRate: '22.00' }];
    const discounted = renderDocumentHtml(content({ quote: quoteFixture(tenantId, { items, totalSetByHand: true, totalAmount: '120.00' }) }));
    expect(textOf(discounted, 'lines-total')).toBe('Totale prodotti IVA incl. € 122,00');
    expect(textOf(discounted, 'adjustment')).toBe('Sconto -€ 2,00');
    expect(vatRows(discounted)).toEqual(['IVA 22% € 98,36 € 21,64 € 120,00']);
    expect(textOf(discounted, 'total')).toBe('Totale IVA incl. € 120,00');

    const rounded = renderDocumentHtml(content({ quote: quoteFixture(tenantId, { items, totalSetByHand: true, totalAmount: '125.00' }) }));
    expect(textOf(rounded, 'adjustment')).toBe('Arrotondamento € 3,00');
    expect(textOf(rounded, 'total')).toBe('Totale IVA incl. € 125,00');

    // a total typed equal to the lines' makes no adjustment
    const even = renderDocumentHtml(content({ quote: quoteFixture(tenantId, { items, totalSetByHand: true, totalAmount: '122.00' }) }));
    expect(even).not.toContain('class="adjustment"');
  });

  it("lists every line of a confirmed quote, marks the unconfirmed ones 'non confermato' and leaves them out of the total, saying so once", () => {
    const quote = quoteFixture(tenantId, {
      status: 'confirmed',
      totalAmount: '50.00',
      items: [
        { description: 'Confermato', orderConfirmed: true, confirmedParticipants: 2, totalPrice: '50.00', vatRate: null },
        { description: 'Escluso', quantity: 3, totalPrice: '70.00' },
        { description: 'Escluso anche', quantity: 1, totalPrice: '30.00' },
      ],
    });
    const html = renderDocumentHtml(content({ quote }));
    expect(itemRows(html)).toEqual(['|Confermato|2||€ 50,00||', '|Escluso non confermato|3||€ 70,00|+ IVA 22%|', '|Escluso anche non confermato|1||€ 30,00|+ IVA 22%|']);
    expect(html.match(/<tr class="item not-counted">/g)).toHaveLength(2);
    expect(html.split('Le righe non confermate non sono comprese nel totale.').length - 1).toBe(1);
    expect(textOf(html, 'lines-total')).toBe('Totale prodotti IVA incl. € 50,00');
    expect(vatRows(html)).toEqual(['IVA non indicata € 50,00 € 0,00 € 50,00']);
    expect(textOf(html, 'total')).toBe('Totale IVA incl. € 50,00');

    // a quote not confirmed counts every line, and says nothing of it
    const pending = renderDocumentHtml(content({ quote: { ...quote, status: 'pending' } }));
    expect(pending).not.toContain('non confermat');
    expect(textOf(pending, 'total')).toBe('Totale IVA incl. € 172,00');
  });

  it('prints no consumptions table without consumptions', () => {
    expect(renderDocumentHtml(content())).not.toContain('Consumi');
  });

  it('escapes every value, and sanitizes template HTML again', () => {
    const evil = '<script>alert(1)</script>"\'&';
    const quote = quoteFixture(tenantId, { subject: evil, items: [{ description: evil }], consumptions: [{ description: evil }] });
    const html = renderDocumentHtml(
      content({
        quote,
        agency: agencyFixture(tenantId, { companyName: evil }),
        customer: customerFixture({ name: evil, address: evil }),
        elements: [
          template({ title: evil, headerPrint: true, content: '<p onclick="x()">Testo</p><img src="https://evil.example/x.png" onerror="alert(1)"><a href="javascript:alert(1)">l</a>' }),
          { type: 'quotes' },
        ],
      }),
    );
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/onclick|onerror|javascript:|evil\.example/);
    // the agency's name in the page frame's header too
    expect(html.split(escapeHtml(evil)).length - 1).toBe(8);
    expect(html).toContain('<div class="content"><p>Testo</p><a>l</a></div>');

    // the preview's page header is a CSS string that no name can end
    const preview = renderDocumentHtml(content({ quote, agency: agencyFixture(tenantId, { companyName: `"; } </style><script>alert(1)</script>\\` }), format: 'preview' }));
    const style = /<style>(.*?)<\/style>/s.exec(preview)?.[1] ?? '';
    expect(style).toContain('@top-left { content: "\\22 \\3b  \\7d  \\3c \\2f style\\3e \\3c script\\3e alert\\28 1\\29 \\3c \\2f script\\3e \\5c  \\b7  Preventivo n\\2e  2026\\2f 0001";');
    expect(preview).not.toContain('<script');
  });

  it("prints a template's signature image", () => {
    const html = renderDocumentHtml(content({ elements: [template({ templateType: 'firma', signature: { src: 'data:image/png;base64,AAAA' } })] }));
    expect(html).toContain('<img class="signature" src="data:image/png;base64,AAAA" alt="Firma">');
  });
});

describe('a document in the customer\'s language', () => {
  const englishContent = () => {
    const quote = quoteFixture(tenantId, {
      number: '2026/0009',
      items: [
        { description: 'Giro in barca', quantity: 4, totalPrice: '365.00', priceIncludesVat: true },
        { description: 'Pranzo tipico', quantity: 4, totalPrice: '100.00', priceIncludesVat: false, vatRate: '10.00' },
      ],
    });
    const [boat, lunch] = quote.items;
    return content({
      quote: { ...quote, items: [{ ...boat, catalogueDescription: 'Giro del lago' }, { ...lunch, catalogueDescription: 'Menu del giorno' }] },
      language: 'en',
      // the lunch has no English texts: it prints the line's own
      productTexts: new Map([[boat.productId, { id: boat.productId, title: 'Boat trip', shortDescription: 'A trip on the lake' }]]),
      format: 'pdf',
    });
  };

  it('prints the fixed words, the page frame and the lines in English, the Italian texts where a product has none', () => {
    const html = renderDocumentHtml(englishContent());
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Quote no. 2026/0009</h1>');
    expect(textOf(html, 'reference')).toMatch(/^Quote no\. 2026\/0009 Date: .* Service date: .* at .* Valid until: /);
    expect(itemRows(html)).toEqual([
      expect.stringMatching(/^\|Boat trip A trip on the lake\|4\|.*\|VAT included\|$/),
      expect.stringMatching(/^\|Pranzo tipico Menu del giorno\|4\|.*\|\+ VAT 10%\|$/),
    ]);
    expect(textOf(html, 'total')).toMatch(/^Total incl\. VAT /);
    expect(html).toContain('<th>Rate</th>');
    expect(html).toContain('For the attention of Mario Rossi');
    expect(html).toMatch(/Page <span class="pageNumber"><\/span> of <span class="totalPages"><\/span>/);
    expect(html).not.toMatch(/Preventivo|Totale|Pagina|Descrizione|Partecipanti/);
  });

  it('prints the Italian document for a language without its own words, and the line\'s own texts in Italian', () => {
    const italian = renderDocumentHtml(content({ language: 'it', productTexts: englishContent().productTexts, quote: englishContent().quote }));
    expect(itemRows(italian)[0]).toMatch(/^\|Giro in barca Giro del lago\|/);
    expect(renderDocumentHtml(content({ language: 'pt' }))).toContain('Preventivo n.');
  });

  it('numbers the preview\'s pages in its language', () => {
    expect(renderDocumentHtml(content({ language: 'de', format: 'preview' }))).toContain('content: "Seite " counter(page) " von " counter(pages)');
  });

  describe('per person, free places, optional lines and the deposit', () => {
    const offer = () =>
      quoteFixture(tenantId, {
        depositKind: 'percent',
        depositValue: '30.00',
        depositAmount: '231.00',
        balanceAmount: '539.00',
        balanceDueDate: '2026-06-15',
        totalAmount: '770.00',
        items: [
          { description: 'Gita in barca', quantity: 21, chargedParticipants: 20, freePlaces: 1, unitPrice: '35.00', totalPrice: '700.00', priceIncludesVat: true, vatRate: '10.00' },
          { description: 'Cena tipica', quantity: 2, chargedParticipants: 2, unitPrice: '35.00', totalPrice: '70.00', priceIncludesVat: true, vatRate: '10.00' },
          { description: 'Degustazione', quantity: 10, chargedParticipants: 10, unitPrice: '12.00', totalPrice: '120.00', priceIncludesVat: true, vatRate: '10.00', optional: true },
        ],
      });

    it('prints the paying participants and free places beside the participants, and the price per paying person', () => {
      const html = renderDocumentHtml(content({ quote: offer() }));
      expect(itemRows(html)[0]).toBe('|Gita in barca|21 20 + 1 gratuità|€ 35,00|€ 700,00|IVA inclusa|');
    });

    it('lists the optional lines apart under "Servizi facoltativi", with their price, out of every total', () => {
      const html = renderDocumentHtml(content({ quote: offer() }));
      expect(textOf(html, 'optional-items')).toBe(
        'Servizi facoltativi Descrizione Partecipanti Per persona Prezzo IVA Degustazione 10 € 12,00 € 120,00 IVA inclusa I servizi facoltativi non sono compresi nel totale.',
      );
      expect(textOf(html, 'total')).toBe('Totale IVA incl. € 770,00');
      expect(textOf(html, 'lines-total')).toBe('Totale prodotti IVA incl. € 770,00');
      // the optional line is not in the main table, and is never marked as not confirmed
      expect(html.indexOf('Degustazione')).toBeGreaterThan(html.indexOf('class="figures"'));
      expect(renderDocumentHtml(content({ quote: { ...offer(), status: 'confirmed' } }))).not.toContain('non confermato</div></td><td class="number">10');
    });

    it.each([
      ['it', 'Pagamenti Acconto € 231,00 alla conferma Saldo € 539,00 entro il 15/06/2026'],
      ['en', 'Payments Deposit € 231,00 on confirmation Balance € 539,00 by 15/06/2026'],
      ['de', 'Zahlungen Anzahlung € 231,00 bei Bestätigung Restzahlung € 539,00 bis 15/06/2026'],
      ['fr', 'Paiements Acompte € 231,00 à la confirmation Solde € 539,00 avant le 15/06/2026'],
      ['es', 'Pagos Anticipo € 231,00 a la confirmación Saldo € 539,00 antes del 15/06/2026'],
    ])('prints the deposit and the balance in %s', (language, text) => {
      expect(textOf(renderDocumentHtml(content({ quote: offer(), language })), 'payment-schedule')).toBe(text);
    });

    it('prints no schedule when the quote asks no deposit', () => {
      const html = renderDocumentHtml(content({ quote: { ...offer(), depositKind: 'none' } }));
      expect(html).not.toContain('class="payment-schedule"');
      expect(html).not.toContain('Acconto');
    });

    it('keeps nothing of a cost or margin in what a document is made from', () => {
      const quote = offer();
      const withCosts = {
        ...quote,
        costTotal: '1234.56',
        marginTotal: '98.76',
        marginPercent: '12.34',
        items: quote.items.map((item) => ({ ...item, cost: '1234.56', costSource: 'manual' as const, margin: '98.76', marginPercent: '12.34' })),
      };
      const kept = JSON.stringify(documentQuoteOf(withCosts));
      expect(kept).not.toMatch(/1234|98\.76|12\.34|cost|margin/i);
      expect(renderDocumentHtml(content({ quote: documentQuoteOf(withCosts) }))).not.toMatch(/1234|1\.234|98[.,]76|costo|margine/i);
    });
  });
});
