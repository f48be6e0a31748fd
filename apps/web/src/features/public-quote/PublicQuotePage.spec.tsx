import type { PublicQuoteView, QuoteAnswer } from '@quotebook/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aRevisionItem, aUser, gatewayError, json, on, stubGateway, type GatewayHandler, type RecordedRequest } from '../../test/gateway-stub';
import { renderApp } from '../../test/render-app';
import { resetViewport } from '../../test/viewport';

const TOKEN = 'tok_3f9a1c2e7b5d4f6a8c0e1b2d3f4a5c6e';
const READ = `/api/public/quotes/${TOKEN}`;

function aPublicQuote(overrides: Partial<PublicQuoteView> = {}): PublicQuoteView {
  return {
    agency: {
      name: 'Agenzia Sole',
      logoUrl: null,
      email: 'info@sole.it',
      phone: '+39 06 1234567',
      address: 'Via Roma 1, 00100 Roma',
      vatNumber: 'IT01234567890',
      website: null,
    },
    customer: { name: 'Oxford Travel Ltd', title: null, address: '1 High Street', city: 'Oxford', postalCode: 'OX1 1AA', country: 'United Kingdom' },
    quote: { shortId: 'A1B2C3', number: '2025/0007', subject: 'Spring trip', serviceDate: '2025-05-15', expiryDate: '2025-06-14' },
    revision: 2,
    items: [
      aRevisionItem({ title: 'Colosseum Tour', description: 'Skip-the-line guided visit', netPrice: '500.00', vatAmount: '0.00' }),
      aRevisionItem({
        productId: 'product-2',
        productCode: 'EF34GH',
        title: 'Cooking class',
        quantity: 2,
        chargedParticipants: 4,
        minParticipants: 4,
        unitPrice: '61.00',
        netPrice: '200.00',
        vatAmount: '44.00',
        grossPrice: '244.00',
        vatLabel: '+ IVA 22%',
      }),
    ],
    vatSummary: [{ rate: '22.00', label: 'IVA 22%', net: '609.84', vat: '134.16', gross: '744.00' }],
    total: { net: '609.84', vat: '134.16', gross: '1744.00', adjustment: null, consumptions: '0.00' },
    optionalTotal: '0.00',
    schedule: null,
    templates: [
      {
        templateType: 'condizioni',
        title: 'Terms',
        content: '<p>Payment <strong>on arrival</strong>.</p><script>window.hacked = true</script><p><a href="javascript:alert(1)">tricky</a> <img src="x" onerror="window.hacked = true"></p>',
      },
    ],
    language: 'en',
    answer: null,
    expired: false,
    ...overrides,
  };
}

const acceptedAnswer: QuoteAnswer = { kind: 'accepted', signerName: 'Jane Doe', reason: null, at: '2025-04-20T08:30:00.000Z' };
const declinedAnswer: QuoteAnswer = { kind: 'declined', signerName: null, reason: 'Too expensive', at: '2025-04-20T08:30:00.000Z' };

const readAs = (view: PublicQuoteView): GatewayHandler => on('GET', READ, () => json(view));
const bodyOf = (requests: RecordedRequest[], path: string) => JSON.parse(requests.find((request) => request.path === path)?.body ?? 'null');

function openPage(...handlers: GatewayHandler[]) {
  const stub = stubGateway(...handlers);
  const view = renderApp(`/q/${TOKEN}`);
  return { ...stub, ...view };
}

afterEach(() => {
  jest.restoreAllMocks();
  resetViewport();
  document.documentElement.removeAttribute('lang');
  window.history.replaceState(null, '', '/');
});

