import { API_MESSAGES, CSV_MESSAGES, LOOP_MESSAGES, MESSAGES } from '@quotebook/domain';
import { customerFromRow, customerHeaderErrors, type CustomerLookups } from './customer-rows';
import { productFromRow, productHeaderErrors, type ProductLookups } from './product-rows';

const products: ProductLookups = {
  languages: ['it', 'en'],
  vatRates: new Map([['iva ordinaria', 'vat-22']]),
  tags: new Map([
    ['arte', 'tag-art'],
    ['scuole', 'tag-schools'],
  ]),
  codes: new Set(['ABC123']),
  maxPeriods: 3,
};

const productRow = (cells: Record<string, string> = {}) => ({
  code: '',
  title_it: 'Tour del Colosseo',
  subtitle_it: '',
  short_description_it: '',
  extended_description_it: '',
  title_en: '',
  subtitle_en: '',
  short_description_en: '',
  extended_description_en: '',
  duration_hours: '3',
  duration_minutes: '30',
  vat_rate: 'IVA ordinaria',
  tags: 'Arte|scuole',
  periods: '2026-04-01..2026-06-30 per_person=45.5',
  ...cells,
});

describe(productFromRow.name, () => {
  it('maps a row to the product it creates: texts per language, names to ids, periods switched on', () => {
    const { draft, errors } = productFromRow(productRow({ title_en: 'Colosseum tour', subtitle_en: ' With a guide ' }), products);
    expect(errors).toEqual({});
    expect(draft).toMatchObject({
      texts: { titles: { it: 'Tour del Colosseo', en: 'Colosseum tour' }, subtitles: { en: 'With a guide' }, shortDescriptions: {}, extendedDescriptions: {} },
      durationHours: 3,
      durationMinutes: 30,
      vatRateId: 'vat-22',
      tagIds: ['tag-art', 'tag-schools'],
    });
    expect(draft?.periods).toEqual([expect.objectContaining({ startDate: '2026-04-01', endDate: '2026-06-30', hasCostPerPerson: true, costPerPerson: '45.5' })]);
  });

  it('reads the supplier costs and free places of a period', () => {
    const { draft } = productFromRow(productRow({ periods: '2026-04-01..2026-06-30 supplier_cost_per_person=30 supplier_cost_per_booking=50.5 free_places=20+1' }), products);
    expect(draft?.periods).toEqual([
      expect.objectContaining({ supplierCostPerPerson: '30', supplierCostPerBooking: '50.5', freePlacesEvery: 20, freePlacesCount: 1 }),
    ]);
  });

  it('takes empty durations, VAT rate, tags and periods as none', () => {
    const { draft } = productFromRow(productRow({ duration_hours: '', duration_minutes: '', vat_rate: '', tags: '', periods: '' }), products);
    expect(draft).toMatchObject({ durationHours: 0, durationMinutes: 0, vatRateId: null, tagIds: [], periods: [] });
  });

  it.each([
    ['a language written without its title', { subtitle_en: 'With a guide' }, { title_en: MESSAGES.titleRequired }],
    ['no title at all', { title_it: '' }, { title_it: CSV_MESSAGES.noTitle }],
    ['hours out of range', { duration_hours: '24' }, { duration_hours: API_MESSAGES.durationHours }],
    ['minutes off the 5-minute steps', { duration_minutes: '7' }, { duration_minutes: API_MESSAGES.durationMinutes }],
    ['an unknown VAT rate', { vat_rate: 'IVA 99' }, { vat_rate: CSV_MESSAGES.unknownVatRate('IVA 99') }],
    ['unknown tags', { tags: 'Arte|Mare|Monti' }, { tags: CSV_MESSAGES.unknownTags(['Mare', 'Monti']) }],
    ['a code of the agency', { code: 'abc123' }, { code: CSV_MESSAGES.productExists('ABC123') }],
    ['a period ending before it starts', { periods: '2026-06-30..2026-04-01' }, { periods: CSV_MESSAGES.period(1, MESSAGES.endBeforeStart) }],
    ['a date that does not exist', { periods: '2026-02-30..2026-04-01' }, { periods: CSV_MESSAGES.period(1, MESSAGES.startDateRequired) }],
    ['a negative price', { periods: '2026-04-01..2026-06-30 per_person=-4' }, { periods: expect.stringMatching(/^Periodo 1: costPerPerson must be/) }],
    ['overlapping periods', { periods: '2026-04-01..2026-06-30; 2026-06-30..2026-07-30' }, { periods: CSV_MESSAGES.period(2, CSV_MESSAGES.periodOverlaps(1)) }],
    ['more periods than a product may have', { periods: '2026-01-01..2026-01-02;2026-02-01..2026-02-02;2026-03-01..2026-03-02;2026-04-01..2026-04-02' }, { periods: CSV_MESSAGES.tooManyPeriods(3) }],
  ])('refuses %s, naming the column', (_case, cells, errors) => {
    const mapped = productFromRow(productRow(cells), products);
    expect(mapped.errors).toEqual(errors);
    expect(mapped.draft).toBeUndefined();
  });

  it('names unknown columns and languages the agency does not write in, once, in the header', () => {
    expect(productHeaderErrors(['code', 'title_it', 'title_fr', 'colour', 'periods'], ['it', 'en'])).toEqual({
      title_fr: CSV_MESSAGES.languageNotEnabled('fr'),
      colour: CSV_MESSAGES.unknownColumn('colour'),
    });
  });
});

