import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { aPublicTenant, gatewayError, json, on, stubGateway } from '../../test/gateway-stub';
import { renderApp } from '../../test/render-app';

// the page is its own chunk, loaded once its route matches: wait for it before typing
async function fill(password: string, confirmation: string) {
  fireEvent.change(await screen.findByLabelText(/Nuova Password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/Conferma Password/), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Reimposta Password' }));
}

afterEach(() => jest.useRealTimers());

describe('ResetPasswordPage', () => {
  it("without a token says the link is not valid and leads back to login", async () => {
    stubGateway();
    const { router } = renderApp('/reset-password');

    expect(await screen.findByText('Link Non Valido')).toBeTruthy();
    expect(screen.getByText('Link di reset non valido. Richiedi un nuovo link.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Torna al Login' }));
    expect(await screen.findByText('SuperAdmin Access')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/superadmin');
  });

  it("leads an agency user's link back to that agency's sign-in, never the operator's", async () => {
    stubGateway(on('GET', '/api/tenants/by-keyword/sole', () => json(aPublicTenant())));
    const { router } = renderApp('/reset-password?agency=sole');

    fireEvent.click(await screen.findByRole('button', { name: 'Torna al Login' }));

    expect(await screen.findByRole('heading', { name: 'Agenzia Sole' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sole');
  });

  it('takes an agency name that is no agency address for none', async () => {
    stubGateway();
    const { router } = renderApp('/reset-password?agency=%2F%2Fevil.example');

    fireEvent.click(await screen.findByRole('button', { name: 'Torna al Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/superadmin'));
  });

  it.each([
    ['', '', 'Password richiesta'],
    ['12345', '12345', 'La password deve essere di almeno 6 caratteri.'],
    ['secret1', 'secret2', 'Le password non corrispondono. Riprova.'],
  ])('checks %j / %j: %s', async (password, confirmation, message) => {
    const { requests } = stubGateway();
    renderApp('/reset-password?token=abc');

    await fill(password, confirmation);

    expect(screen.getByText(message)).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('shows and hides what is typed', async () => {
    stubGateway();
    renderApp('/reset-password?token=abc');
    const input = (await screen.findByLabelText(/Nuova Password/)) as HTMLInputElement;

    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostra la password' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Nascondi la password' }));
    expect(input.type).toBe('password');
  });

  it('resets the password, confirms, and returns to / after 2 seconds', async () => {
    jest.useFakeTimers();
    const { requests } = stubGateway(on('POST', '/api/auth/reset-password', () => json({ message: 'ok' })));
    const { router } = renderApp('/reset-password?token=abc');

    await fill('secret1', 'secret1');

    expect(await screen.findByText('Password reimpostata')).toBeTruthy();
    expect(JSON.parse(requests[0].body)).toEqual({ token: 'abc', newPassword: 'secret1' });
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    expect(router.state.location.pathname).toBe('/superadmin');
  });

  it("returns an agency user to the agency's sign-in 2 seconds after the reset", async () => {
    jest.useFakeTimers();
    stubGateway(
      on('POST', '/api/auth/reset-password', () => json({ message: 'ok' })),
      on('GET', '/api/tenants/by-keyword/sole', () => json(aPublicTenant())),
    );
    const { router } = renderApp('/reset-password?token=abc&agency=sole');

    await fill('secret1', 'secret1');
    expect(await screen.findByText('Password reimpostata')).toBeTruthy();
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/sole'));
  });

  it('explains a bad or expired token', async () => {
    stubGateway(on('POST', '/api/auth/reset-password', () => gatewayError(400, 'Token non valido o scaduto. Richiedi un nuovo link di reset.')));
    renderApp('/reset-password?token=old');

    await fill('secret1', 'secret1');

    expect(await screen.findByText('Token non valido o scaduto. Richiedi un nuovo link di reset.')).toBeTruthy();
  });
});
