import { randomUUID } from 'node:crypto';
import { agencyFixture, customerFixture, quoteFixture } from '../test/document-fixtures';
import { type DocumentContent, escapeHtml, type PrintedElement, renderDocumentHtml } from './document-html';

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
    ...overrides,
  };
}

/** The text of the first section, header or table row of a class, tags removed. */
const textOf = (html: string, className: string) =>
  new RegExp(`<(section|header|tr) class="${className}"[^>]*>(.*?)</\\1>`, 's').exec(html)?.[2].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

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

  it("names the quote by its short id, the day it was made in the business time zone, its subject and service", () => {
    const quote = quoteFixture(tenantId, { id: '00000000-0000-4000-8000-000000abc123' });
    expect(textOf(renderDocumentHtml(content({ quote })), 'reference')).toBe(
      'Preventivo n. ABC123 Data: 01/07/2026 Oggetto: Gita in laguna Data del servizio: 15/07/2026 alle 09:30 Valido fino al: 14/08/2026',
    );
  });

  it("prints the layout's elements in their order", () => {
    const html = renderDocumentHtml(
      content({ elements: [template({ title: 'Uno' }), { type: 'quotes' }, template({ title: 'Due', templateType: 'condizioni' }), template({ title: 'Tre', templateType: 'firma' })] }),
    );
    const order = [...html.matchAll(/<section class="(template template-\w+|quote)"><?(h2>(\w+))?/g)].map((match) => match[3] ?? 'quote');
    expect(order).toEqual(['Uno', 'quote', 'Due', 'Tre']);
  });

  it('prints each item with its participants, price and VAT label, and the totals worked out per item in cents', () => {
    const quote = quoteFixture(tenantId, {
      items: [
        { description: 'Giro in barca', quantity: 4, totalPrice: '365.00', priceIncludesVat: true, vatRate: '22.00' },
        { description: 'Pranzo', quantity: 10, orderConfirmed: true, confirmedParticipants: 12, totalPrice: '100.00', vatRate: '10.00' },
        { description: 'Guida', quantity: 1, totalPrice: '10.05', vatRate: '22.00' },
      ],
    });
    const html = renderDocumentHtml(content({ quote }));
    const rows = [...html.matchAll(/<tr class="item">(.*?)<\/tr>/g)].map((row) => row[1].replace(/<[^>]+>/g, '|').replace(/\|+/g, '|'));
    expect(rows).toEqual(['|Giro in barca|4|€ 365,00|IVA inclusa|', '|Pranzo|12|€ 100,00|+ IVA 10%|', '|Guida|1|€ 10,05|+ IVA 22%|']);
    // 365.00 includes 22 %: 299.18 + 65.82; 100.00 + 10 %: 10.00; 10.05 + 22 %: 2.21
    expect(textOf(html, 'taxable')).toBe('Imponibile € 409,23');
    expect(textOf(html, 'vat-total')).toBe('IVA € 78,03');
    expect(textOf(html, 'total')).toBe('Totale € 487,26');
  });

  it('prices only the confirmed items of a confirmed quote', () => {
    const quote = quoteFixture(tenantId, {
      status: 'confirmed',
      items: [
        { description: 'Confermato', orderConfirmed: true, confirmedParticipants: 2, totalPrice: '50.00', vatRate: null },
        { description: 'Non confermato', totalPrice: '70.00' },
      ],
    });
    const html = renderDocumentHtml(content({ quote }));
    expect(html).toContain('Confermato');
    expect(html).not.toContain('Non confermato');
    expect(textOf(html, 'total')).toBe('Totale € 50,00');
  });

  it('lists the consumptions with their total', () => {
    const quote = quoteFixture(tenantId, { consumptions: [{ description: 'Acqua', quantity: 3, unitValue: '1.50', totalValue: '4.50' }] });
    const html = renderDocumentHtml(content({ quote }));
    expect(textOf(html, 'consumption')).toBe('Acqua 3 € 1,50 € 4,50');
    expect(html).toContain('Totale consumi</td><td class="number">€ 4,50');
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
    expect(html.split(escapeHtml(evil)).length - 1).toBe(7);
    expect(html).toContain('<div class="content"><p>Testo</p><a>l</a></div>');
  });

  it("prints a template's signature image", () => {
    const html = renderDocumentHtml(content({ elements: [template({ templateType: 'firma', signature: { src: 'data:image/png;base64,AAAA' } })] }));
    expect(html).toContain('<img class="signature" src="data:image/png;base64,AAAA" alt="Firma">');
  });
});
