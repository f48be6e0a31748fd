import { screen, within } from '@testing-library/react';
import { aPriceList, json, on } from '../../test/gateway-stub';
import { renderTenantPage } from '../../test/tenant-page';

// An Italian agency reads amounts with a decimal comma and a dot between thousands.
describe('money on the price lists page', () => {
  it('shows reductions the Italian way: € 45,50, € 1.234,50, 12,50%', async () => {
    renderTenantPage('/sole/price-lists', [
      on('GET', '/api/tenants/tenant-1/price-lists', () =>
        json([
          aPriceList({ id: 'pl-1', name: 'Scuole', reductionAmount: '45.50', reductionPercentage: '12.5' }),
          aPriceList({ id: 'pl-2', name: 'Gruppi', reductionAmount: '1234.5', reductionPercentage: null }),
        ]),
      ),
    ]);

    const schools = (await screen.findByText('Scuole')).closest('tr') as HTMLElement;
    expect(within(schools).getByText('€ 45,50')).toBeTruthy();
    expect(within(schools).getByText('12,50%')).toBeTruthy();
    const groups = screen.getByText('Gruppi').closest('tr') as HTMLElement;
    expect(within(groups).getByText('€ 1.234,50')).toBeTruthy();
    expect(screen.queryByText('€ 45.50')).toBeNull();
  });
});
