import { validateFatturaPA } from '@quotebook/testing';
import { type Agency, createAgency, created, uniqueName } from './catalogue-fixtures';
import { api, superadminToken } from './http';
import { CONSUMPTION, createQuote, newCustomer, pricedProduct, quoteBody } from './quote-fixtures';

/*
 * The electronic invoice of a confirmed quote: issued by an administrator in the ordinary or the
 * margin scheme, numbered per agency and year, downloaded as the XML the official schema accepts.
 */

const SELLER = {
  companyName: 'Sole Viaggi S.r.l.',
  vatNumber: 'IT01234567890',
  address: 'Via Roma 1',
  city: 'Como',
  postalCode: '22100',
  country: 'Italia',
  regimeFiscale: 'RF11',
  reaOffice: 'co',
  reaNumber: '123456',
  iban: 'IT60 X054 2811 1010 0000 0123 456',
};

let root: string;
let agency: Agency;
let productId: string;
let customerId: string;
const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date()));

beforeAll(async () => {
  root = await superadminToken();
  agency = await createAgency(root);
  const settings = await api('PATCH', `${agency.base}/settings`, { token: agency.adminToken, body: SELLER });
  expect(settings.status).toBe(200);
  const vatRate = await created(agency.adminToken, `${agency.base}/vat-rates`, { description: uniqueName('IVA'), rate: 10 });
  productId = (await pricedProduct(agency, { vatRateId: vatRate.id })).id;
  customerId = (await newCustomer(agency, { fiscalCode: 'RSSMRA85T10A562S' })).id;
}, 60_000);

/** A quote of the agency with its item confirmed and one consumption, in the given status. */
async function quoteIn(status: string, customer = customerId, owner: Agency = agency, product = productId) {
  const quote = await createQuote(owner, quoteBody(customer, { items: [{ productId: product, quantity: 12 }] }));
  await created(owner.adminToken, `${owner.base}/quotes/${quote.id}/consumptions`, CONSUMPTION);
  const item = await api('PUT', `${owner.base}/quotes/${quote.id}/items/${quote.items[0].id}`, { token: owner.adminToken, body: { orderConfirmed: true, confirmedParticipants: 12 } });
  expect(item.status).toBe(200);
  const updated = await api('PUT', `${owner.base}/quotes/${quote.id}`, { token: owner.adminToken, body: { status } });
  expect(updated.status).toBe(200);
  return quote.id as string;
}

const generate = (quoteId: string, scheme: string, token = agency.adminToken, owner: Agency = agency) =>
  api('POST', `${owner.base}/quotes/${quoteId}/invoice`, { token, body: { scheme } });
const download = (quoteId: string, token = agency.adminToken, owner: Agency = agency) => api('GET', `${owner.base}/quotes/${quoteId}/invoice`, { token });