const customers: CustomerLookups = {
  languages: ['it', 'en'],
  priceLists: new Map([
    ['scuole 2026', { id: 'pl-active', isActive: true }],
    ['listino 2020', { id: 'pl-old', isActive: false }],
  ]),
  tags: new Map([['vip', 'tag-vip']]),
};

const customerRow = (cells: Record<string, string> = {}) => ({
  title: 'Gent.ma',
  name: 'Scuola Dante',
  email: 'segreteria@dante.test',
  phone: '+39 055 123',
  contact: '',
  address: '',
  country: '',
  city: 'Firenze',
  postal_code: '',
  price_list: 'Scuole 2026',
  vat_number: '',
  sdi: '',
  pec: '',
  language: 'EN',
  tags: 'VIP',
  ...cells,
});

describe(customerFromRow.name, () => {
  it('maps a row to the customer it creates, empty texts as none', () => {
    const { draft, errors } = customerFromRow(customerRow(), customers);
    expect(errors).toEqual({});
    expect(draft?.dto).toMatchObject({ title: 'Gent.ma', name: 'Scuola Dante', email: 'segreteria@dante.test', city: 'Firenze', contact: '', language: 'en' });
    expect(draft).toMatchObject({ priceListId: 'pl-active', tagIds: ['tag-vip'] });
  });

  it('gives Spett.le, Italian and no price list when those cells are empty', () => {
    const { draft } = customerFromRow(customerRow({ title: '', language: '', price_list: '', tags: '' }), customers);
    expect(draft).toMatchObject({ dto: { title: 'Spett.le', language: 'it' }, priceListId: null, tagIds: [] });
  });

  it.each([
    ['a salutation not offered', { title: 'Sig.' }, { title: MESSAGES.titleRequired }],
    ['no business name', { name: ' ' }, { name: MESSAGES.customerNameRequired }],
    ['no e-mail', { email: '' }, { email: MESSAGES.emailRequired }],
    ['an invalid e-mail', { email: 'dante@' }, { email: MESSAGES.emailInvalid }],
    ['a language the agency does not offer', { language: 'de' }, { language: LOOP_MESSAGES.languageNotOffered }],
    ['an unknown price list', { price_list: 'Hotel' }, { price_list: CSV_MESSAGES.unknownPriceList('Hotel') }],
    ['an inactive price list', { price_list: 'Listino 2020' }, { price_list: CSV_MESSAGES.inactivePriceList('Listino 2020') }],
    ['an unknown tag', { tags: 'VIP|Scuole' }, { tags: CSV_MESSAGES.unknownTags(['Scuole']) }],
  ])('refuses %s, naming the column', (_case, cells, errors) => {
    expect(customerFromRow(customerRow(cells), customers)).toEqual({ errors });
  });

  it('names unknown columns in the header', () => {
    expect(customerHeaderErrors(['name', 'email', 'fax'])).toEqual({ fax: CSV_MESSAGES.unknownColumn('fax') });
  });
});
