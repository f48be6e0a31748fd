import type { CustomerView } from '@quotebook/contracts';
import { LOOP_MESSAGES, MESSAGES } from '@quotebook/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCustomer, aLayout, aTenant, aUser, gatewayError, json, on, stubGateway, type GatewayHandler, type RecordedRequest } from '../../test/gateway-stub';
import { renderWithProviders } from '../../test/render-app';
import { SendQuoteDialog } from './SendQuoteDialog';

const BASE = '/api/tenants/tenant-1';
const QUOTE_PATH = `${BASE}/quotes/quote-00000000a1b2c3`;
const QUOTE = { id: 'quote-00000000a1b2c3', shortId: 'A1B2C3', customerId: 'customer-1', customerName: 'Scuola Dante Alighieri' };
const LINK = 'https://quotebook.example/q/abcdefghijklmnopqrstuv';

const breve = aLayout({ id: 'layout-2', name: 'Breve', isDefault: false });

/** A preview of the document in the language asked: its words say which. */
const preview: GatewayHandler = (request) => {
  if (request.method !== 'POST' || request.path !== `${QUOTE_PATH}/generate-document`) return undefined;
  const body = JSON.parse(request.body);
  return new Response(`<html><head></head><body>${body.layoutId} ${body.language}</body></html>`, { headers: { 'content-type': 'text/html' } });
};

function renderDialog(customer: CustomerView, send: (request: RecordedRequest) => Response | Promise<Response>, onClose = jest.fn()) {
  const user = aUser();
  const gateway = stubGateway(
    on('POST', `${QUOTE_PATH}/send`, send),
    preview,
    on('GET', BASE, () => json(aTenant({ languages: ['it', 'en', 'de'] }))),
    on('GET', `${BASE}/customers`, () => json([customer])),
    on('GET', `${BASE}/quote-layouts`, () => json([breve, aLayout()])),
    on('GET', '/api/auth/me', () => json(user)),
  );
  renderWithProviders(<SendQuoteDialog tenantId="tenant-1" quote={QUOTE} onClose={onClose} />, { token: 'token-1', user });
  return { ...gateway, onClose };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const sends = (requests: RecordedRequest[]) => requests.filter((request) => request.path === `${QUOTE_PATH}/send`).map((request) => JSON.parse(request.body));
const helperOf = (label: string) => {
  const input = screen.getByRole('textbox', { name: label });
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
};

describe('SendQuoteDialog', () => {
  it('prefills the customer, checks the fields, shows the server\'s refusals and sends', async () => {
    let answer: () => Response | Promise<Response> = () => gatewayError(400, [LOOP_MESSAGES.customerHasNoEmail], 'Bad Request', 'VALIDATION_FAILED');
    const { requests } = renderDialog(aCustomer({ language: 'en' }), () => answer());

    const dialog = await screen.findByRole('dialog', { name: 'Invia al cliente' });
    // the customer's e-mail, the default layout, the customer's language; the preview in that layout and language
    expect((await within(dialog).findByRole('textbox', { name: 'Destinatario' }) as HTMLInputElement).value).toBe('segreteria@dante.it');
    expect((within(dialog).getByRole('combobox', { name: 'Layout' }) as HTMLSelectElement).value).toBe('layout-1');
    expect((within(dialog).getByRole('combobox', { name: 'Lingua' }) as HTMLSelectElement).value).toBe('en');
    const frame = await within(dialog).findByTitle('Anteprima del preventivo #A1B2C3');
    expect(frame.getAttribute('srcdoc')).toContain('layout-1 en');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Lingua' }), { target: { value: 'de' } });
    await waitFor(() => expect(within(dialog).getByTitle('Anteprima del preventivo #A1B2C3').getAttribute('srcdoc')).toContain('layout-1 de'));

    // the dialog's own checks: nothing is sent; a message goes once its field is right
    type('Destinatario', '');
    type('Cc', 'ufficio@dante.it, sbagliato');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect(helperOf('Destinatario')).toBe(MESSAGES.emailRequired);
    expect(helperOf('Cc')).toBe(`${MESSAGES.emailInvalid}: sbagliato`);
    type('Destinatario', 'preside@dante.it');
    expect(helperOf('Destinatario')).toBe('');
    type('Cc', 'ufficio@dante.it; vice@dante.it');
    expect(helperOf('Cc')).toBe('Più indirizzi separati da virgola');
    type('Messaggio', 'Ecco la nostra proposta');
    // Enter in a field does not send
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Destinatario' }), { key: 'Enter' });
    expect(sends(requests)).toEqual([]);

    // a 400 goes under the field it is about, and stays until that field changes
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(helperOf('Destinatario')).toBe(LOOP_MESSAGES.customerHasNoEmail));
    expect(sends(requests)).toEqual([
      { to: 'preside@dante.it', cc: ['ufficio@dante.it', 'vice@dante.it'], message: 'Ecco la nostra proposta', layoutId: 'layout-1', language: 'de' },
    ]);

    // the mailer down: said in the dialog, nothing lost
    answer = () => gatewayError(503, LOOP_MESSAGES.mailerUnavailable, 'Service Unavailable', 'MAILER_UNAVAILABLE');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(LOOP_MESSAGES.mailerUnavailable);
    expect(helperOf('Destinatario')).toBe('');

    // while sending the button waits; then the toast, and the link with its copy button
    let release: (response: Response) => void = () => undefined;
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia' }));
    const waiting = await within(dialog).findByRole('button', { name: 'Invio...' });
    expect(waiting.hasAttribute('disabled')).toBe(true);
    await act(async () => release(json({ revision: 2, link: LINK, sentAt: '2026-03-12T09:30:00.000Z' }, 201)));
    expect(await screen.findByText('Preventivo inviato (rev. 2)')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Link per il cliente' }) as HTMLInputElement).value).toBe(LINK);
    expect(within(dialog).getByRole('button', { name: 'Copia link' })).toBeTruthy();
    expect(sends(requests)).toHaveLength(3);
  });

  it('asks for a recipient when the customer has none, and asks before Escape throws typed text away', async () => {
    const { requests, onClose } = renderDialog(aCustomer({ email: '', language: 'fr' }), () => json({}, 500));

    const dialog = await screen.findByRole('dialog', { name: 'Invia al cliente' });
    expect((await within(dialog).findByRole('textbox', { name: 'Destinatario' }) as HTMLInputElement).value).toBe('');
    // a language the agency does not offer: its first one
    expect((within(dialog).getByRole('combobox', { name: 'Lingua' }) as HTMLSelectElement).value).toBe('it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect(helperOf('Destinatario')).toBe(LOOP_MESSAGES.customerHasNoEmail);

    type('Messaggio', 'Buongiorno');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const question = await screen.findByRole('dialog', { name: 'Scartare le modifiche?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Continua a modificare' }));
    await waitFor(() => expect(question.isConnected).toBe(false));
    expect(onClose).not.toHaveBeenCalled();
    type('Messaggio', '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sends(requests)).toEqual([]);
  });
});
