import type { WebhookDeliveryView, WebhookView } from '@quotebook/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answerDeleteConfirmation } from '../../test/confirm';
import { gatewayError, json, on } from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
import { DELETE_WEBHOOK_CONFIRMATION, validateWebhookForm, WEBHOOK_FORM_MESSAGES } from './webhook-form';

const LIST = '/api/tenants/tenant-1/webhooks';

const aWebhook = (overrides: Partial<WebhookView> = {}): WebhookView => ({
  id: 'hook-1',
  url: 'https://crm.example.com/hooks/quotebook',
  events: ['quote.sent', 'quote.accepted'],
  secretHint: 'a1b2',
  createdAt: '2026-11-20T09:00:00Z',
  updatedAt: '2026-11-20T09:00:00Z',
  ...overrides,
});

const aDelivery = (overrides: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView => ({
  id: 'delivery-1',
  event: 'quote.accepted',
  quoteId: 'quote-1',
  revision: 2,
  status: 'delivered',
  attempts: 2,
  responseStatus: 200,
  responseBody: 'ok',
  createdAt: '2026-11-21T10:00:00Z',
  lastAttemptAt: '2026-11-21T10:00:04Z',
  ...overrides,
});

/** The row of the table that shows `text`. */
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

afterEach(() => jest.restoreAllMocks());

describe(validateWebhookForm.name, () => {
  it.each([
    [{ url: '', events: [], secret: '' }, false, { url: WEBHOOK_FORM_MESSAGES.urlRequired, events: WEBHOOK_FORM_MESSAGES.eventsRequired, secret: WEBHOOK_FORM_MESSAGES.secretRequired }],
    [{ url: 'ftp://example.com', events: ['quote.sent'], secret: 's' }, false, { url: WEBHOOK_FORM_MESSAGES.urlInvalid }],
    [{ url: 'example.com/hook', events: ['quote.sent'], secret: 's' }, false, { url: WEBHOOK_FORM_MESSAGES.urlInvalid }],
    [{ url: 'https://example.com/hook', events: ['quote.sent'], secret: 's' }, false, {}],
    // an edit keeps the secret when none is typed
    [{ url: 'https://example.com/hook', events: ['quote.viewed'], secret: '' }, true, {}],
    [{ url: 'https://example.com/hook', events: ['quote.viewed'], secret: 'x'.repeat(201) }, true, { secret: WEBHOOK_FORM_MESSAGES.secretTooLong }],
  ] as const)('%j (editing: %s) → %j', (values, editing, errors) => {
    expect(validateWebhookForm({ ...values, events: [...values.events] }, editing)).toEqual(errors);
  });
});

describe('webhooks page', () => {
  it('lists the endpoints with their events and the secret hidden but for its last 4 characters', async () => {
    renderTenantPage('/sole/webhooks', [on('GET', LIST, () => json([aWebhook()]))]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy();
    const row = await rowOf('https://crm.example.com/hooks/quotebook');
    expect(within(row).getByText('quote.sent, quote.accepted')).toBeTruthy();
    expect(within(row).getByText('••••a1b2')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Webhooks' }).getAttribute('aria-selected')).toBe('true');
  });

  it("says 'No webhooks configured' when there are none", async () => {
    renderTenantPage('/sole/webhooks', [on('GET', LIST, () => json([]))]);
    expect(await screen.findByText('No webhooks configured')).toBeTruthy();
  });

  it('adds an endpoint with the events ticked and a secret, then shows it', async () => {
    const webhooks: WebhookView[] = [];
    const { requests } = renderTenantPage('/sole/webhooks', [
      on('GET', LIST, () => json(webhooks)),
      on('POST', LIST, (request) => {
        const body = JSON.parse(request.body);
        webhooks.push(aWebhook({ id: 'hook-2', url: body.url, events: body.events, secretHint: body.secret.slice(-4) }));
        return json(webhooks[0], 201);
      }),
    ]);
    await screen.findByText('No webhooks configured');

    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Webhook' });
    // every event is ticked to start with
    for (const event of ['quote.sent', 'quote.viewed', 'quote.accepted', 'quote.declined']) {
      expect((within(dialog).getByRole('checkbox', { name: new RegExp(`^${event.replace('.', '\\.')}`) }) as HTMLInputElement).checked).toBe(true);
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Webhook' }));
    expect(within(dialog).getByText(WEBHOOK_FORM_MESSAGES.urlRequired)).toBeTruthy();
    expect(within(dialog).getByText(WEBHOOK_FORM_MESSAGES.secretRequired)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^URL/), { target: { value: ' https://hooks.example.com/q ' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^quote\.viewed/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^quote\.declined/ }));
    fireEvent.change(within(dialog).getByLabelText(/^Secret/), { target: { value: 'my-secret-9z9z' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Webhook' }));

    expect(await screen.findByText('Webhook created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LIST)).toEqual([expect.objectContaining({ url: 'https://hooks.example.com/q', events: ['quote.sent', 'quote.accepted'], secret: 'my-secret-9z9z' })]);
    const row = await rowOf('https://hooks.example.com/q');
    expect(within(row).getByText('••••9z9z')).toBeTruthy();
  });

  it("shows the server's refusal of a private address under the URL", async () => {
    renderTenantPage('/sole/webhooks', [
      on('GET', LIST, () => json([])),
      on('POST', LIST, () => gatewayError(400, ['url must not point to a private, loopback or link-local address'], 'Bad Request', 'VALIDATION_FAILED')),
    ]);
    await screen.findByText('No webhooks configured');
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Webhook' });
    fireEvent.change(within(dialog).getByLabelText(/^URL/), { target: { value: 'http://192.168.1.10/hook' } });
    fireEvent.change(within(dialog).getByLabelText(/^Secret/), { target: { value: 'k' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Webhook' }));

    expect(await within(dialog).findByText(/url must not point to a private, loopback or link-local address/)).toBeTruthy();
  });

  it('edits an endpoint without sending the secret unless a new one is typed', async () => {
    const { requests } = renderTenantPage('/sole/webhooks', [
      on('GET', LIST, () => json([aWebhook()])),
      on('PUT', `${LIST}/hook-1`, (request) => json(aWebhook({ events: JSON.parse(request.body).events }))),
    ]);
    const row = await rowOf('https://crm.example.com/hooks/quotebook');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Webhook' });
    expect(within(dialog).getByText('Leave empty to keep the current secret (…a1b2)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^quote\.declined/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Webhook updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', `${LIST}/hook-1`)).toEqual([
      { url: 'https://crm.example.com/hooks/quotebook', events: ['quote.sent', 'quote.accepted', 'quote.declined'] },
    ]);
  });

  it("shows an endpoint's deliveries with status, attempts and the HTTP status", async () => {
    renderTenantPage('/sole/webhooks', [
      on('GET', LIST, () => json([aWebhook()])),
      on('GET', `${LIST}/hook-1/deliveries`, () =>
        json([
          aDelivery(),
          aDelivery({ id: 'delivery-0', event: 'quote.sent', revision: 1, status: 'failed', attempts: 6, responseStatus: 503, responseBody: 'Service Unavailable' }),
        ]),
      ),
    ]);
    const row = await rowOf('https://crm.example.com/hooks/quotebook');
    fireEvent.click(within(row).getByRole('button', { name: 'Deliveries' }));

    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    const table = await within(dialog).findByRole('table', { name: 'Deliveries' });
    const lines = within(table).getAllByRole('row').slice(1).map((line) => within(line).getAllByRole('cell').slice(0, 5).map((cell) => cell.textContent));
    expect(lines).toEqual([
      ['quote.accepted', 'rev. 2', 'Consegnato', '2', '200'],
      ['quote.sent', 'rev. 1', 'Fallito', '6', '503'],
    ]);
    expect(within(table).getByText('Service Unavailable')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deliveries' })).toBeNull());
  });

  it('deletes only after a confirmation that names the endpoint and starts on Cancel', async () => {
    let webhooks = [aWebhook()];
    const { requests } = renderTenantPage('/sole/webhooks', [
      on('GET', LIST, () => json(webhooks)),
      on('DELETE', `${LIST}/hook-1`, () => {
        webhooks = [];
        return new Response(null, { status: 204 });
      }),
    ]);
    fireEvent.click(within(await rowOf('https://crm.example.com/hooks/quotebook')).getByRole('button', { name: 'Delete' }));
    await answerDeleteConfirmation("Delete webhook 'https://crm.example.com/hooks/quotebook'?", DELETE_WEBHOOK_CONFIRMATION, 'Cancel');
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(within(await rowOf('https://crm.example.com/hooks/quotebook')).getByRole('button', { name: 'Delete' }));
    await answerDeleteConfirmation("Delete webhook 'https://crm.example.com/hooks/quotebook'?", DELETE_WEBHOOK_CONFIRMATION, 'Delete');
    expect(await screen.findByText('No webhooks configured')).toBeTruthy();
  });
});