describe('the electronic invoice (FatturaPA)', () => {
  it('keeps the seller data of Impostazioni, checked and normalised', async () => {
    const tenant = await api('GET', agency.base, { token: agency.adminToken });
    expect(tenant.body).toMatchObject({ regimeFiscale: 'RF11', reaOffice: 'CO', reaNumber: '123456', iban: 'IT60X0542811101000000123456' });
    const refused = await api('PATCH', `${agency.base}/settings`, { token: agency.adminToken, body: { iban: 'IT61X0542811101000000123456', regimeFiscale: 'RF03', reaOffice: 'Milano' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual(expect.arrayContaining([expect.stringMatching(/^iban: /), expect.stringMatching(/^regimeFiscale: /), expect.stringMatching(/^reaOffice: /)]));
    expect((await api('GET', agency.base, { token: agency.adminToken })).body.iban).toBe('IT60X0542811101000000123456');
  });

  it("checks the customer's codice fiscale: a wrong check letter is a 400 naming the field", async () => {
    const response = await api('POST', `${agency.base}/customers`, { token: agency.adminToken, body: { title: 'Spett.le', name: 'Mario Rossi', email: 'mario@example.com', fiscalCode: 'RSSMRA85T10A562T' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual([expect.stringMatching(/^fiscalCode: /)]);
    const saved = await created(agency.adminToken, `${agency.base}/customers`, { title: 'Spett.le', name: 'Mario Rossi', email: 'mario@example.com', fiscalCode: 'rssmra 85t10 a562s' });
    expect(saved.fiscalCode).toBe('RSSMRA85T10A562S');
  });

  it('issues the invoice of a confirmed quote, downloads it as XML the schema accepts, and gives the same number again', async () => {
    const quoteId = await quoteIn('confirmed');
    const response = await generate(quoteId, 'margin');
    expect(response.status).toBe(200);
    const invoice = response.body;
    expect(invoice).toMatchObject({ quoteId, year, scheme: 'margin', number: `${year}/${invoice.sequence}` });
    expect(invoice.fileName).toMatch(/^IT01234567890_[0-9A-Z]{5}\.xml$/);

    const file = await download(quoteId);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${invoice.fileName}"`);
    const xml = file.body as string;
    expect(await validateFatturaPA(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain('<RegimeFiscale>RF11</RegimeFiscale>');
    expect(xml).toContain('<Natura>N5</Natura>');
    expect(xml).toContain('<CodiceDestinatario>M5UXCR1</CodiceDestinatario>');
    expect(xml).toContain(`<Numero>${invoice.number}</Numero>`);

    const again = await generate(quoteId, 'ordinary');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(invoice);
  });

  it('numbers the next invoice right after, and writes the ordinary scheme with its VAT', async () => {
    const first = (await generate(await quoteIn('closed'), 'ordinary')).body;
    const quoteId = await quoteIn('confirmed');
    const second = (await generate(quoteId, 'ordinary')).body;
    expect(second.sequence).toBe(first.sequence + 1);
    const xml = (await download(quoteId)).body as string;
    expect(await validateFatturaPA(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain('<AliquotaIVA>10.00</AliquotaIVA>');
    expect(xml).toContain('<EsigibilitaIVA>I</EsigibilitaIVA>');
    expect(xml).toContain('<IBAN>IT60X0542811101000000123456</IBAN>');
  });

  it('refuses a pending quote with 409 INVOICE_NOT_ALLOWED, and has nothing to download for it', async () => {
    const quoteId = await quoteIn('pending');
    const response = await generate(quoteId, 'margin');
    expect(response.status).toBe(409);
    expect(response.body.reason).toBe('INVOICE_NOT_ALLOWED');
    expect((await download(quoteId)).status).toBe(404);
  });

  it("names the customer's missing SDI code or PEC (409 INVOICE_DATA_MISSING)", async () => {
    const customer = await newCustomer(agency, { sdi: null, pec: null });
    const response = await generate(await quoteIn('confirmed', customer.id), 'margin');
    expect(response.status).toBe(409);
    expect(response.body.reason).toBe('INVOICE_DATA_MISSING');
    expect(response.body.message).toEqual([expect.stringContaining('il codice SDI o la PEC del cliente')]);
  });

  it("names the agency's missing VAT number", async () => {
    const bare = await createAgency(root);
    const product = await pricedProduct(bare);
    const customer = await newCustomer(bare);
    const response = await generate(await quoteIn('confirmed', customer.id, bare, product.id), 'margin', bare.adminToken, bare);
    expect(response.status).toBe(409);
    expect(response.body.message).toEqual(expect.arrayContaining([expect.stringContaining("la partita IVA dell'agenzia")]));
  });

  it("answers another agency's quote as not found, and a tenant user 403", async () => {
    const quoteId = await quoteIn('confirmed');
    const other = await createAgency(root);
    expect((await generate(quoteId, 'margin', other.adminToken, other)).status).toBe(404);
    expect((await download(quoteId, other.adminToken, other)).status).toBe(404);
    expect((await generate(quoteId, 'margin', agency.userToken)).status).toBe(403);
    expect((await download(quoteId, agency.userToken)).status).toBe(403);
  });

  it('refuses an unknown scheme with a 400 naming the field', async () => {
    const response = await generate(await quoteIn('confirmed'), 'reverse-charge');
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual([expect.stringMatching(/^scheme: /)]);
  });
});
