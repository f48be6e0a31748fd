import type { CustomerView, PriceListView, ProductView, TagView, VatRateView } from '@quotebook/contracts';
import Papa from 'papaparse';
import { customersCsv, productsCsv } from './catalogue-csv';

const product = (overrides: Partial<ProductView> = {}): ProductView => ({
  id: 'p-1',
  code: 'ABC123',
  titles: { it: 'Città d’arte', de: 'Kunststadt' },
  subtitles: {},
  shortDescriptions: { it: 'Visita, con "guida"\nin due righe' },
  extendedDescriptions: {},
  tagIds: ['t-2', 't-1', 't-gone'],
  durationHours: 2,
  durationMinutes: 30,
  vatRateId: 'v-1',
  availability: [
    {
      id: 'a-1',
      productId: 'p-1',
      startDate: '2026-04-01',
      endDate: '2026-06-30',
      hasMinParticipants: false,
      minParticipants: null,
      hasCostPerPerson: true,
      costPerPerson: '45.00',
      hasFlatRate: false,
      flatRate: null,
      hasAdditionalCosts: false,
      additionalCosts: null,
      priceIncludesVat: true,
      supplierCostPerPerson: '30.00',
      supplierCostPerBooking: null,
      freePlacesEvery: 20,
      freePlacesCount: 1,
    },
  ],
  currentPrice: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const vatRates = [{ id: 'v-1', description: 'IVA ordinaria', rate: '22.00' }] as VatRateView[];
const tags = [
  { id: 't-1', name: 'Arte' },
  { id: 't-2', name: 'Scuole' },
] as TagView[];

const parsed = (text: string) => Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });

describe(productsCsv.name, () => {
  it('starts with the byte order mark and writes CRLF lines', () => {
    const text = productsCsv([product()], ['it', 'en'], vatRates, tags);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.split('\r\n')[0]).toBe('\uFEFFcode,title_it,subtitle_it,short_description_it,extended_description_it,title_en,subtitle_en,short_description_en,extended_description_en,title_de,subtitle_de,short_description_de,extended_description_de,duration_hours,duration_minutes,vat_rate,tags,periods');
  });

  it('writes one row per product, names for ids, the periods in their compact form with costs and free places, quotes and new lines kept', () => {
    const { data } = parsed(productsCsv([product()], ['it', 'en'], vatRates, tags));
    expect(data).toEqual([
      expect.objectContaining({
        code: 'ABC123',
        title_it: 'Città d’arte',
        title_en: '',
        title_de: 'Kunststadt',
        short_description_it: 'Visita, con "guida"\nin due righe',
        duration_hours: '2',
        duration_minutes: '30',
        vat_rate: 'IVA ordinaria',
        tags: 'Scuole|Arte',
        periods: '2026-04-01..2026-06-30 per_person=45.00 vat_included supplier_cost_per_person=30.00 free_places=20+1',
      }),
    ]);
  });

  it('writes a cell a spreadsheet would run as a formula behind an apostrophe', () => {
    const { data } = parsed(productsCsv([product({ titles: { it: '=HYPERLINK("x")' } })], ['it'], vatRates, tags));
    expect(data[0]['title_it']).toBe('\'=HYPERLINK("x")');
  });
});

describe(customersCsv.name, () => {
  it('writes every field, the price list and tags by name', () => {
    const customer = {
      id: 'c-1',
      title: 'Gent.ma',
      name: 'Scuola Dante',
      email: 'dante@example.com',
      phone: '+39 055 123',
      contact: null,
      address: 'Via Roma 1',
      country: 'Italia',
      city: 'Firenze',
      postalCode: '50100',
      priceListId: 'pl-1',
      vatNumber: 'IT0123',
      sdi: 'ABC1234',
      pec: 'dante@pec.example',
      fiscalCode: null,
      language: 'en',
      tagIds: ['t-1'],
      createdAt: '2026-01-01T00:00:00.000Z',
    } as CustomerView;
    const { data, meta } = parsed(customersCsv([customer], [{ id: 'pl-1', name: 'Scuole 2026' }] as PriceListView[], tags));
    expect(meta.fields).toEqual(['title', 'name', 'email', 'phone', 'contact', 'address', 'country', 'city', 'postal_code', 'price_list', 'vat_number', 'sdi', 'pec', 'fiscal_code', 'language', 'tags']);
    expect(data).toEqual([
      {
        title: 'Gent.ma',
        name: 'Scuola Dante',
        email: 'dante@example.com',
        phone: "'+39 055 123",
        contact: '',
        address: 'Via Roma 1',
        country: 'Italia',
        city: 'Firenze',
        postal_code: '50100',
        price_list: 'Scuole 2026',
        vat_number: 'IT0123',
        sdi: 'ABC1234',
        pec: 'dante@pec.example',
        fiscal_code: '',
        language: 'en',
        tags: 'Arte',
      },
    ]);
  });
});
