import type { NotificationsView, NotificationView } from '@quotebook/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aTenant, aUser, json, on, stubGateway, type GatewayHandler, type RecordedRequest } from '../../test/gateway-stub';
import { renderWithProviders } from '../../test/render-app';
import { tenantApi } from '../tenant/tenant.api';
import { FIRST_ASK_QUIET_MS, NotificationsBell, NOTIFICATIONS_POLL_MS } from './NotificationsBell';
import { rememberNotifications } from './notifications-memory';

const NOTIFICATIONS = '/api/tenants/tenant-1/notifications';

function aNotification(id: string, overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id,
    kind: 'viewed',
    quoteId: 'quote-00000000a1b2c3',
    quoteShortId: 'A1B2C3',
    quoteNumber: '2026/0001',
    customerName: 'Scuola Dante Alighieri',
    revision: 1,
    createdAt: '2026-03-12T09:30:00.000Z',
    readAt: null,
    ...overrides,
  };
}

const read = (notification: NotificationView): NotificationView => ({ ...notification, readAt: '2026-03-13T08:00:00.000Z' });
const viewOf = (items: NotificationView[]): NotificationsView => ({ unread: items.filter((item) => !item.readAt).length, items });

const accepted = aNotification('n1', { kind: 'accepted', revision: 2, quoteId: 'quote-2', quoteShortId: 'B2C3D4', createdAt: '2026-03-13T10:00:00.000Z' });
const declined = aNotification('n2', { kind: 'declined', customerName: 'Hotel Bellavista', quoteShortId: 'C3D4E5' });
const viewed = read(aNotification('n3'));

/** after the page's own calls, the bell's first ask comes this long after; a findBy waits for it */
const FIRST_ASK = { timeout: FIRST_ASK_QUIET_MS + 2_000 };
// a test waits for the first ask, twice its quiet time for the busy page
jest.setTimeout(2 * FIRST_ASK_QUIET_MS + 10_000);

function renderBell(initial: NotificationView[], ...pageCalls: GatewayHandler[]) {
  let items = initial;
  const user = aUser();
  const gateway = stubGateway(
    ...pageCalls,
    on('GET', NOTIFICATIONS, () => json(viewOf(items))),
    (request: RecordedRequest) => {
      const match = request.method === 'POST' ? new RegExp(`^${NOTIFICATIONS}/([^/]+)/read$`).exec(request.path) : null;
      if (!match) return undefined;
      items = items.map((item) => (match[1] === 'all' || item.id === match[1] ? read(item) : item));
      return json(viewOf(items));
    },
    on('GET', '/api/auth/me', () => json(user)),
  );
  return { ...renderWithProviders(<NotificationsBell tenantId="tenant-1" keyword="sole" />, { token: 'token-1', user }), ...gateway };
}

const reads = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'POST').map((request) => request.path.slice(NOTIFICATIONS.length));
const listCalls = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'GET' && request.path === NOTIFICATIONS).length;

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

afterEach(() => {
  setVisibility('visible');
  sessionStorage.clear();
});