describe('PublicQuotePage', () => {
  it('shows an English quote in English: agency, customer, lines, VAT, totals, texts, the PDF, and asks no session', async () => {
    // an agent signed in on this browser opens the link: the page still sends no credentials and asks no session
    window.history.replaceState(null, '', `/q/${TOKEN}`);
    const stub = stubGateway(readAs(aPublicQuote()));
    renderApp(`/q/${TOKEN}`, { token: 'agent-token', user: aUser() });

    expect(await screen.findByRole('heading', { name: 'Quote #A1B2C3' })).toBeTruthy();
    expect(screen.getByText('Agenzia Sole')).toBeTruthy();
    expect(screen.getByText('IT01234567890')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Customer' })).getByText('Oxford Travel Ltd')).toBeTruthy();
    expect(screen.getByText('15 May 2025')).toBeTruthy();
    expect(screen.getByText('14 June 2025')).toBeTruthy();
    expect(screen.getByText('2025/0007 rev. 2')).toBeTruthy();

    const lines = within(screen.getByRole('list', { name: 'Services' })).getAllByRole('listitem');
    expect(lines.map((line) => line.getAttribute('aria-label'))).toEqual(['Colosseum Tour', 'Cooking class']);
    expect(within(lines[0]).getByText('Skip-the-line guided visit')).toBeTruthy();
    expect(within(lines[0]).getByText('20 participants')).toBeTruthy();
    expect(within(lines[0]).getByText('€25.00 per person · VAT included')).toBeTruthy();
    expect(within(lines[0]).getByText('€500.00')).toBeTruthy();
    expect(within(lines[1]).getByText('2 participants (minimum 4: 4 charged)')).toBeTruthy();
    // priced with VAT on top, shown VAT included (4 × €61.00 = €244.00): never "+ VAT" beside a figure holding it
    expect(within(lines[1]).getByText('€61.00 per person · VAT included')).toBeTruthy();
    expect(within(lines[1]).queryByText(/\+ VAT/)).toBeNull();

    const vat = screen.getByRole('table');
    expect(within(vat).getByText('VAT 22%')).toBeTruthy();
    expect(within(vat).getByText('€134.16')).toBeTruthy();
    expect(screen.getByText('Net amount', { selector: 'dt' })).toBeTruthy();
    expect(screen.getByText('Total incl. VAT', { selector: 'dt' }).nextSibling?.textContent).toBe('€1,744.00');

    // the template's text keeps its formatting and loses what could run or fetch
    const terms = screen.getByRole('region', { name: 'Terms' });
    expect(within(terms).getByText('on arrival').tagName).toBe('STRONG');
    expect(terms.querySelector('script, img, [onerror]')).toBeNull();
    expect(within(terms).getByText('tricky').closest('a')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();

    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/api/public/quotes/${TOKEN}/pdf`);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(document.documentElement.getAttribute('lang')).toBe('en');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');

    expect(stub.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${READ}`]);
    expect(stub.requests[0].headers.get('authorization')).toBeNull();
  });

  it('accepts with a typed signature after a confirmation, then shows the answer and no more buttons', async () => {
    const { requests } = openPage(readAs(aPublicQuote()), on('POST', `${READ}/accept`, () => json(acceptedAnswer, 201)));
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));

    // nothing is sent while the name or the consent is missing
    fireEvent.click(screen.getByRole('button', { name: 'Accept the quote' }));
    expect(screen.getByText('Enter your full name')).toBeTruthy();
    expect(screen.getByText('Tick the box to accept')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Full name' }), { target: { value: '  Jane Doe ' } });
    expect(screen.getByTestId('typed-signature').textContent).toBe('Jane Doe');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the quote and its terms' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept the quote' }));

    const confirmation = await screen.findByRole('dialog', { name: 'Confirm your acceptance?' });
    expect(document.activeElement).toBe(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(/^Accepted by Jane Doe on 20 April 2025/)).toBeTruthy();
    expect(bodyOf(requests, `${READ}/accept`)).toEqual({ signerName: 'Jane Doe', consent: true, signature: { type: 'typed', value: 'Jane Doe' }, revision: 2 });
    expect(requests.find((request) => request.method === 'POST')?.headers.get('authorization')).toBeNull();
    expect(screen.queryByRole('button', { name: /Accept|Decline/ })).toBeNull();
  });

  it('declines with a reason after a confirmation', async () => {
    const { requests } = openPage(readAs(aPublicQuote({ language: 'it' })), on('POST', `${READ}/decline`, () => json(declinedAnswer, 201)));
    fireEvent.click(await screen.findByRole('button', { name: 'Rifiuta' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Motivo (facoltativo)' }), { target: { value: 'Too expensive' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rifiuta il preventivo' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confermi il rifiuto?' })).getByRole('button', { name: 'Conferma' }));

    expect(await screen.findByText(/^Rifiutato il 20 aprile 2025/)).toBeTruthy();
    expect(bodyOf(requests, `${READ}/decline`)).toEqual({ reason: 'Too expensive', revision: 2 });
    expect(screen.queryByRole('button', { name: /Accetta|Rifiuta/ })).toBeNull();
    expect(document.documentElement.getAttribute('lang')).toBe('it');
  });

  it('shows a quote answered already with its answer, and an expired one as expired, without buttons', async () => {
    const { unmount } = openPage(readAs(aPublicQuote({ answer: acceptedAnswer })));
    expect(await screen.findByText(/^Accepted by Jane Doe on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    unmount();

    openPage(readAs(aPublicQuote({ language: 'de', expired: true })));
    expect(await screen.findByText('Das Angebot ist abgelaufen')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Angebot #A1B2C3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annehmen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ablehnen' })).toBeNull();
  });

  it('says a link is not valid (404) on a page of its own, and asks to retry shortly on 429', async () => {
    const { unmount } = openPage(on('GET', READ, () => gatewayError(404, 'Questo link non è valido o è stato revocato', 'Not Found', 'NOT_FOUND')));
    expect(await screen.findByRole('heading', { name: 'Questo link non è valido o è stato revocato' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')).toBeTruthy();
    unmount();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();

    let calls = 0;
    openPage(on('GET', READ, () => (++calls === 1 ? gatewayError(429, 'Too Many Requests', 'Too Many Requests', 'RATE_LIMITED') : json(aPublicQuote()))));
    expect(await screen.findByText('Troppe richieste: riprova tra qualche istante.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('heading', { name: 'Quote #A1B2C3' })).toBeTruthy();
  });

  it('reads the quote again when a newer revision was sent meanwhile, and says so', async () => {
    let reads = 0;
    const { requests } = openPage(
      on('GET', READ, () => json(++reads === 1 ? aPublicQuote() : aPublicQuote({ revision: 3 }))),
      on('POST', `${READ}/decline`, () => gatewayError(409, 'superseded', 'Conflict', 'REVISION_SUPERSEDED')),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decline the quote' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm you decline?' })).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('The quote has been updated: please review the new version before answering.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('2025/0007 rev. 3')).toBeTruthy());
    expect(bodyOf(requests, `${READ}/decline`)).toEqual({ reason: null, revision: 2 });
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('shows the answer given elsewhere when the server says the revision is answered', async () => {
    let reads = 0;
    openPage(
      on('GET', READ, () => json(++reads === 1 ? aPublicQuote() : aPublicQuote({ answer: declinedAnswer }))),
      on('POST', `${READ}/decline`, () => gatewayError(409, 'answered', 'Conflict', 'ALREADY_ANSWERED')),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decline the quote' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm you decline?' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/^Declined on 20 April 2025/)).toBeTruthy();
    expect(screen.getByText('Too expensive')).toBeTruthy();
  });

  describe('optional services, free places and the deposit', () => {
    /** An amount beside its label, spaces as typed (Intl writes a no-break space before the euro). */
    const amountBeside = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling?.textContent?.replace(/\s/g, ' ');
    const offer = (overrides: Partial<PublicQuoteView> = {}) =>
      aPublicQuote({
        language: 'it',
        items: [
          aRevisionItem({ itemId: 'item-boat', title: 'Gita in barca', quantity: 21, chargedParticipants: 20, freePlaces: 1, unitPrice: '50.00', grossPrice: '1000.00' }),
          aRevisionItem({ itemId: 'item-dinner', productId: 'product-2', title: 'Cena tipica', optional: true, quantity: 20, chargedParticipants: 20, unitPrice: '30.00', grossPrice: '600.00' }),
          aRevisionItem({ itemId: 'item-wine', productId: 'product-3', title: 'Degustazione vini', optional: true, quantity: 20, chargedParticipants: 20, unitPrice: '12.50', grossPrice: '250.00' }),
        ],
        total: { net: '819.67', vat: '180.33', gross: '1000.00', adjustment: null, consumptions: '0.00' },
        optionalTotal: '850.00',
        schedule: { depositKind: 'percent', depositValue: '30.00', depositAmount: '300.00', balanceAmount: '700.00', balanceDueDate: '2025-04-15' },
        ...overrides,
      });

    it('shows the free places beside the participants, the optional services apart, and the deposit and balance', async () => {
      openPage(readAs(offer()));
      const services = within(await screen.findByRole('list', { name: 'Servizi' })).getAllByRole('listitem');
      expect(services.map((line) => line.getAttribute('aria-label'))).toEqual(['Gita in barca']);
      expect(within(services[0]).getByText('21 partecipanti (20 + 1 gratuità)')).toBeTruthy();
      expect(within(services[0]).getByText('50,00 € a persona · IVA inclusa')).toBeTruthy();

      const optional = screen.getByRole('region', { name: 'Servizi facoltativi' });
      expect(within(optional).getAllByRole('listitem').map((line) => line.getAttribute('aria-label'))).toEqual(['Cena tipica', 'Degustazione vini']);
      expect(within(optional).getByText(/I servizi facoltativi non sono compresi nel totale/)).toBeTruthy();
      expect(amountBeside('Totale IVA incl.')).toBe('1000,00 €');

      const payments = screen.getByRole('region', { name: 'Pagamenti' });
      expect(within(payments).getByText('Acconto 300,00 € alla conferma')).toBeTruthy();
      expect(within(payments).getByText('Saldo 700,00 € entro il 15/04/2025')).toBeTruthy();
    });

    it('adds the ticked optional services to the total and the deposit before the customer confirms, and sends the choice', async () => {
      const answer: QuoteAnswer = { ...acceptedAnswer, optionalLines: [{ itemId: 'item-dinner', title: 'Cena tipica', grossPrice: '600.00' }], acceptedTotal: '1600.00' };
      const { requests } = openPage(readAs(offer()), on('POST', `${READ}/accept`, () => json(answer, 201)));
      fireEvent.click(await screen.findByRole('checkbox', { name: 'Aggiungi Cena tipica' }));

      expect(amountBeside('Servizi facoltativi scelti')).toBe('+600,00 €');
      expect(amountBeside('Totale con i servizi scelti')).toBe('1600,00 €');
      expect(screen.getByText('Acconto 480,00 € alla conferma')).toBeTruthy();
      expect(screen.getByText('Saldo 1120,00 € entro il 15/04/2025')).toBeTruthy();

      // ticked twice is not chosen
      fireEvent.click(screen.getByRole('checkbox', { name: 'Aggiungi Degustazione vini' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Aggiungi Degustazione vini' }));

      fireEvent.click(screen.getByRole('button', { name: 'Accetta' }));
      expect(screen.getByText('Totale con i servizi scelti: 1600,00 €')).toBeTruthy();
      fireEvent.change(screen.getByRole('textbox', { name: 'Nome e cognome' }), { target: { value: 'Jane Doe' } });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Accetto il preventivo e le condizioni' }));
      fireEvent.click(screen.getByRole('button', { name: 'Accetta il preventivo' }));
      const confirmation = await screen.findByRole('dialog', { name: 'Confermi l’accettazione?' });
      expect(within(confirmation).getByText('Totale con i servizi scelti: 1600,00 €')).toBeTruthy();
      fireEvent.click(within(confirmation).getByRole('button', { name: 'Conferma' }));

      expect(await screen.findByText('Totale accettato: 1600,00 €')).toBeTruthy();
      expect(bodyOf(requests, `${READ}/accept`)).toEqual({
        signerName: 'Jane Doe',
        consent: true,
        signature: { type: 'typed', value: 'Jane Doe' },
        revision: 2,
        optionalItemIds: ['item-dinner'],
      });
      // once accepted the choice shows, and can no longer change
      const dinner = screen.getByRole('checkbox', { name: 'Aggiungi Cena tipica' }) as HTMLInputElement;
      expect(dinner.checked).toBe(true);
      expect(dinner.disabled).toBe(true);
    });

    it('offers no choice on a quote answered already or expired', async () => {
      openPage(readAs(offer({ expired: true })));
      expect(await screen.findByText('Il preventivo è scaduto')).toBeTruthy();
      expect((screen.getByRole('checkbox', { name: 'Aggiungi Cena tipica' }) as HTMLInputElement).disabled).toBe(true);
    });
  });
});
