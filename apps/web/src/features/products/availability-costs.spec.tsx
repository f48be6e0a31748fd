import type { AvailabilityView } from '@quotebook/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aPeriod, aProduct, json, on } from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
import { availabilityFormFrom, supplierSummary, validateAvailabilityForm, type AvailabilityFormValues } from './availability-form';

const LIST = '/api/tenants/tenant-1/products';
const FREE_PLACES = 'Gratuità: indica entrambi i numeri, interi da 1 in su';
const AMOUNT = 'Enter an amount of at least 0 with at most 2 decimals';

const base: AvailabilityFormValues = { ...availabilityFormFrom(), startDate: '2025-04-01', endDate: '2025-06-30' };

afterEach(() => jest.restoreAllMocks());

describe('a period’s supplier costs and free places', () => {
  it.each([
    [{}, {}],
    [{ supplierCostPerPerson: '30', supplierCostPerBooking: '50.50' }, {}],
    [{ supplierCostPerPerson: '-1', supplierCostPerBooking: '1.234' }, { supplierCostPerPerson: AMOUNT, supplierCostPerBooking: AMOUNT }],
    [{ freePlacesCount: '1', freePlacesEvery: '20' }, {}],
    // both or neither, whole numbers from 1
    [{ freePlacesCount: '1' }, { freePlacesEvery: FREE_PLACES }],
    [{ freePlacesEvery: '20' }, { freePlacesCount: FREE_PLACES }],
    [{ freePlacesCount: '0', freePlacesEvery: '2.5' }, { freePlacesCount: FREE_PLACES, freePlacesEvery: FREE_PLACES }],
  ])('%j → %j', (change, errors) => {
    expect(validateAvailabilityForm({ ...base, ...change })).toEqual(errors);
  });

  it('summarises them for the agency, nothing when the period has none', () => {
    expect(supplierSummary(aPeriod())).toBeNull();
    expect(supplierSummary(aPeriod({ supplierCostPerPerson: '30.00', supplierCostPerBooking: '1250.00', freePlacesCount: 1, freePlacesEvery: 20 }))).toBe(
      'Costo fornitore € 30,00 per persona + € 1.250,00 per prenotazione · Gratuità: 1 ogni 20 paganti',
    );
  });

  it('are typed in the period form, sent with it and shown in the list of periods', async () => {
    let periods: AvailabilityView[] = [aPeriod({ id: 'p1' })];
    const { requests } = renderTenantPage('/sole/products', [
      on('GET', LIST, () => json([aProduct({ availability: periods })])),
      on('PUT', `${LIST}/product-1/availability/p1`, (request) => {
        const updated = aPeriod({ ...JSON.parse(request.body), id: 'p1' });
        periods = [updated];
        return json(updated);
      }),
      on('GET', '/api/tenants/tenant-1/tags', () => json([])),
    ]);
    await screen.findAllByText('Tour del Colosseo');
    fireEvent.click(screen.getAllByRole('button', { name: 'Availability' })[0]);
    const dialog = screen.getByRole('dialog', { name: 'Availability: Tour del Colosseo' });
    fireEvent.click(within(within(dialog).getByRole('listitem', { name: '01/04/2025 – 30/06/2025' })).getByRole('button', { name: 'Edit period' }));

    const form = screen.getByRole('dialog', { name: 'Edit Availability Period' });
    expect(within(form).getByText('Nessuna gratuità (es. Gratuità: 1 ogni 20 paganti)')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Costo fornitore per persona'), { target: { value: '30' } });
    fireEvent.change(within(form).getByLabelText('Costo fornitore per prenotazione'), { target: { value: '50' } });
    fireEvent.change(within(form).getByLabelText('Gratuità'), { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(within(form).getByText(FREE_PLACES)).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Ogni quanti paganti'), { target: { value: '20' } });
    expect(within(form).getByText('Gratuità: 1 ogni 20 paganti')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Availability period updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', `${LIST}/product-1/availability/p1`)).toEqual([
      expect.objectContaining({ supplierCostPerPerson: '30', supplierCostPerBooking: '50', freePlacesCount: 1, freePlacesEvery: 20 }),
    ]);
    await waitFor(() =>
      expect(within(dialog).getByText('Costo fornitore € 30,00 per persona + € 50,00 per prenotazione · Gratuità: 1 ogni 20 paganti')).toBeTruthy(),
    );
  });
});