describe('NotificationsBell', () => {
  it('counts the unread, lists the latest, opens a quote marking it read, and marks all read', async () => {
    const { requests, router } = renderBell([accepted, declined, viewed]);

    const bell = await screen.findByRole('button', { name: 'Notifiche: 2 non lette' }, FIRST_ASK);
    expect(within(bell).getByText('2')).toBeTruthy();
    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifiche' });
    const entries = within(panel).getAllByRole('button').filter((button) => button.textContent !== 'Segna tutte come lette');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Scuola Dante Alighieri ha accettato #B2C3D4 rev. 213/03/2026 alle 11:00',
      'Hotel Bellavista ha rifiutato #C3D4E5 rev. 112/03/2026 alle 10:30',
      '#A1B2C3 rev. 1 visto per la prima volta12/03/2026 alle 10:30',
    ]);

    // one chosen: read, and its quote opened on the quotes page
    fireEvent.click(entries[0]);
    await screen.findByRole('button', { name: 'Notifiche: 1 non letta' });
    expect(router.state.location.pathname).toBe('/sole/quotes');
    expect(router.state.location.state).toEqual({ openQuote: 'quote-2' });
    expect(reads(requests)).toEqual(['/n1/read']);

    // a read one opens its quote without another call
    fireEvent.click(screen.getByRole('button', { name: 'Notifiche: 1 non letta' }));
    fireEvent.click(await within(await screen.findByRole('dialog', { name: 'Notifiche' })).findByText('#A1B2C3 rev. 1 visto per la prima volta'));
    await waitFor(() => expect(router.state.location.state).toEqual({ openQuote: 'quote-00000000a1b2c3' }));
    expect(reads(requests)).toEqual(['/n1/read']);

    fireEvent.click(screen.getByRole('button', { name: 'Notifiche: 1 non letta' }));
    const again = await screen.findByRole('dialog', { name: 'Notifiche' });
    fireEvent.click(within(again).getByRole('button', { name: 'Segna tutte come lette' }));
    await waitFor(() => expect(within(again).getByRole('button', { name: 'Segna tutte come lette' }).hasAttribute('disabled')).toBe(true));
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(await screen.findByRole('button', { name: 'Notifiche' })).toBeTruthy();
    expect(reads(requests)).toEqual(['/n1/read', '/all/read']);
    // the answers of the writes were the new list: not asked again
    expect(listCalls(requests)).toBe(1);
  });

  it('says when there is nothing, and asks again when the page comes back into sight', async () => {
    const { requests } = renderBell([]);

    fireEvent.click(await screen.findByRole('button', { name: 'Notifiche' }));
    expect(within(await screen.findByRole('dialog', { name: 'Notifiche' })).getByText('Nessuna notifica')).toBeTruthy();
    await waitFor(() => expect(listCalls(requests)).toBe(1));

    setVisibility('hidden');
    setVisibility('visible');
    await waitFor(() => expect(listCalls(requests)).toBe(2));
  });

  it("shows what it read at the previous page load of the tab less than a poll ago without asking, and asks once opened", async () => {
    const user = aUser();
    rememberNotifications('tenant-1', user.id, viewOf([accepted, viewed]), Date.now() - 5_000);
    const { requests } = renderBell([accepted, declined, viewed]);
    await screen.findByRole('button', { name: /1 non lett/ });
    expect(listCalls(requests)).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: /Notifiche/ }));
    await waitFor(() => expect(listCalls(requests)).toBe(1));
    await screen.findByRole('button', { name: /2 non lett/, hidden: true });
  });

  it.each([
    ['a poll old', () => rememberNotifications('tenant-1', aUser().id, viewOf([accepted]), Date.now() - NOTIFICATIONS_POLL_MS - 1)],
    ["another user's", () => rememberNotifications('tenant-1', 'another-user', viewOf([]), Date.now())],
  ])("asks, once the page's own calls are answered, when what the tab remembers is %s", async (_case, remember) => {
    remember();
    const { requests } = renderBell([accepted, declined]);
    await waitFor(() => expect(listCalls(requests)).toBe(1), FIRST_ASK);
    await screen.findByRole('button', { name: /2 non lett/ });
  });

  it("lets the page's own data go first: it asks once no other call has been in flight for a while", async () => {
    let answerPage: () => void = () => undefined;
    const pageAnswered = new Promise<void>((resolve) => (answerPage = resolve));
    const { requests, store } = renderBell(
      [accepted],
      on('GET', '/api/tenants/tenant-1', async () => {
        await pageAnswered;
        return json(aTenant());
      }),
    );
    void store.dispatch(tenantApi.endpoints.getTenant.initiate('tenant-1'));
    await waitFor(() => expect(requests.some((request) => request.path === '/api/tenants/tenant-1')).toBe(true));

    // while the page's call is in flight, and for longer than the quiet time, the bell asks nothing
    await new Promise((resolve) => setTimeout(resolve, FIRST_ASK_QUIET_MS + 500));
    expect(listCalls(requests)).toBe(0);

    answerPage();
    const answered = Date.now();
    await waitFor(() => expect(listCalls(requests)).toBe(1), FIRST_ASK);
    expect(Date.now() - answered).toBeGreaterThanOrEqual(FIRST_ASK_QUIET_MS - 50);
    await screen.findByRole('button', { name: 'Notifiche: 1 non letta' });
  });

  it('waits again while the page is busy drawing what it received', async () => {
    const { requests } = renderBell([accepted]);
    // the page draws a long list for longer than the quiet time, shortly after the bell appeared
    let drawn = 0;
    setTimeout(() => {
      const until = Date.now() + FIRST_ASK_QUIET_MS + 500;
      while (Date.now() < until);
      drawn = Date.now();
    }, 200);
    await waitFor(() => expect(listCalls(requests)).toBe(1), { timeout: 2 * FIRST_ASK_QUIET_MS + 3_000 });
    expect(drawn).toBeGreaterThan(0);
    expect(Date.now() - drawn).toBeGreaterThanOrEqual(FIRST_ASK_QUIET_MS - 50);
  });
});
