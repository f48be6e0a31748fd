import type { PriceListView } from '@quotebook/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { aPriceList, json, on } from '../../test/gateway-stub';
import { answerDeleteConfirmation } from '../../test/confirm';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
import { priceListRequestFrom, validatePriceListForm, type PriceListFormValues } from './price-list-form';

const LIST = '/api/tenants/tenant-1/price-lists';

const valid: PriceListFormValues = {
  name: 'Scuole 2025',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  reductionAmount: '',
  reductionPercentage: '',
  adjustment: 'reduction',
  markupPercentage: '',
  isActive: true,
};

afterEach(() => jest.restoreAllMocks());

describe('price list form', () => {
  it('requires name and both dates', () => {
    expect(validatePriceListForm({ ...valid, name: '', startDate: '', endDate: '' })).toEqual({
      name: 'Name is required',
      startDate: 'Start date is required',
      endDate: 'End date is required',
    });
    expect(validatePriceListForm(valid)).toEqual({});
  });

  it.each([
    [{ endDate: '2024-12-31' }, { endDate: 'End date must be on or after the start date' }],
    [{ reductionPercentage: '100.5' }, { reductionPercentage: 'Reduction percentage must be a number from 0 to 100 with at most 2 decimals' }],
    [{ reductionPercentage: '100' }, {}],
    [{ reductionAmount: '-5' }, { reductionAmount: 'Reduction amount must be at least 0 with at most 2 decimals' }],
    [{ reductionAmount: '15.50', reductionPercentage: '5' }, {}],
  ])('%j → %j', (change, errors) => {
    expect(validatePriceListForm({ ...valid, ...change })).toEqual(errors);
  });

  it('sends empty reductions as null', () => {
    expect(priceListRequestFrom({ ...valid, name: ' Scuole 2025 ', reductionAmount: ' ' })).toEqual({
      name: 'Scuole 2025',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      reductionAmount: null,
      reductionPercentage: null,
      markupPercentage: null,
      isActive: true,
    });
  });
});

describe('price lists page', () => {
  it('shows name with created date, validity, reductions and Active/Inactive', async () => {
    renderTenantPage('/sole/price-lists', [
      on('GET', LIST, () =>
        json([
          aPriceList(),
          aPriceList({ id: 'pl-2', name: 'Gruppi', reductionAmount: '15.5', reductionPercentage: null, isActive: false }),
        ]),
      ),
    ]);

    const first = (await screen.findByText('Scuole 2025')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Created 10/01/2025')).toBeTruthy();
    expect(within(first).getByText('01/01/2025 – 31/12/2025')).toBeTruthy();
    expect(within(first).getByText('10,00%')).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    const second = screen.getByText('Gruppi').closest('tr') as HTMLElement;
    expect(within(second).getByText('€ 15,50')).toBeTruthy();
    expect(within(second).getByText('Inactive')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name', 'Validity Period', 'Reduction Amount', 'Reduction %', 'Ricarico %', 'Status', 'Actions',
    ]);
  });

  it("says 'No price lists yet', then creates one", async () => {
    const lists: PriceListView[] = [];
    const { requests } = renderTenantPage('/sole/price-lists', [
      on('GET', LIST, () => json(lists)),
      on('POST', LIST, (request) => {
        lists.push(aPriceList({ ...JSON.parse(request.body), id: 'pl-9' }));
        return json(lists[0], 201);
      }),
    ]);
    expect(await screen.findByText('No price lists yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Price List' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Price List' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Price List' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Estate' } });
    fireEvent.change(within(dialog).getByLabelText('Start Date'), { target: { value: '2025-06-01' } });
    fireEvent.change(within(dialog).getByLabelText('End Date'), { target: { value: '2025-09-30' } });
    fireEvent.change(within(dialog).getByLabelText('Reduction Percentage (%)'), { target: { value: '7.5' } });
    fireEvent.click(within(dialog).getByLabelText('Active'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Price List' }));

    expect(await screen.findByText('Price list created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LIST)).toEqual([
      {
        name: 'Estate',
        startDate: '2025-06-01',
        endDate: '2025-09-30',
        reductionAmount: null,
        reductionPercentage: '7.5',
        markupPercentage: null,
        isActive: false,
        tenantId: 'tenant-1',
      },
    ]);
    expect(await screen.findByText('Estate')).toBeTruthy();
  });

  it('deletes after a confirmation naming the price list', async () => {
    renderTenantPage('/sole/price-lists', [
      on('GET', LIST, () => json([aPriceList()])),
      on('DELETE', `${LIST}/pl-1`, () => new Response(null, { status: 204 })),
    ]);
    const row = (await screen.findByText('Scuole 2025')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));

    await answerDeleteConfirmation("Delete price list 'Scuole 2025'?", 'Are you sure you want to delete this price list?', 'Delete');
    expect(await screen.findByText('Price list deleted successfully')).toBeTruthy();
  });
});
