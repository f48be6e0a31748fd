import { validateFatturaPA } from '@quotebook/testing';
import {
  amount,
  buildInvoiceXml,
  countryCode,
  type InvoiceInput,
  invoiceFileName,
  invoiceProblems,
  invoiceProgressive,
  latinText,
  MARGIN_SCHEME_REFERENCE,
} from './invoice-xml';

const seller = {
  name: 'Sole Viaggi',
  companyName: 'Sole Viaggi S.r.l.',
  vatNumber: 'IT01234567890',
  fiscalCode: '01234567890',
  address: 'Via Roma 1',
  city: 'Como',
  postalCode: '22100',
  country: 'Italia',
  regimeFiscale: 'RF01' as const,
  reaOffice: 'CO',
  reaNumber: '123456',
  iban: 'IT60X0542811101000000123456',
};

const buyer = {
  name: 'Scuola Dante & Figli <Srl>',
  vatNumber: '09876543210',
  fiscalCode: null,
  sdi: 'ABC1234',
  pec: null,
  address: 'Piazza Duomo 2',
  city: 'Milano',
  postalCode: '20121',
  country: null,
};

function invoice(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    scheme: 'ordinary',
    year: 2026,
    sequence: 1,
    progressive: invoiceProgressive(2026, 1),
    issuedOn: '2026-03-15',
    reason: 'Preventivo 2026/0001 - Gita a Roma',
    seller,
    buyer,
    items: [
      // 20 people at 50.00 + VAT 10%: net 1000.00, VAT 100.00
      { description: 'Visita guidata Colosseo', quantity: 20, totalCents: 100_000, priceIncludesVat: false, vatRate: '10.00' },
      // 122.00 VAT included at 22%: net 100.00, VAT 22.00
      { description: 'Pranzo — menù turistico', quantity: 3, totalCents: 12_200, priceIncludesVat: true, vatRate: '22' },
    ],
    consumptions: [{ description: 'Bibite', quantity: 4, totalCents: 1_000 }],
    manualTotalCents: null,
    ...overrides,
  };
}

const element = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((match) => match[1]);

describe(buildInvoiceXml.name, () => {
  it('writes an ordinary invoice that the official schema accepts', async () => {
    const { xml } = buildInvoiceXml(invoice());
    expect(await validateFatturaPA(xml)).toEqual({ valid: true, errors: [] });
  });

  it('writes a margin-scheme invoice (art. 74-ter) that the official schema accepts', async () => {
    const { xml } = buildInvoiceXml(invoice({ scheme: 'margin' }));
    expect(await validateFatturaPA(xml)).toEqual({ valid: true, errors: [] });
  });

  it('is refused by the schema once a required element is taken out', async () => {
    const { xml } = buildInvoiceXml(invoice());
    const withoutRegime = xml.replace(/<RegimeFiscale>RF01<\/RegimeFiscale>/, '');
    expect(withoutRegime).not.toBe(xml);
    const result = await validateFatturaPA(withoutRegime);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toContain('RegimeFiscale');
    const withoutNumber = await validateFatturaPA(xml.replace(/<Numero>[^<]*<\/Numero>/, ''));
    expect(withoutNumber.valid).toBe(false);
  });

  it('ordinary: net lines at their rates, consumptions outside the taxable amount (N1), VAT by rate, the total', () => {
    const { xml, totalCents } = buildInvoiceXml(invoice());
    expect(element(xml, 'PrezzoTotale')).toEqual(['1000.00', '100.00', '10.00']);
    expect(element(xml, 'AliquotaIVA')).toEqual(['10.00', '22.00', '0.00', '10.00', '22.00', '0.00']);
    expect(element(xml, 'Natura')).toEqual(['N1', 'N1']);
    expect(element(xml, 'ImponibileImporto')).toEqual(['1000.00', '100.00', '10.00']);
    expect(element(xml, 'Imposta')).toEqual(['100.00', '22.00', '0.00']);
    expect(element(xml, 'RegimeFiscale')).toEqual(['RF01']);
    // 1000 + 100 + 100 + 22 + 10
    expect(totalCents).toBe(123_200);
    expect(element(xml, 'ImportoTotaleDocumento')).toEqual(['1232.00']);
    expect(element(xml, 'Quantita')).toEqual(['20.00', '3.00', '4.00']);
    expect(element(xml, 'PrezzoUnitario')).toEqual(['50.00000000', '33.33333333', '2.50000000']);
  });

  it('margin: RF11, whole prices with no VAT shown, Natura N5 and the rule named', () => {
    const { xml, totalCents } = buildInvoiceXml(invoice({ scheme: 'margin' }));
    expect(element(xml, 'RegimeFiscale')).toEqual(['RF11']);
    expect(element(xml, 'PrezzoTotale')).toEqual(['1100.00', '122.00', '10.00']);
    expect(new Set(element(xml, 'AliquotaIVA'))).toEqual(new Set(['0.00']));
    expect(element(xml, 'Natura')).toEqual(['N5', 'N5', 'N5', 'N5']);
    expect(element(xml, 'ImponibileImporto')).toEqual(['1232.00']);
    expect(element(xml, 'Imposta')).toEqual(['0.00']);
    expect(element(xml, 'RiferimentoNormativo')).toEqual([MARGIN_SCHEME_REFERENCE]);
    expect(totalCents).toBe(123_200);
  });

  it('a total set by hand: a discount line per rate, the summary and the document add up to it', async () => {
    const ordinary = buildInvoiceXml(invoice({ manualTotalCents: 120_000 }));
    expect(ordinary.totalCents).toBe(120_000);
    expect(element(ordinary.xml, 'Descrizione').filter((each) => each === 'Sconto').length).toBeGreaterThan(0);
    const taxable = element(ordinary.xml, 'ImponibileImporto').map(Number);
    const vat = element(ordinary.xml, 'Imposta').map(Number);
    expect(Math.round([...taxable, ...vat].reduce((sum, each) => sum + each, 0) * 100)).toBe(120_000);
    expect(await validateFatturaPA(ordinary.xml)).toEqual({ valid: true, errors: [] });

    const margin = buildInvoiceXml(invoice({ scheme: 'margin', manualTotalCents: 125_000 }));
    expect(element(margin.xml, 'ImponibileImporto')).toEqual(['1250.00']);
    expect(element(margin.xml, 'Descrizione')).toContain('Arrotondamento');
    expect(await validateFatturaPA(margin.xml)).toEqual({ valid: true, errors: [] });
  });

  it('escapes the text, keeps it to Latin-1 and names the transmission and the parties', () => {
    const { xml } = buildInvoiceXml(invoice());
    expect(element(xml, 'Denominazione')).toEqual(['Sole Viaggi S.r.l.', 'Scuola Dante &amp; Figli &lt;Srl&gt;']);
    expect(element(xml, 'Descrizione')).toContain('Pranzo ? menù turistico');
    expect(element(xml, 'CodiceDestinatario')).toEqual(['ABC1234']);
    expect(element(xml, 'IdCodice')).toEqual(['01234567890', '01234567890', '09876543210']);
    expect(element(xml, 'ProgressivoInvio')).toEqual(['26001']);
    expect(element(xml, 'Numero')).toEqual(['2026/1']);
    expect(element(xml, 'Data')).toEqual(['2026-03-15']);
    expect(element(xml, 'IBAN')).toEqual(['IT60X0542811101000000123456']);
    expect(element(xml, 'Ufficio')).toEqual(['CO']);
    expect(xml).toContain('versione="FPR12"');
  });

  it('a customer without an SDI code receives at its PEC ("0000000"); one with a codice fiscale only is named by it', async () => {
    const { xml } = buildInvoiceXml(invoice({ buyer: { ...buyer, sdi: null, pec: 'dante@pec.it', vatNumber: null, fiscalCode: 'rssmra85t10a562s' } }));
    expect(element(xml, 'CodiceDestinatario')).toEqual(['0000000']);
    expect(element(xml, 'PECDestinatario')).toEqual(['dante@pec.it']);
    expect(element(xml, 'CodiceFiscale')).toEqual(['01234567890', 'RSSMRA85T10A562S']);
    expect(await validateFatturaPA(xml)).toEqual({ valid: true, errors: [] });
  });

  it('leaves out what is not set: no REA, no IBAN, no payment block', async () => {
    const { xml } = buildInvoiceXml(invoice({ seller: { ...seller, reaOffice: null, reaNumber: null, iban: null, fiscalCode: null } }));
    expect(xml).not.toContain('IscrizioneREA');
    expect(xml).not.toContain('DatiPagamento');
    expect(await validateFatturaPA(xml)).toEqual({ valid: true, errors: [] });
  });
});

