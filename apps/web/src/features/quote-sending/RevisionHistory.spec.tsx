import type { QuoteRevisionSummary, QuoteRevisionView, RevisionItemView } from '@quotebook/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aRevisionItem, aUser, json, on, stubGateway } from '../../test/gateway-stub';
import { renderWithProviders } from '../../test/render-app';
import { QuoteSendingPanel } from './QuoteSendingPanel';
import { SendingBadge } from './SendingBadge';

const BASE = '/api/tenants/tenant-1';
const QUOTE_PATH = `${BASE}/quotes/quote-00000000a1b2c3`;

function aRevision(number: number, overrides: Partial<QuoteRevisionSummary> = {}): QuoteRevisionSummary {
  return {
    number,
    sentAt: '2026-03-12T09:30:00.000Z',
    sentTo: 'segreteria@dante.it',
    cc: [],
    sentByName: 'Giulia Bianchi',
    totalAmount: '1000.00',
    language: 'it',
    layoutId: 'layout-1',
    viewCount: 0,
    firstViewedAt: null,
    lastViewedAt: null,
    answer: null,
    ...overrides,
  };
}

function aLine(productId: string, title: string, overrides: Partial<RevisionItemView> = {}): RevisionItemView {
  return aRevisionItem({ productId, title, ...overrides });
}

const revisions = [
  aRevision(1, {
    viewCount: 1,
    firstViewedAt: '2026-03-10T08:00:00.000Z',
    answer: { kind: 'declined', signerName: null, reason: 'Troppo caro', at: '2026-03-10T09:00:00.000Z' },
  }),
  aRevision(2, { sentAt: '2026-03-11T16:05:00.000Z', cc: ['ufficio@dante.it'], totalAmount: '955.00' }),
  aRevision(3, {
    viewCount: 3,
    firstViewedAt: '2026-03-12T10:00:00.000Z',
    totalAmount: '955.00',
    answer: { kind: 'accepted', signerName: 'Mario Rossi', reason: null, at: '2026-03-13T11:00:00.000Z' },
  }),
];

function detailOf(summary: QuoteRevisionSummary, items: RevisionItemView[], gross: string): QuoteRevisionView {
  return {
    ...summary,
    quoteId: 'quote-00000000a1b2c3',
    quote: { id: 'quote-00000000a1b2c3', shortId: 'A1B2C3', number: '2026/0001', subject: null, serviceDate: '2026-05-15', expiryDate: '2026-06-14', status: 'pending', customerId: 'customer-1', customerName: 'Scuola Dante Alighieri' },
    items,
    vatSummary: [],
    totals: { net: '0.00', vat: '0.00', gross, adjustment: null, consumptions: '0.00' },
    templates: [],
  };
}

const colosseo = aLine('product-1', 'Tour del Colosseo');
const uffizi = aLine('product-2', 'Visita Uffizi');
const pranzo = aLine('product-3', 'Pranzo', { chargedParticipants: 20, unitPrice: '22.75', grossPrice: '455.00' });

