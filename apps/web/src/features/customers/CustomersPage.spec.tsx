import type { CustomerView } from '@quotebook/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCustomer, aPriceList, aTag, gatewayError, json, on } from '../../test/gateway-stub';
import { answerDeleteConfirmation } from '../../test/confirm';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
import {
  customerFormFrom,
  customerLanguageOptions,
  customerRequestFrom,
  filterCustomers,
  priceListOptions,
  validateCustomerForm,
} from './customer-form';

const DELETE_QUESTION = 'Are you sure you want to delete this customer? This action cannot be undone.';
const LIST = '/api/tenants/tenant-1/customers';
const tags = [
  aTag({ id: 'tag-schools', name: 'Scuole', targetType: 'customer' }),
  aTag({ id: 'tag-vip', name: 'VIP', targetType: 'customer' }),
  aTag({ id: 'tag-art', name: 'Arte', targetType: 'product' }),
];
const priceLists = [
  aPriceList({ id: 'pl-active', name: 'Scuole 2025' }),
  aPriceList({ id: 'pl-old', name: 'Listino 2020', isActive: false }),
];
const dante = aCustomer({ tagIds: ['tag-schools'], city: 'Firenze', contact: 'Prof.ssa Neri', priceListId: 'pl-active' });
const hotel = aCustomer({ id: 'customer-2', title: 'Gent.mo', name: 'Hotel Bellavista', email: 'info@bellavista.it', tagIds: ['tag-vip'] });

const reference = [
  on('GET', '/api/tenants/tenant-1/tags', () => json(tags)),
  on('GET', '/api/tenants/tenant-1/price-lists', () => json(priceLists)),
];

afterEach(() => jest.restoreAllMocks());

describe('customer form', () => {
  it('starts with Spett.le, no price list and no tags', () => {
    expect(customerFormFrom()).toEqual(expect.objectContaining({ title: 'Spett.le', priceListId: '', tagIds: [], name: '' }));
  });

  it('uses the spec texts for the required fields and the email format', () => {
    const empty = { ...customerFormFrom(), title: '' };
    expect(validateCustomerForm(empty)).toEqual({
      title: 'Title is required',
      name: 'Ragione sociale is required',
      email: 'Email is required',
    });
    expect(validateCustomerForm({ ...customerFormFrom(), name: 'Dante', email: 'dante@' })).toEqual({ email: 'Invalid email format' });
  });

  it('sends emptied optional fields and "no price list" as null', () => {
    const request = customerRequestFrom({ ...customerFormFrom(dante), city: '  ', name: ' Scuola Dante ', priceListId: '' });
    expect(request).toEqual(
      expect.objectContaining({ name: 'Scuola Dante', city: null, phone: null, priceListId: null, contact: 'Prof.ssa Neri' }),
    );
    expect(request).not.toHaveProperty('tagIds');
  });

  it('offers only active price lists, keeping the one a customer already has', () => {
    expect(priceListOptions(priceLists, null).map((option) => option.label)).toEqual(['No price list', 'Scuole 2025']);
    expect(priceListOptions(priceLists, 'pl-old').map((option) => option.label)).toEqual([
      'No price list',
      'Scuole 2025',
      'Listino 2020 (inactive)',
    ]);
  });

  it('searches name, email, contact and city, and filters by tag', () => {
    expect(filterCustomers([dante, hotel], { search: 'firenze', tagId: 'all' })).toEqual([dante]);
    expect(filterCustomers([dante, hotel], { search: 'BELLAVISTA', tagId: 'all' })).toEqual([hotel]);
    expect(filterCustomers([dante, hotel], { search: '', tagId: 'tag-vip' })).toEqual([hotel]);
    expect(filterCustomers([dante, hotel], { search: 'dante', tagId: 'tag-vip' })).toEqual([]);
  });
});

