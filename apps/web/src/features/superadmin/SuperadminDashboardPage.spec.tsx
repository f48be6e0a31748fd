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
    // an agency expiring soon is still active
    expect(statValue('Active Tenants')).toBe('2');
    expect(statValue('Total Tenants')).toBe('3');
    expect(statValue('Expiring Soon')).toBe('1');
    expect(statValue('Expired')).toBe('0');
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

  it('counts and filters expired agencies: active, expired and disabled add up to the total', async () => {
    const many = [
      ...Array.from({ length: 13 }, (_, index) => aTenant({ id: `a${index}`, name: `Attiva ${index}`, keyword: `attiva-${index}` })),
      aTenant({ id: 'e1', name: 'Quasi Scaduta', keyword: 'quasi', status: 'Expiring Soon' }),
      aTenant({ id: 'e2', name: 'Presto Scaduta', keyword: 'presto', status: 'Expiring Soon' }),
      aTenant({ id: 'd1', name: 'Monti Viaggi', keyword: 'monti', status: 'Disabled', enabled: false }),
      aTenant({ id: 'x1', name: 'Vecchia Agenzia', keyword: 'vecchia', status: 'Expired', expiryDate: '2024-01-31' }),
    ];
    stubGateway(me, on('GET', '/api/tenants', () => json(many)));
    renderApp('/superadmin/dashboard', session);
    await screen.findByText('Vecchia Agenzia');

    expect(statValue('Active Tenants')).toBe('15');
    expect(statValue('Expired')).toBe('1');
    expect(statValue('Disabled')).toBe('1');
    expect(statValue('Total Tenants')).toBe('17');
    expect(statValue('Expiring Soon')).toBe('2');

    const status = screen.getByLabelText('Status');
    fireEvent.change(status, { target: { value: 'expired' } });
    expect(screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      'Vecchia Agenzia',
    ]);
    fireEvent.change(status, { target: { value: 'active' } });
    expect(screen.getAllByRole('row')).toHaveLength(1 + 15);
    expect(screen.queryByText('Vecchia Agenzia')).toBeNull();
  });

  it('warns before saving that a new keyword stops the old address from working', async () => {
    const { requests } = stubGateway(
      me,
      on('GET', '/api/tenants', () => json(tenants)),
      on('GET', '/api/tenants/t1/admin', () => json({ id: 'a1', username: 'soleadmin', name: 'Mario Rossi', email: 'mario@sole.it' })),
      on('PUT', '/api/tenants/t1', () => json({ ...tenants[0], keyword: 'sole-viaggi' })),
    );
    renderApp('/superadmin/dashboard', session);
    fireEvent.click(within((await screen.findByText('Agenzia Sole')).closest('tr') as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tenant: Agenzia Sole' });
    await waitFor(() => expect((within(dialog).getByLabelText(/^Username/) as HTMLInputElement).value).toBe('soleadmin'));
    const host = window.location.host;
    expect(within(dialog).queryByText(/will stop working/)).toBeNull();

    fireEvent.change(within(dialog).getByLabelText(/Keyword/), { target: { value: 'sole-viaggi' } });

    const warning = `Changing the keyword moves the agency's address: ${host}/sole will stop working (bookmarks and links to it will show Tenant Not Found) and its users will sign in at ${host}/sole-viaggi.`;
    expect(within(dialog).getByText(warning)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change Keyword' });
    expect(within(confirm).getByText(`${warning} Save the new keyword?`)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Keyword' })).toBeNull());
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Change Keyword' })).getByRole('button', { name: 'Change Keyword' }));

    expect(await screen.findByText('Tenant updated successfully')).toBeTruthy();
    const body = JSON.parse(requests.find((request) => request.method === 'PUT')?.body ?? '{}');
    expect(body.keyword).toBe('sole-viaggi');
  });

  it('shows a keyword already taken on the keyword field of the edit dialog', async () => {
    stubGateway(
      me,
      on('GET', '/api/tenants', () => json(tenants)),
      on('GET', '/api/tenants/t1/admin', () => json({ id: 'a1', username: 'soleadmin', name: 'Mario Rossi', email: 'mario@sole.it' })),
      on('PUT', '/api/tenants/t1', () => gatewayError(409, 'Keyword already exists', 'Conflict', 'KEYWORD_TAKEN')),
    );
    renderApp('/superadmin/dashboard', session);
    fireEvent.click(within((await screen.findByText('Agenzia Sole')).closest('tr') as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tenant: Agenzia Sole' });
    await waitFor(() => expect((within(dialog).getByLabelText(/^Username/) as HTMLInputElement).value).toBe('soleadmin'));

    fireEvent.change(within(dialog).getByLabelText(/Keyword/), { target: { value: 'mareblu' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Change Keyword' })).getByRole('button', { name: 'Change Keyword' }));

    const keyword = within(dialog).getByLabelText(/Keyword/);
    await waitFor(() => expect(keyword.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(keyword.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Keyword already exists');
    expect(screen.queryByText('Failed to update tenant')).toBeNull();
    expect(dialog.isConnected).toBe(true);
  });

  it('opens Create Tenant empty again after a tenant was created', async () => {
    stubGateway(me, on('GET', '/api/tenants', () => json(tenants)), on('POST', '/api/tenants', () => json(aTenant(), 201)));
    renderApp('/superadmin/dashboard', session);
    await screen.findByText('Agenzia Sole');

    fireEvent.click(screen.getByRole('button', { name: 'Create Tenant' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create Tenant' });
    fireEvent.change(within(dialog).getByLabelText(/Tenant Name/), { target: { value: 'Agenzia Nuova' } });
    fireEvent.change(within(dialog).getByLabelText(/Keyword/), { target: { value: 'nuova' } });
    fireEvent.change(within(dialog).getByLabelText(/Expiry Date/), { target: { value: '2030-12-31' } });
    fireEvent.click(within(dialog).getByLabelText(/English/));
    fireEvent.change(within(dialog).getByLabelText(/Full Name/), { target: { value: 'Anna Neri' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'anna@nuova.it' } });
    fireEvent.change(within(dialog).getByLabelText(/^Username/), { target: { value: 'anna' } });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'secret1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tenant' }));
    expect(await screen.findByText('Tenant and admin user created successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Tenant' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Create Tenant' }));
    dialog = await screen.findByRole('dialog', { name: 'Create Tenant' });
    expect((within(dialog).getByLabelText(/Tenant Name/) as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByLabelText(/English/) as HTMLInputElement).checked).toBe(false);
    expect((within(dialog).getByLabelText(/Italiano/) as HTMLInputElement).checked).toBe(true);
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
