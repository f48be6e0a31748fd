import type { PriceListView } from '@quotebook/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { aPriceList, json, on } from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
import { priceListFormFrom, priceListRequestFrom, validatePriceListForm, type PriceListFormValues } from './price-list-form';

const LIST = '/api/tenants/tenant-1/price-lists';

const markup: PriceListFormValues = {
  name: 'Tour operator',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  reductionAmount: '10',
  reductionPercentage: '5',
  adjustment: 'markup',
  markupPercentage: '25',
  isActive: true,
};

afterEach(() => jest.restoreAllMocks());

describe('a price list sets a reduction or a markup over cost, never both', () => {
  it('opens a list with a markup on the markup, one without on the reduction', () => {
    expect(priceListFormFrom(aPriceList({ reductionPercentage: null, markupPercentage: '25.00' }))).toEqual(
      expect.objectContaining({ adjustment: 'markup', markupPercentage: '25.00' }),
    );
    expect(priceListFormFrom(aPriceList()).adjustment).toBe('reduction');
    expect(priceListFormFrom().adjustment).toBe('reduction');
  });

  it.each([
    [{ markupPercentage: '' }, { markupPercentage: 'Il ricarico deve essere un numero da 0 a 1000 con al massimo 2 decimali' }],
    [{ markupPercentage: '1000.01' }, { markupPercentage: 'Il ricarico deve essere un numero da 0 a 1000 con al massimo 2 decimali' }],
    [{ markupPercentage: '150' }, {}],
    // the reductions are not checked (nor sent) while the markup is chosen
    [{ reductionPercentage: '300' }, {}],
    [{ adjustment: 'reduction' as const, markupPercentage: 'x' }, {}],
  ])('%j → %j', (change, errors) => {
    expect(validatePriceListForm({ ...markup, ...change })).toEqual(errors);
  });

  it('sends the kind chosen and null for the other', () => {
    expect(priceListRequestFrom(markup)).toEqual(
      expect.objectContaining({ reductionAmount: null, reductionPercentage: null, markupPercentage: '25' }),
    );
    expect(priceListRequestFrom({ ...markup, adjustment: 'reduction' })).toEqual(
      expect.objectContaining({ reductionAmount: '10', reductionPercentage: '5', markupPercentage: null }),
    );
  });

  it("creates a markup list: choosing 'Ricarico % sul costo' swaps the reduction fields for the markup", async () => {
    const lists: PriceListView[] = [aPriceList()];
    const { requests } = renderTenantPage('/sole/price-lists', [
      on('GET', LIST, () => json(lists)),
      on('POST', LIST, (request) => {
        lists.push(aPriceList({ ...JSON.parse(request.body), id: 'pl-9' }));
        return json(lists[1], 201);
      }),
    ]);
    await screen.findByText('Scuole 2025');

    fireEvent.click(screen.getByRole('button', { name: 'Add Price List' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Price List' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Tour operator' } });
    fireEvent.change(within(dialog).getByLabelText('Start Date'), { target: { value: '2025-01-01' } });
    fireEvent.change(within(dialog).getByLabelText('End Date'), { target: { value: '2025-12-31' } });
    fireEvent.change(within(dialog).getByLabelText('Reduction Percentage (%)'), { target: { value: '5' } });
    expect(within(dialog).queryByLabelText(/Ricarico % sul costo \(%\)/)).toBeNull();

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Ricarico % sul costo' }));
    expect(within(dialog).queryByLabelText('Reduction Percentage (%)')).toBeNull();
    expect(within(dialog).queryByLabelText('Reduction Amount (€)')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Price List' }));
    expect(within(dialog).getByText('Il ricarico deve essere un numero da 0 a 1000 con al massimo 2 decimali')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Ricarico % sul costo \(%\)/), { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Price List' }));

    expect(await screen.findByText('Price list created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LIST)).toEqual([
      expect.objectContaining({ name: 'Tour operator', reductionAmount: null, reductionPercentage: null, markupPercentage: '25' }),
    ]);
    const row = (await screen.findByText('Tour operator')).closest('tr') as HTMLElement;
    expect(within(row).getByText('25,00%')).toBeTruthy();
  });
});