describe(invoiceProblems.name, () => {
  it('names nothing for complete data', () => {
    expect(invoiceProblems(invoice())).toEqual([]);
  });

  it("names the agency's VAT number, the customer's SDI code or PEC and tax id, a product without VAT in the ordinary scheme", () => {
    const problems = invoiceProblems(
      invoice({
        seller: { ...seller, vatNumber: null, postalCode: 'abc' },
        buyer: { ...buyer, sdi: null, pec: null, vatNumber: null, fiscalCode: 'RSSMRA85T10A562T' },
        items: [{ description: 'Transfer', quantity: 1, totalCents: 5_000, priceIncludesVat: true, vatRate: null }],
      }),
    );
    expect(problems).toEqual([
      "la partita IVA dell'agenzia (Impostazioni)",
      "il CAP dell'agenzia, 5 cifre (Impostazioni)",
      'il codice SDI o la PEC del cliente',
      'la partita IVA o il codice fiscale del cliente',
      "un'aliquota IVA maggiore di 0 per «Transfer» (o il regime del margine)",
    ]);
  });

  it('takes a product without VAT under the margin scheme', () => {
    expect(
      invoiceProblems(invoice({ scheme: 'margin', items: [{ description: 'Transfer', quantity: 1, totalCents: 5_000, priceIncludesVat: true, vatRate: null }] })),
    ).toEqual([]);
  });

  it('names a quote with nothing to invoice and a customer the catalogue no longer has', () => {
    expect(invoiceProblems(invoice({ items: [], consumptions: [], buyer: null }))).toEqual(['il cliente del preventivo', 'almeno una riga confermata o un consumo']);
  });
});

describe('names and codes', () => {
  it('the SdI file name: IT, the VAT number, the progressive', () => {
    expect(invoiceFileName(seller, invoiceProgressive(2026, 1))).toBe('IT01234567890_26001.xml');
    expect(invoiceProgressive(2027, 36)).toBe('27010');
    expect(invoiceProgressive(2026, 46_655)).toBe('26ZZZ');
  });

  it.each([
    ['Italia', 'IT'],
    [null, 'IT'],
    ['it', 'IT'],
    ['Città del Vaticano', 'VA'],
    ['UK', 'GB'],
    ['Narnia', null],
  ])('country %s → %s', (typed, code) => {
    expect(countryCode(typed)).toBe(code);
  });

  it('amounts with two decimals, text in Latin-1', () => {
    expect([amount(0), amount(5), amount(-1250), amount(123_456)]).toEqual(['0.00', '0.05', '-12.50', '1234.56']);
    expect(latinText('  Caffè\n  “Ţara”  ', 60)).toBe('Caffè ?Tara?');
    expect(latinText('x'.repeat(70), 60)).toHaveLength(60);
  });
});
