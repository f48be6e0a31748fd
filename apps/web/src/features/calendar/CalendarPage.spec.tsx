import type { CalendarEntryView } from '@quotebook/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, json, type GatewayHandler } from '../../test/gateway-stub';
import { renderTenantPage } from '../../test/tenant-page';
import { rangeOf, stepped } from './calendar-grid';

const BASE = '/api/tenants/tenant-1';

const entry = (overrides: Partial<CalendarEntryView>): CalendarEntryView => ({
  date: '2030-07-15',
  startTime: null,
  quoteId: 'quote-1',
  quoteNumber: '2030/0001',
  quoteStatus: 'confirmed',
  customerId: 'customer-1',
  customerName: 'Scuola Dante',
  productId: 'product-1',
  productCode: 'TOUR01',
  description: 'Tour del lago',
  participants: 4,
  ...overrides,
});
const entries = [
  entry({ startTime: '09:30' }),
  entry({ quoteId: 'quote-2', quoteNumber: '2030/0002', customerId: 'customer-2', customerName: 'Hotel Lago', participants: 12 }),
  entry({ date: '2030-07-20', quoteId: 'quote-3', productId: 'product-2', description: 'Visita al museo', participants: 3 }),
];

/** The calendar answered for any range with `entries`. */
const calendarRoute: GatewayHandler = (request) =>
  request.method === 'GET' && request.path.startsWith(`${BASE}/calendar?`) ? json({ from: '', to: '', entries }) : undefined;

describe('calendar ranges', () => {
  it.each([
    [{ mode: 'month', day: '2030-07-15' }, { from: '2030-07-01', to: '2030-08-04' }],
    [{ mode: 'month', day: '2026-02-10' }, { from: '2026-01-26', to: '2026-03-01' }],
    [{ mode: 'week', day: '2030-07-18' }, { from: '2030-07-15', to: '2030-07-21' }],
  ] as const)('%j shows whole weeks %j', (settings, range) => {
    expect(rangeOf(settings)).toEqual(range);
  });

  it('steps a month or a week at a time', () => {
    expect(stepped({ mode: 'month', day: '2030-03-31' }, 1)).toBe('2030-04-01');
    expect(stepped({ mode: 'month', day: '2030-03-31' }, -1)).toBe('2030-02-01');
    expect(stepped({ mode: 'week', day: '2030-07-18' }, 1)).toBe('2030-07-22');
  });
});

describe('CalendarPage', () => {
  it("asks for the month's whole weeks once and shows each day's services grouped by product", async () => {
    const { requests } = renderTenantPage('/sole/calendar?day=2030-07-15', [calendarRoute]);

    const day = await screen.findByRole('gridcell', { name: 'lunedì 15 luglio 2030' });
    const tour = await within(day).findByRole('group', { name: 'Tour del lago' });
    expect(within(tour).getByText('Tour del lago (16)')).toBeTruthy();
    expect(within(tour).getAllByRole('button').map((button) => button.textContent)).toEqual(['09:30 Scuola Dante · 4 pax', 'Hotel Lago · 12 pax']);
    expect(within(screen.getByRole('gridcell', { name: 'sabato 20 luglio 2030' })).getByRole('group', { name: 'Visita al museo' })).toBeTruthy();
    expect(requests.filter((request) => request.path.startsWith(`${BASE}/calendar`)).map((request) => request.path)).toEqual([
      `${BASE}/calendar?from=2030-07-01&to=2030-08-04`,
    ]);
  });

  it('groups by customer in the week view, and opens the quote of an entry in the editor', async () => {
    const clerk = aUser({ role: 'tenant_user' });
    const { router, requests } = renderTenantPage('/sole/calendar?day=2030-07-17&view=week&group=customer', [calendarRoute], clerk);

    const day = await screen.findByRole('gridcell', { name: 'lunedì 15 luglio 2030' });
    const dante = await within(day).findByRole('group', { name: 'Scuola Dante' });
    expect(requests.some((request) => request.path === `${BASE}/calendar?from=2030-07-15&to=2030-07-21`)).toBe(true);

    fireEvent.click(within(dante).getByRole('button', { name: '09:30 Tour del lago · 4 pax, preventivo 2030/0001' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sole/quotes'));
    expect(router.state.location.state).toEqual({ openQuote: 'quote-1' });
  });

  it('moves to the next month and says when nothing is booked', async () => {
    const { router } = renderTenantPage('/sole/calendar?day=2030-07-15', [
      (request) => (request.method === 'GET' && request.path.startsWith(`${BASE}/calendar?`) ? json({ from: '', to: '', entries: [] }) : undefined),
    ]);
    expect(await screen.findByText('Nessun servizio prenotato in questo periodo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Successivo' }));
    await waitFor(() => expect(router.state.location.search).toBe('?day=2030-08-01'));
    expect(await screen.findByRole('heading', { name: 'agosto 2030' })).toBeTruthy();
  });
});