describe('the sends of a quote', () => {
  it('shows the answer badge, every revision newest first with its views and answer, revokes the link and compares two revisions', async () => {
    const user = aUser();
    const { requests } = stubGateway(
      on('GET', `${QUOTE_PATH}/revisions`, () => json(revisions)),
      on('GET', `${QUOTE_PATH}/revisions/2`, () => json(detailOf(revisions[1], [colosseo, uffizi], '1000.00'))),
      on('GET', `${QUOTE_PATH}/revisions/3`, () => json(detailOf(revisions[2], [aLine('product-1', 'Tour del Colosseo', { quantity: 22, chargedParticipants: 22, grossPrice: '550.00' }), pranzo], '1005.00'))),
      on('DELETE', `${QUOTE_PATH}/link`, () => new Response(null, { status: 204 })),
      on('GET', '/api/auth/me', () => json(user)),
    );
    const quote = { id: 'quote-00000000a1b2c3', shortId: 'A1B2C3', customerId: 'customer-1', customerName: 'Scuola Dante Alighieri', latestRevision: 3, lastSentAt: revisions[2].sentAt, customerAnswer: revisions[2].answer };
    renderWithProviders(<QuoteSendingPanel tenantId="tenant-1" quote={quote} />, { token: 'token-1', user });

    const summary = await screen.findByRole('button', { name: /Invii \(3\)/ });
    expect(within(summary).getByText('Accettato').closest('.MuiChip-colorSuccess')).toBeTruthy();
    expect(within(summary).getByText('Ultimo invio il 12/03/2026 alle 10:30')).toBeTruthy();
    // folded: nothing read until opened
    expect(requests.filter((request) => request.path.startsWith(QUOTE_PATH))).toEqual([]);
    fireEvent.click(summary);

    const list = await screen.findByRole('list', { name: 'Revisioni inviate' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries.map((entry) => entry.getAttribute('aria-label'))).toEqual(['#A1B2C3 rev. 3', '#A1B2C3 rev. 2', '#A1B2C3 rev. 1']);
    expect(within(entries[0]).getByText('Visto il 12/03/2026, 3 volte')).toBeTruthy();
    expect(within(entries[0]).getByText('Accettato da Mario Rossi il 13/03/2026')).toBeTruthy();
    expect(within(entries[0]).getByText('Inviato il 12/03/2026 alle 10:30 a segreteria@dante.it da Giulia Bianchi')).toBeTruthy();
    expect(within(entries[0]).getByText('€ 955,00')).toBeTruthy();
    expect(within(entries[1]).getByText('Non ancora visto')).toBeTruthy();
    expect(within(entries[1]).getByText('In attesa di risposta')).toBeTruthy();
    expect(within(entries[1]).getByText('Inviato il 11/03/2026 alle 17:05 a segreteria@dante.it (cc: ufficio@dante.it) da Giulia Bianchi')).toBeTruthy();
    expect(within(entries[2]).getByText('Visto il 10/03/2026, 1 volta')).toBeTruthy();
    expect(within(entries[2]).getByText('Rifiutato il 10/03/2026: Troppo caro')).toBeTruthy();

    // the revoke asks first, naming the quote, its focus on Annulla
    fireEvent.click(screen.getByRole('button', { name: 'Revoca link' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Revocare il link del preventivo #A1B2C3?' });
    expect(document.activeElement).toBe(within(confirmation).getByRole('button', { name: 'Annulla' }));
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Revoca link' }));
    expect(await screen.findByText('Link revocato')).toBeTruthy();
    await waitFor(() => expect(confirmation.isConnected).toBe(false));
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`${QUOTE_PATH}/link`]);

    // the two latest compared: a line added, one removed, one repriced, the totals
    const compare = screen.getByRole('region', { name: 'Confronto revisioni' });
    expect((within(compare).getByRole('combobox', { name: 'Da' }) as HTMLSelectElement).value).toBe('2');
    expect((within(compare).getByRole('combobox', { name: 'A' }) as HTMLSelectElement).value).toBe('3');
    fireEvent.click(within(compare).getByRole('button', { name: 'Confronta' }));
    const differences = await screen.findByRole('region', { name: 'Differenze tra rev. 2 e rev. 3' });
    const section = (title: string) => within(within(differences).getByRole('heading', { name: title }).parentElement as HTMLElement).getAllByRole('listitem').map((item) => item.textContent);
    expect(section('Righe aggiunte')).toEqual(['Pranzo: 20 × € 22,75 = € 455,00']);
    expect(section('Righe rimosse')).toEqual(['Visita Uffizi: 20 × € 25,00 = € 500,00']);
    expect(section('Righe modificate')).toEqual(['Tour del Colosseo: 20 × € 25,00 = € 500,00 → 22 × € 25,00 = € 550,00']);
    expect(within(differences).getByText('Totale IVA incl.: € 1.000,00 → € 1.005,00 (+€ 5,00)')).toBeTruthy();
  });

  it('badges a quote: accepted in green, declined in red, sent and waiting with its revision, nothing when never sent', async () => {
    renderWithProviders(
      <>
        <SendingBadge quote={{ latestRevision: 2, customerAnswer: { kind: 'accepted', signerName: 'Mario Rossi', reason: null, at: '2026-03-13T11:00:00.000Z' } }} />
        <SendingBadge quote={{ latestRevision: 1, customerAnswer: { kind: 'declined', signerName: null, reason: null, at: '2026-03-13T11:00:00.000Z' } }} />
        <SendingBadge quote={{ latestRevision: 4, customerAnswer: null }} />
        <span data-testid="never-sent">
          <SendingBadge quote={{ latestRevision: null, customerAnswer: null }} />
        </span>
      </>,
    );

    await waitFor(() => expect(screen.getByText('Accettato')).toBeTruthy());
    expect(screen.getByText('Accettato').closest('.MuiChip-root')?.getAttribute('title')).toBe('Accettato da Mario Rossi il 13/03/2026');
    expect(screen.getByText('Rifiutato').closest('.MuiChip-colorError')).toBeTruthy();
    expect(screen.getByText('Inviato rev. 4').closest('.MuiChip-colorInfo')).toBeTruthy();
    expect(screen.getByTestId('never-sent').textContent).toBe('');
  });
});