describe('customers page', () => {
  it('lists customers with their price list and tag names, one call for all tags', async () => {
    const { requests } = renderTenantPage('/sole/customers', [on('GET', LIST, () => json([dante, hotel])), ...reference]);

    const row = (await screen.findByText('Spett.le Scuola Dante Alighieri')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Scuole 2025')).toBeTruthy();
    expect(within(row).getByText('Scuole')).toBeTruthy();
    expect(within(row).getByText('Prof.ssa Neri')).toBeTruthy();
    expect(requests.filter((request) => request.path.includes('/customers/'))).toEqual([]);

    fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'tag-vip' } });
    expect(screen.queryByText('Spett.le Scuola Dante Alighieri')).toBeNull();
    expect(screen.getByText('Gent.mo Hotel Bellavista')).toBeTruthy();
    const tagOptions = [...(screen.getByLabelText('Tag') as HTMLSelectElement).options].map((option) => option.text);
    expect(tagOptions).toEqual(['All Tags', 'Scuole', 'VIP']);

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nobody' } });
    expect(screen.getByText('No customers found')).toBeTruthy();
  });

  it('creates a customer with every field, its price list and tags', async () => {
    const customers: CustomerView[] = [];
    const { requests } = renderTenantPage('/sole/customers', [
      on('GET', LIST, () => json(customers)),
      on('POST', LIST, (request) => {
        customers.push(aCustomer({ ...JSON.parse(request.body), id: 'customer-9' }));
        return json(customers[0], 201);
      }),
      on('PUT', `${LIST}/customer-9/tags`, (request) => {
        customers[0] = { ...customers[0], tagIds: JSON.parse(request.body).tagIds };
        return json({ tagIds: customers[0].tagIds });
      }),
      ...reference,
    ]);
    expect(await screen.findByText('No customers yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Customer' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Customer' });
    const title = within(dialog).getByLabelText('Title') as HTMLSelectElement;
    expect(title.value).toBe('Spett.le');
    expect([...title.options].map((option) => option.text)).toEqual([
      'Spett.le', 'Gent.mo', 'Gent.ma', 'Dott.', 'Dott.ssa', 'Egregio dott.', 'Gent.ma Dottoressa',
    ]);
    const priceList = within(dialog).getByLabelText('Price List') as HTMLSelectElement;
    expect(priceList.value).toBe('');
    expect([...priceList.options].map((option) => option.text)).toEqual(['No price list', 'Scuole 2025']);
    expect(within(dialog).queryByLabelText('Arte')).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'dante@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Customer' }));
    expect(within(dialog).getByText('Ragione sociale is required')).toBeTruthy();
    expect(within(dialog).getByText('Invalid email format')).toBeTruthy();

    const fill = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fireEvent.change(title, { target: { value: 'Dott.ssa' } });
    fill('Ragione sociale', 'Studio Verdi');
    fill('Email', 'info@studioverdi.it');
    fill('Phone', '+39 06 1234567');
    fill('Contact', 'Anna Verdi');
    fill('Address', 'Via Roma 1');
    fill('City', 'Roma');
    fill('Postal Code', '00100');
    fill('Country', 'Italia');
    fill('VAT Number', 'IT01234567890');
    fill('SDI', 'ABC1234');
    fill('PEC', 'studioverdi@pec.it');
    fill('Codice fiscale', 'RSSMRA85T10A562T');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Customer' }));
    expect(within(dialog).getByText(/^Codice fiscale non valido/)).toBeTruthy();
    fill('Codice fiscale', 'RSSMRA85T10A562S');
    fireEvent.change(priceList, { target: { value: 'pl-active' } });
    fireEvent.click(within(dialog).getByLabelText('VIP'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Customer' }));

    expect(await screen.findByText('Customer created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LIST)).toEqual([
      {
        title: 'Dott.ssa',
        name: 'Studio Verdi',
        email: 'info@studioverdi.it',
        phone: '+39 06 1234567',
        contact: 'Anna Verdi',
        address: 'Via Roma 1',
        country: 'Italia',
        city: 'Roma',
        postalCode: '00100',
        priceListId: 'pl-active',
        vatNumber: 'IT01234567890',
        sdi: 'ABC1234',
        pec: 'studioverdi@pec.it',
        fiscalCode: 'RSSMRA85T10A562S',
        language: 'it',
        tenantId: 'tenant-1',
      },
    ]);
    expect(bodiesOf(requests, 'PUT', `${LIST}/customer-9/tags`)).toEqual([{ tagIds: ['tag-vip'] }]);
    const row = (await screen.findByText('Dott.ssa Studio Verdi')).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('VIP')).toBeTruthy());
  });

  it("offers the agency's languages as the customer's Lingua, Italian by default, and sends the one chosen", async () => {
    const customers: CustomerView[] = [aCustomer({ id: 'customer-en', name: 'Lake Tours', language: 'en' })];
    const { requests } = renderTenantPage('/sole/customers', [
      on('GET', LIST, () => json(customers)),
      on('POST', LIST, (request) => json(aCustomer({ ...JSON.parse(request.body), id: 'customer-9' }), 201)),
      on('PUT', `${LIST}/customer-en`, (request) => json(aCustomer({ ...JSON.parse(request.body), id: 'customer-en' }))),
      ...reference,
    ]);
    await screen.findByText('Spett.le Lake Tours');

    fireEvent.click(screen.getByRole('button', { name: 'Add Customer' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Customer' });
    const language = within(dialog).getByLabelText('Lingua') as HTMLSelectElement;
    expect(language.value).toBe('it');
    // the stub agency offers Italian and English
    expect([...language.options].map((option) => [option.value, option.text])).toEqual([['it', 'Italiano'], ['en', 'English']]);
    fireEvent.change(within(dialog).getByLabelText('Ragione sociale'), { target: { value: 'Alpine Travel' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'info@alpine.test' } });
    fireEvent.change(language, { target: { value: 'en' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Customer' }));
    expect(await screen.findByText('Customer created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LIST)).toEqual([expect.objectContaining({ name: 'Alpine Travel', language: 'en' })]);

    const row = screen.getByText('Spett.le Lake Tours').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit Customer' });
    expect((within(editor).getByLabelText('Lingua') as HTMLSelectElement).value).toBe('en');
    fireEvent.change(within(editor).getByLabelText('Lingua'), { target: { value: 'it' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodiesOf(requests, 'PUT', `${LIST}/customer-en`)).toEqual([expect.objectContaining({ language: 'it' })]));
  });

  it('keeps visible a language the agency no longer offers, so editing never changes it silently', () => {
    expect(customerLanguageOptions(['it', 'en'], 'fr').map((option) => option.label)).toEqual(['Italiano', 'English', 'Français']);
    expect(customerLanguageOptions([], undefined).map((option) => option.value)).toEqual(['it']);
  });

  it('asks before creating a customer whose e-mail or VAT number another customer has, naming it with its city', async () => {
    const customers: CustomerView[] = [dante];
    const duplicates = `${LIST}/duplicates?email=info%40bellavista.it&vatNumber=IT999`;
    const { requests } = renderTenantPage('/sole/customers', [
      on('GET', LIST, () => json(customers)),
      on('GET', duplicates, () =>
        json([{ id: 'customer-2', name: 'Hotel Bellavista', email: 'info@bellavista.it', city: 'Sorrento', vatNumber: null, matches: ['email'] }]),
      ),
      on('POST', LIST, (request) => {
        customers.push(aCustomer({ ...JSON.parse(request.body), id: 'customer-9' }));
        return json(customers[1], 201);
      }),
      ...reference,
    ]);
    await screen.findByText('Spett.le Scuola Dante Alighieri');
    fireEvent.click(screen.getByRole('button', { name: 'Add Customer' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Customer' });
    fireEvent.change(within(dialog).getByLabelText('Ragione sociale'), { target: { value: 'Bellavista Hotel' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'info@bellavista.it' } });
    fireEvent.change(within(dialog).getByLabelText('VAT Number'), { target: { value: 'IT999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Customer' }));

    const question = await screen.findByRole('dialog', { name: 'Cliente già presente?' });
    expect(
      within(question).getByText('Esiste già un cliente: Hotel Bellavista (info@bellavista.it, Sorrento) con la stessa email. Salvarlo comunque?'),
    ).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LIST)).toEqual([]);

    // going back changes nothing; saving anyway creates it
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cliente già presente?' })).toBeNull());
    expect(bodiesOf(requests, 'POST', LIST)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Customer' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Cliente già presente?' })).getByRole('button', { name: 'Salva comunque' }));
    expect(await screen.findByText('Customer created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LIST)).toEqual([expect.objectContaining({ name: 'Bellavista Hotel', email: 'info@bellavista.it' })]);
  });

  it("asks before giving an edited customer another customer's e-mail, leaving the customer itself out of the look-up", async () => {
    const duplicates = `${LIST}/duplicates?email=info%40bellavista.it&excludeId=customer-1`;
    const { requests } = renderTenantPage('/sole/customers', [
      on('GET', LIST, () => json([dante, hotel])),
      on('GET', duplicates, () =>
        json([{ id: 'customer-2', name: 'Hotel Bellavista', email: 'info@bellavista.it', city: 'Sorrento', vatNumber: null, matches: ['email'] }]),
      ),
      on('PUT', `${LIST}/customer-1`, (request) => json({ ...dante, ...JSON.parse(request.body) })),
      ...reference,
    ]);
    const row = (await screen.findByText('Spett.le Scuola Dante Alighieri')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Customer' });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'info@bellavista.it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const question = await screen.findByRole('dialog', { name: 'Cliente già presente?' });
    expect(
      within(question).getByText('Esiste già un cliente: Hotel Bellavista (info@bellavista.it, Sorrento) con la stessa email. Salvarlo comunque?'),
    ).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', `${LIST}/customer-1`)).toEqual([]);
    fireEvent.click(within(question).getByRole('button', { name: 'Salva comunque' }));
    expect(await screen.findByText('Customer updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', `${LIST}/customer-1`)).toEqual([expect.objectContaining({ email: 'info@bellavista.it' })]);
  });

  it('asks nothing when editing a customer without changing its e-mail or VAT number', async () => {
    const { requests } = renderTenantPage('/sole/customers', [
      on('GET', LIST, () => json([dante])),
      on('PUT', `${LIST}/customer-1`, (request) => json({ ...dante, ...JSON.parse(request.body) })),
      ...reference,
    ]);
    const row = (await screen.findByText('Spett.le Scuola Dante Alighieri')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Customer' });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '055 123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Customer updated successfully')).toBeTruthy();
    expect(requests.some((request) => request.path.includes('/duplicates'))).toBe(false);
  });

  it("updates a customer without touching unchanged tags, and names a failure's reason", async () => {
    let refuse = true;
    const { requests } = renderTenantPage('/sole/customers', [
      on('GET', LIST, () => json([dante])),
      on('PUT', `${LIST}/customer-1`, (request) =>
        refuse ? gatewayError(400, 'priceListId must be an active price list') : json({ ...dante, ...JSON.parse(request.body) }),
      ),
      ...reference,
    ]);
    const row = (await screen.findByText('Spett.le Scuola Dante Alighieri')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Customer' });
    expect((within(dialog).getByLabelText('Scuole') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '055 123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update customer')).toBeTruthy();
    expect(screen.getByText('priceListId must be an active price list')).toBeTruthy();

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Customer updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', `${LIST}/customer-1`)[1]).toEqual(expect.objectContaining({ phone: '055 123456', priceListId: 'pl-active' }));
    expect(requests.some((request) => request.path.endsWith('/tags') && request.method === 'PUT')).toBe(false);
  });

  it('deletes a customer after a confirmation naming them, which starts on Cancel', async () => {
    const { requests } = renderTenantPage('/sole/customers', [
      on('GET', LIST, () => json([dante])),
      on('DELETE', `${LIST}/customer-1`, () => new Response(null, { status: 204 })),
      ...reference,
    ]);
    const row = (await screen.findByText('Spett.le Scuola Dante Alighieri')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await answerDeleteConfirmation("Delete customer 'Scuola Dante Alighieri'?", DELETE_QUESTION, 'Cancel');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await answerDeleteConfirmation("Delete customer 'Scuola Dante Alighieri'?", DELETE_QUESTION, 'Delete');
    expect(await screen.findByText('Customer deleted successfully')).toBeTruthy();
  });
});
