import { fireEvent, screen } from '@testing-library/react';
import { aTenant, gatewayError, json, on } from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';

const SETTINGS = '/api/tenants/tenant-1/settings';
const LABEL = 'Mostra costi e margini agli utenti';

afterEach(() => jest.restoreAllMocks());

describe('Impostazioni: costs and margins for the agency’s users', () => {
  it('shows the agency’s choice and saves the switch as it is flipped', async () => {
    const { requests } = renderTenantPage('/sole/settings', [
      on('PATCH', SETTINGS, (request) => json(aTenant({ costVisibleToUsers: JSON.parse(request.body).costVisibleToUsers }))),
    ]);
    const toggle = (await screen.findByRole('switch', { name: LABEL })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);

    fireEvent.click(toggle);
    expect(await screen.findByText('Costi e margini nascosti agli utenti')).toBeTruthy();
    expect(toggle.checked).toBe(false);
    expect(bodiesOf(requests, 'PATCH', SETTINGS)).toEqual([{ costVisibleToUsers: false }]);
  });

  it('goes back when the save fails, with the server’s reason', async () => {
    renderTenantPage('/sole/settings', [on('PATCH', SETTINGS, () => gatewayError(400, 'costVisibleToUsers must be a boolean', 'Bad Request'))]);
    const toggle = (await screen.findByRole('switch', { name: LABEL })) as HTMLInputElement;

    fireEvent.click(toggle);
    expect(await screen.findByText('costVisibleToUsers must be a boolean')).toBeTruthy();
    expect(toggle.checked).toBe(true);
  });
});
