import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aTenant, aUser, gatewayError, json, on, stubGateway } from '../../test/gateway-stub';
import { renderWithProviders } from '../../test/render-app';
import { CreateTenantDialog } from './CreateTenantDialog';

const superadmin = aUser({ id: 'sa', username: 'admin', role: 'superadmin', tenantId: null });
const session = { token: 'token-sa', user: superadmin };
const me = on('GET', '/api/auth/me', () => json(superadmin));

function field(label: RegExp) {
  return within(screen.getByRole('dialog')).getByLabelText(label);
}

/** A tenant every rule accepts, by the label of the field each value is typed into. */
const VALID_TENANT: ReadonlyArray<[label: RegExp, field: string, value: string]> = [
  [/Tenant Name/, 'name', 'Agenzia Sole'],
  [/Keyword/, 'keyword', 'sole'],
  [/Expiry Date/, 'expiryDate', '2030-12-31'],
  [/Full Name/, 'adminName', 'Mario Rossi'],
  [/^Email/, 'adminEmail', 'mario@sole.it'],
  [/^Username/, 'adminUsername', 'sole'],
  [/^Password/, 'adminPassword', 'secret1'],
];

function fillValidForm() {
  for (const [label, , value] of VALID_TENANT) fireEvent.change(field(label), { target: { value } });
}

afterEach(() => jest.restoreAllMocks());

describe(CreateTenantDialog.name, () => {
  it('shows the public address and keeps Italian checked and locked', () => {
    stubGateway(me);
    renderWithProviders(<CreateTenantDialog onClose={jest.fn()} />, session);

    fireEvent.change(field(/Keyword/), { target: { value: 'sole' } });
    expect(screen.getByText(`Public address: ${window.location.host}/sole`)).toBeTruthy();
    const italian = field(/Italiano/) as HTMLInputElement;
    expect(italian.checked).toBe(true);
    expect(italian.disabled).toBe(true);
    expect((field(/Enabled/) as HTMLInputElement).checked).toBe(true);
  });

  it('names every broken rule and sends nothing', async () => {
    const { requests } = stubGateway(me);
    renderWithProviders(<CreateTenantDialog onClose={jest.fn()} />, session);

    fireEvent.change(field(/Full Name/), { target: { value: 'M' } });
    fireEvent.change(field(/^Email/), { target: { value: 'not-an-email' } });
    fireEvent.change(field(/^Username/), { target: { value: 'ab' } });
    fireEvent.change(field(/^Password/), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Tenant' }));

    expect(await screen.findByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Valid email is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Tenant name is required')).toBeTruthy();
    expect(screen.getByText('Keyword is required')).toBeTruthy();
    expect(screen.getByText('Expiry date is required')).toBeTruthy();
    expect(requests.filter((request) => request.path === '/api/tenants')).toEqual([]);
  });

  it('creates the tenant, says so and closes', async () => {
    const onClose = jest.fn();
    const { requests } = stubGateway(me, on('POST', '/api/tenants', () => json(aTenant(), 201)));
    renderWithProviders(<CreateTenantDialog onClose={onClose} />, session);

    fillValidForm();
    fireEvent.click(field(/English/));
    fireEvent.click(screen.getByRole('button', { name: 'Create Tenant' }));

    expect(await screen.findByText('Tenant and admin user created successfully')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    const sent = JSON.parse(requests.find((request) => request.path === '/api/tenants')?.body ?? '{}');
    expect(sent).toEqual({
      ...Object.fromEntries(VALID_TENANT.map(([, name, value]) => [name, value])),
      languages: ['it', 'en'],
      enabled: true,
    });
  });

  it("shows the server's reason when the tenant cannot be created", async () => {
    stubGateway(me, on('POST', '/api/tenants', () => gatewayError(503, 'tenancy did not answer', 'Service Unavailable')));
    renderWithProviders(<CreateTenantDialog onClose={jest.fn()} />, session);

    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create Tenant' }));

    await waitFor(() => expect(screen.getByText('tenancy did not answer')).toBeTruthy());
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('shows a keyword another agency uses on the keyword field, by the reason the server gives', async () => {
    const onClose = jest.fn();
    stubGateway(
      me,
      on('POST', '/api/tenants', () => gatewayError(409, 'Keyword already exists', 'Conflict', 'KEYWORD_TAKEN')),
    );
    renderWithProviders(<CreateTenantDialog onClose={onClose} />, session);

    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create Tenant' }));

    const keyword = field(/Keyword/);
    await waitFor(() => expect(keyword.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(keyword.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Keyword already exists');
    expect(screen.queryByText('Error')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
