import type { UserView } from '@quotebook/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, gatewayError, json, on } from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage, soleAdmin } from '../../test/tenant-page';
import { resetViewport, setViewportWidth } from '../../test/viewport';
import { filterUsers, userRequestFrom, validateUserForm, type UserFormValues } from './user-form';

const LIST = '/api/tenants/tenant-1/users';
const clerk = aUser({ id: 'user-2', username: 'giulia', name: 'Giulia Bianchi', email: 'giulia@sole.it', role: 'tenant_user' });

const valid: UserFormValues = { name: 'Giulia Bianchi', username: 'giulia', email: 'giulia@sole.it', password: 'secret1', role: 'tenant_user' };

afterEach(() => {
  jest.restoreAllMocks();
  resetViewport();
});

describe('user form', () => {
  it('names every broken rule on create', () => {
    expect(validateUserForm({ name: 'G', username: 'gi', email: 'giulia@', password: '123', role: 'tenant_user' }, 'create')).toEqual({
      name: 'Name must be at least 2 characters',
      username: 'Username must be at least 3 characters',
      email: 'Valid email is required',
      password: 'Password must be at least 6 characters',
    });
  });

  it('keeps the current password when it is left empty on edit', () => {
    expect(validateUserForm({ ...valid, password: '' }, 'edit')).toEqual({});
    expect(validateUserForm({ ...valid, password: '' }, 'create')).toEqual({ password: 'Password must be at least 6 characters' });
    expect(userRequestFrom({ ...valid, password: '' })).not.toHaveProperty('password');
  });

  it('searches name, username and email', () => {
    expect(filterUsers([soleAdmin, clerk], 'BIANCHI')).toEqual([clerk]);
    expect(filterUsers([soleAdmin, clerk], 'mario@')).toEqual([soleAdmin]);
  });
});

describe('users page', () => {
  it('shows name, username, email, role badge and Active; no delete for the signed-in user', async () => {
    renderTenantPage('/sole/users', [on('GET', LIST, () => json([soleAdmin, clerk]))]);

    const mine = (await screen.findByText('Mario Rossi', { selector: 'p' })).closest('tr') as HTMLElement;
    expect(within(mine).getByText('@mario')).toBeTruthy();
    expect(within(mine).getByText('Tenant Admin')).toBeTruthy();
    expect(within(mine).getByText('Active')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Delete' })).toBeNull();
    const other = screen.getByText('Giulia Bianchi').closest('tr') as HTMLElement;
    expect(within(other).getByText('giulia@sole.it')).toBeTruthy();
    expect(within(other).getByText('Tenant User')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Delete' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'giulia' } });
    expect(screen.queryByText('@mario')).toBeNull();
  });

  it("says 'No users yet' when the team is empty", async () => {
    renderTenantPage('/sole/users', [on('GET', LIST, () => json([]))]);

    expect(await screen.findByText('No users yet')).toBeTruthy();
  });

  it('creates a user of this agency with one of the two roles', async () => {
    const team: UserView[] = [soleAdmin];
    const { requests } = renderTenantPage('/sole/users', [
      on('GET', LIST, () => json(team)),
      on('POST', '/api/users', () => {
        team.push(clerk);
        return json(clerk, 201);
      }),
    ]);
    await screen.findByText('@mario');

    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    const role = within(dialog).getByLabelText('Role') as HTMLSelectElement;
    expect([...role.options].map((option) => option.text)).toEqual(['Tenant Admin', 'Tenant User']);
    fireEvent.change(within(dialog).getByLabelText('Full Name'), { target: { value: 'Giulia Bianchi' } });
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'giulia' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'giulia@sole.it' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(role, { target: { value: 'tenant_user' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('User created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', '/api/users')).toEqual([{ ...valid, tenantId: 'tenant-1' }]);
    expect(await screen.findByText('@giulia')).toBeTruthy();
  });

  it('edits without a password when left empty, and shows a refusal with its reason', async () => {
    let refuse = true;
    const { requests } = renderTenantPage('/sole/users', [
      on('GET', LIST, () => json([soleAdmin, clerk])),
      on('PUT', '/api/users/user-2', (request) =>
        refuse ? gatewayError(409, 'Email already in use', 'Conflict') : json({ ...clerk, ...JSON.parse(request.body) }),
      ),
    ]);
    const row = (await screen.findByText('@giulia')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User: Giulia Bianchi' });
    const password = within(dialog).getByLabelText('Password') as HTMLInputElement;
    expect(password.placeholder).toBe('Leave empty to keep current password');
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'tenant_admin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update user')).toBeTruthy();
    expect(screen.getByText('Email already in use')).toBeTruthy();

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', '/api/users/user-2')[1]).toEqual({
      username: 'giulia',
      name: 'Giulia Bianchi',
      email: 'giulia@sole.it',
      role: 'tenant_admin',
    });
  });

  it('shows a taken username on the Username field, not in a toast', async () => {
    renderTenantPage('/sole/users', [
      on('GET', LIST, () => json([soleAdmin])),
      on('POST', '/api/users', () => gatewayError(409, 'Username already exists', 'Conflict', 'USERNAME_TAKEN')),
    ]);
    await screen.findByText('@mario');

    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    fireEvent.change(within(dialog).getByLabelText('Full Name'), { target: { value: 'Mario Verdi' } });
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'mario' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'verdi@sole.it' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));

    const username = within(dialog).getByLabelText('Username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(username.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(username.getAttribute('aria-describedby') as string)?.textContent).toBe('Username already exists');
    expect(screen.queryByText('Failed to create user')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add User' })).toBeTruthy();
  });

  it('deletes another user after a confirmation naming them, which starts on Cancel', async () => {
    renderTenantPage('/sole/users', [
      on('GET', LIST, () => json([soleAdmin, clerk])),
      on('DELETE', '/api/users/user-2', () => new Response(null, { status: 204 })),
    ]);
    const row = (await screen.findByText('@giulia')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));

    const confirmation = await screen.findByRole('dialog', { name: "Delete user 'Giulia Bianchi'?" });
    expect(within(confirmation).getByText('Are you sure you want to delete this user?')).toBeTruthy();
    expect(document.activeElement).toBe(within(confirmation).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeTruthy();
  });

  it('shows the team as cards with their actions on a 390 px wide screen', async () => {
    setViewportWidth(390);
    renderTenantPage('/sole/users', [on('GET', LIST, () => json([soleAdmin, clerk]))]);

    const card = await screen.findByRole('article', { name: 'Giulia Bianchi' });
    expect(within(card).getByText('giulia@sole.it')).toBeTruthy();
    expect(within(card).getByText('Tenant User')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Mario Rossi' })).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('dialog', { name: 'Edit User: Giulia Bianchi' })).toBeTruthy();
  });
});
