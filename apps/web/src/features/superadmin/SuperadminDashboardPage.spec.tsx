import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aTenant, aUser, gatewayError, json, on, stubGateway } from '../../test/gateway-stub';
import { renderApp } from '../../test/render-app';

const superadmin = aUser({ id: 'sa', username: 'admin', role: 'superadmin', tenantId: null });
const session = { token: 'token-sa', user: superadmin };
const me = on('GET', '/api/auth/me', () => json(superadmin));

const tenants = [
  aTenant({ id: 't1', name: 'Agenzia Sole', keyword: 'sole', status: 'Active' }),
  aTenant({ id: 't2', name: 'Mare Blu', keyword: 'mareblu', status: 'Expiring Soon', expiryDate: '2025-04-01' }),
  aTenant({ id: 't3', name: 'Monti Viaggi', keyword: 'monti', status: 'Disabled', enabled: false }),
];

function statValue(label: string): string {
  return within(screen.getByRole('article', { name: label })).getAllByText(/\d+/)[0].textContent ?? '';
}

afterEach(() => jest.restoreAllMocks());

describe('SuperadminDashboardPage', () => {
  it('sends anybody but a superadmin to the SuperAdmin login', async () => {
    const admin = aUser();
    stubGateway(on('GET', '/api/auth/me', () => json(admin)));
    const { router } = renderApp('/superadmin/dashboard', { token: 'token-1', user: admin });

    await waitFor(() => expect(router.state.location.pathname).toBe('/superadmin'));
    expect(await screen.findByText('SuperAdmin Access')).toBeTruthy();
  });

  it('shows the header, the stats and one row per tenant', async () => {
    stubGateway(me, on('GET', '/api/tenants', () => json(tenants)));
    renderApp('/superadmin/dashboard', session);

    expect(await screen.findByText('Mare Blu')).toBeTruthy();
    expect(screen.getByText('SUPERADMIN PANEL')).toBeTruthy();
    expect(screen.getByText('admin')).toBeTruthy();
    expect(statValue('Active Tenants')).toBe('1');
    expect(statValue('Total Tenants')).toBe('3');
    expect(statValue('Expiring Soon')).toBe('1');
    expect(statValue('Disabled')).toBe('1');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Tenant', 'Keyword', 'Languages', 'Expiry', 'Status', 'Actions']);
    const row = screen.getByRole('row', { name: /Mare Blu/ });
    expect(within(row).getByText('01/04/2025')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('filters by search text and by status', async () => {
    stubGateway(me, on('GET', '/api/tenants', () => json(tenants)));
    renderApp('/superadmin/dashboard', session);
    await screen.findByText('Mare Blu');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'monti' } });
    expect(screen.queryByText('Mare Blu')).toBeNull();
    expect(screen.getByText('Monti Viaggi')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'expiring' } });
    expect(screen.getByText('Mare Blu')).toBeTruthy();
    expect(screen.queryByText('Agenzia Sole')).toBeNull();
  });

  it('says when there are no tenants yet', async () => {
    stubGateway(me, on('GET', '/api/tenants', () => json([])));
    renderApp('/superadmin/dashboard', session);

    expect(await screen.findByText('No tenants found. Create your first tenant to get started.')).toBeTruthy();
  });

  it('reports a list that cannot be loaded', async () => {
    stubGateway(me, on('GET', '/api/tenants', () => gatewayError(503, 'tenancy did not answer')));
    renderApp('/superadmin/dashboard', session);

    expect(await screen.findByText('Failed to fetch tenants')).toBeTruthy();
  });

  it('deletes a tenant after confirmation and refreshes the list', async () => {
    let remaining = tenants;
    const { requests } = stubGateway(
      me,
      on('GET', '/api/tenants', () => json(remaining)),
      on('DELETE', '/api/tenants/t2', () => {
        remaining = tenants.filter((tenant) => tenant.id !== 't2');
        return new Response(null, { status: 204 });
      }),
    );
    renderApp('/superadmin/dashboard', session);
    const row = (await screen.findByText('Mare Blu')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(
      within(confirm).getByText('Are you sure you want to delete this tenant? This action cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Tenant Deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Mare Blu')).toBeNull());
    expect(requests.filter((request) => request.path === '/api/tenants' && request.method === 'GET')).toHaveLength(2);
  });

  it('edits a tenant with its admin prefilled; an empty password keeps the current one', async () => {
    const { requests } = stubGateway(
      me,
      on('GET', '/api/tenants', () => json(tenants)),
      on('GET', '/api/tenants/t1/admin', () =>
        json({ id: 'a1', username: 'soleadmin', name: 'Mario Rossi', email: 'mario@sole.it' }),
      ),
      on('PUT', '/api/tenants/t1', () => json(tenants[0])),
    );
    renderApp('/superadmin/dashboard', session);
    const row = (await screen.findByText('Agenzia Sole')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tenant: Agenzia Sole' });
    await waitFor(() => expect((within(dialog).getByLabelText(/^Username/) as HTMLInputElement).value).toBe('soleadmin'));
    expect(within(dialog).getByPlaceholderText('Leave empty to keep current password')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Tenant updated successfully')).toBeTruthy();
    const body = JSON.parse(requests.find((request) => request.method === 'PUT')?.body ?? '{}');
    expect(body).toEqual(expect.objectContaining({ adminUsername: 'soleadmin', adminPassword: '', keyword: 'sole' }));
  });

  it('deletes a tenant from its edit dialog after confirmation', async () => {
    let remaining = tenants;
    stubGateway(
      me,
      on('GET', '/api/tenants', () => json(remaining)),
      on('GET', '/api/tenants/t3/admin', () => gatewayError(404, 'Admin not found')),
      on('DELETE', '/api/tenants/t3', () => {
        remaining = tenants.filter((tenant) => tenant.id !== 't3');
        return new Response(null, { status: 204 });
      }),
    );
    renderApp('/superadmin/dashboard', session);
    const row = (await screen.findByText('Monti Viaggi')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tenant: Monti Viaggi' });
    // the admin lookup failed: its fields stay empty
    await waitFor(() => expect(within(dialog).queryByLabelText('Loading admin user')).toBeNull());
    expect((within(dialog).getByLabelText(/^Username/) as HTMLInputElement).value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Tenant' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Tenant' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Tenant deleted successfully')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Monti Viaggi')).toBeNull());
  });
});
