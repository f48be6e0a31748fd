import type { VatRateView } from '@quotebook/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aVatRate, gatewayError, json, on } from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
import { validateVatRateForm } from './vat-rate-form';

const LIST = '/api/tenants/tenant-1/vat-rates';

afterEach(() => jest.restoreAllMocks());

describe(validateVatRateForm.name, () => {
  it.each([
    [{ description: '', rate: '' }, { description: 'Description is required', rate: 'Rate is required' }],
    [{ description: 'Ridotta', rate: '10' }, {}],
    [{ description: 'Ridotta', rate: '100.00' }, {}],
    [{ description: 'Troppa', rate: '100.01' }, { rate: 'Rate must be a number from 0 to 100 with at most 2 decimals' }],
    [{ description: 'Strana', rate: '4.123' }, { rate: 'Rate must be a number from 0 to 100 with at most 2 decimals' }],
    [{ description: 'Negativa', rate: '-1' }, { rate: 'Rate must be a number from 0 to 100 with at most 2 decimals' }],
  ])('%j → %j', (values, errors) => {
    expect(validateVatRateForm(values)).toEqual(errors);
  });
});

describe('VAT rates page', () => {
  it('shows each rate as a card with two decimals and its created date', async () => {
    renderTenantPage('/sole/vat-rates', [
      on('GET', LIST, () => json([aVatRate(), aVatRate({ id: 'vat-4', description: 'Super ridotta', rate: '4', createdAt: '2025-02-03T10:00:00Z' })])),
    ]);

    const card = await screen.findByRole('article', { name: 'Super ridotta' });
    expect(within(card).getByText('4,00%')).toBeTruthy();
    expect(within(card).getByText('Created')).toBeTruthy();
    expect(within(card).getByText('03/02/2025')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Aliquota ordinaria' })).getByText('22,00%')).toBeTruthy();
  });

  it("says 'No VAT rates configured' when there are none", async () => {
    renderTenantPage('/sole/vat-rates', [on('GET', LIST, () => json([]))]);

    expect(await screen.findByText('No VAT rates configured')).toBeTruthy();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let calls = 0;
    renderTenantPage('/sole/vat-rates', [
      on('GET', LIST, () => (++calls === 1 ? gatewayError(503, 'catalogue did not answer') : json([aVatRate()]))),
    ]);

    expect(await screen.findByText('Failed to load VAT rates')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Aliquota ordinaria' })).toBeTruthy();
  });

  it('creates a rate picked from the common Italian rates and shows it', async () => {
    const rates: VatRateView[] = [];
    const { requests } = renderTenantPage('/sole/vat-rates', [
      on('GET', LIST, () => json(rates)),
      on('POST', LIST, (request) => {
        const body = JSON.parse(request.body);
        rates.push(aVatRate({ id: 'vat-10', description: body.description, rate: '10.00' }));
        return json(rates[0], 201);
      }),
    ]);
    await screen.findByText('No VAT rates configured');

    fireEvent.click(screen.getByRole('button', { name: 'Add VAT Rate' }));
    const dialog = screen.getByRole('dialog', { name: 'Add VAT Rate' });
    expect(within(dialog).getAllByRole('button').map((chip) => chip.textContent)).toEqual(
      expect.arrayContaining(['22%', '10%', '5%', '4%', '0%']),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create VAT Rate' }));
    expect(within(dialog).getByText('Description is required')).toBeTruthy();
    expect(within(dialog).getByText('Rate is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Aliquota ridotta' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '10%' }));
    expect((within(dialog).getByLabelText('Rate (%)') as HTMLInputElement).value).toBe('10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create VAT Rate' }));

    expect(await screen.findByText('VAT rate created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LIST)).toEqual([{ description: 'Aliquota ridotta', rate: '10', tenantId: 'tenant-1' }]);
    expect(await screen.findByRole('article', { name: 'Aliquota ridotta' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("puts the server's reason under 'Failed to update VAT rate'", async () => {
    renderTenantPage('/sole/vat-rates', [
      on('GET', LIST, () => json([aVatRate()])),
      on('PUT', `${LIST}/vat-22`, () => gatewayError(400, ['Rate must be a number from 0 to 100 with at most 2 decimals', 'Description is required'])),
    ]);
    const card = await screen.findByRole('article', { name: 'Aliquota ordinaria' });

    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit VAT Rate' });
    expect((within(dialog).getByLabelText('Description') as HTMLInputElement).value).toBe('Aliquota ordinaria');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Failed to update VAT rate')).toBeTruthy();
    expect(screen.getByText('Rate must be a number from 0 to 100 with at most 2 decimals, Description is required')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit VAT Rate' })).toBeTruthy();
  });

  it('deletes only after a confirmation that names the rate and starts on Cancel', async () => {
    const { requests } = renderTenantPage('/sole/vat-rates', [
      on('GET', LIST, () => json([aVatRate()])),
      on('DELETE', `${LIST}/vat-22`, () => new Response(null, { status: 204 })),
    ]);
    const card = await screen.findByRole('article', { name: 'Aliquota ordinaria' });

    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirmation = await screen.findByRole('dialog', { name: "Delete VAT rate 'Aliquota ordinaria'?" });
    expect(within(confirmation).getByText('Are you sure you want to delete this VAT rate?')).toBeTruthy();
    expect(document.activeElement).toBe(within(confirmation).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('VAT rate deleted successfully')).toBeTruthy();
    await waitFor(() => expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1));
  });

  it('shows a taken description on its field, not in a toast', async () => {
    renderTenantPage('/sole/vat-rates', [
      on('GET', LIST, () => json([aVatRate()])),
      on('POST', LIST, () => gatewayError(409, 'A VAT rate with this description already exists', 'Conflict', 'VAT_RATE_DESCRIPTION_TAKEN')),
    ]);
    await screen.findByRole('article', { name: 'Aliquota ordinaria' });

    fireEvent.click(screen.getByRole('button', { name: 'Add VAT Rate' }));
    const dialog = screen.getByRole('dialog', { name: 'Add VAT Rate' });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Aliquota ordinaria' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '22%' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create VAT Rate' }));

    const description = within(dialog).getByLabelText('Description');
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));
    expect(description.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(description.getAttribute('aria-describedby') as string)?.textContent).toBe(
      'A VAT rate with this description already exists',
    );
    expect(screen.queryByText('Failed to create VAT rate')).toBeNull();
  });

  it("shows 'Failed to delete VAT rate' with the reason when the rate is in use", async () => {
    renderTenantPage('/sole/vat-rates', [
      on('GET', LIST, () => json([aVatRate()])),
      on('DELETE', `${LIST}/vat-22`, () => gatewayError(409, 'This VAT rate is used by 3 products', 'Conflict', 'VAT_RATE_IN_USE')),
    ]);

    fireEvent.click(within(await screen.findByRole('article', { name: 'Aliquota ordinaria' })).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Failed to delete VAT rate')).toBeTruthy();
    expect(screen.getByText('This VAT rate is used by 3 products')).toBeTruthy();
  });
});
