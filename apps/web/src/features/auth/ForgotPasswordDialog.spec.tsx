import { fireEvent, screen, waitFor } from '@testing-library/react';
import { gatewayError, json, on, stubGateway } from '../../test/gateway-stub';
import { renderWithProviders } from '../../test/render-app';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';

function emailField() {
  return screen.getByLabelText(/Indirizzo Email/) as HTMLInputElement;
}

describe(ForgotPasswordDialog.name, () => {
  it('shows the spec texts', () => {
    stubGateway();
    renderWithProviders(<ForgotPasswordDialog open onClose={jest.fn()} />);

    expect(screen.getByRole('dialog', { name: 'Recupera Password' })).toBeTruthy();
    expect(screen.getByText('Inserisci il tuo indirizzo email per ricevere un link di reset della password.')).toBeTruthy();
    expect(emailField().type).toBe('email');
    expect(emailField().required).toBe(true);
    expect(emailField().placeholder).toBe('nome@esempio.it');
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invia Email' })).toBeTruthy();
  });

  it('asks for an address when the field is blank after trimming', async () => {
    const { requests } = stubGateway();
    renderWithProviders(<ForgotPasswordDialog open onClose={jest.fn()} />);

    fireEvent.change(emailField(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia Email' }));

    expect(await screen.findByText('Email richiesta')).toBeTruthy();
    expect(screen.getByText('Inserisci il tuo indirizzo email.')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('sends the trimmed address, confirms without revealing the account, closes and clears', async () => {
    const onClose = jest.fn();
    const { requests } = stubGateway(on('POST', '/api/auth/forgot-password', () => json({ message: 'ok' })));
    renderWithProviders(<ForgotPasswordDialog open onClose={onClose} />);

    fireEvent.change(emailField(), { target: { value: '  mario@sole.it ' } });
    fireEvent.submit(emailField().closest('form') as HTMLFormElement);

    expect(await screen.findByText('Email inviata')).toBeTruthy();
    expect(
      screen.getByText('Se esiste un account con questa email, riceverai un link per reimpostare la password.'),
    ).toBeTruthy();
    expect(JSON.parse(requests[0].body)).toEqual({ email: 'mario@sole.it' });
    expect(onClose).toHaveBeenCalled();
    expect(emailField().value).toBe('');
  });

  it("shows the server's reason, or a generic one, when sending fails", async () => {
    stubGateway(on('POST', '/api/auth/forgot-password', () => new Response(null, { status: 503 })));
    renderWithProviders(<ForgotPasswordDialog open onClose={jest.fn()} />);

    fireEvent.change(emailField(), { target: { value: 'mario@sole.it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia Email' }));

    expect(await screen.findByText('Errore')).toBeTruthy();
    expect(screen.getByText('Si è verificato un errore. Riprova più tardi.')).toBeTruthy();
  });

  it('clears the field when closed', async () => {
    stubGateway(on('POST', '/api/auth/forgot-password', () => gatewayError(400, 'Valid email is required')));
    const onClose = jest.fn();
    renderWithProviders(<ForgotPasswordDialog open onClose={onClose} />);

    fireEvent.change(emailField(), { target: { value: 'mario@sole.it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(emailField().value).toBe('');
  });
});
