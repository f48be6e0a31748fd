import type { MarginByMonthView, QuotesByStatusView, RevenueByMonthView, TopCustomersView, TopProductsView } from '@quotebook/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCustomer, aProduct, gatewayError, json, on, type GatewayHandler, type RecordedRequest } from '../../test/gateway-stub';
import { renderTenantPage } from '../../test/tenant-page';

const BASE = '/api/tenants/tenant-1';
const QUERY = 'from=2030-06&to=2030-08&customerId=customer-1';

const revenue: RevenueByMonthView = {
  from: '2030-06',
  to: '2030-08',
  months: [
    { month: '2030-06', quotes: 0, revenue: '0.00', revenueNet: '0.00' },
    { month: '2030-07', quotes: 2, revenue: '846.00', revenueNet: '840.00' },
    { month: '2030-08', quotes: 1, revenue: '110.00', revenueNet: '100.00' },
  ],
};
const statuses: QuotesByStatusView = {
  from: '2030-06',
  to: '2030-08',
  statuses: [
    { status: 'pending', quotes: 1, total: '365.00' },
    { status: 'waiting', quotes: 0, total: '0.00' },
    { status: 'confirmed', quotes: 2, total: '475.00' },
    { status: 'cancelled', quotes: 1, total: '0.00' },
    { status: 'closed', quotes: 1, total: '481.00' },
  ],
  sent: 3,
  accepted: 2,
  conversionRate: '66.67',
};
const margin: MarginByMonthView = {
  from: '2030-06',
  to: '2030-08',
  months: [
    { month: '2030-06', quotes: 0, revenueNet: '0.00', cost: '0.00', margin: '0.00', marginPercent: null },
    { month: '2030-07', quotes: 2, revenueNet: '840.00', cost: '500.00', margin: '340.00', marginPercent: '40.48' },
    { month: '2030-08', quotes: 0, revenueNet: '0.00', cost: '0.00', margin: '0.00', marginPercent: null },
  ],
};
const products: TopProductsView = {
  from: '2030-06',
  to: '2030-08',
  products: [{ productId: 'product-1', productCode: 'TOUR01', description: 'Tour del lago', quotes: 2, participants: 16, revenue: '780.00' }],
};
const customers: TopCustomersView = {
  from: '2030-06',
  to: '2030-08',
  customers: [{ customerId: 'customer-1', customerName: 'Hotel Lago', quotes: 1, revenue: '481.00', revenueNet: '475.00' }],
};

/** Every report answered for any query, with the lists the filters offer. */
function reportRoutes(overrides: Partial<Record<string, (request: RecordedRequest) => Response>> = {}): GatewayHandler[] {
  const answers: Record<string, unknown> = {
    'revenue-by-month': revenue,
    'quotes-by-status': statuses,
    'margin-by-month': margin,
    'top-products': products,
    'top-customers': customers,
  };
  return [
    (request) => {
      const match = /^\/api\/tenants\/tenant-1\/reports\/([a-z-]+)(\?|$)/.exec(request.path);
      if (request.method !== 'GET' || !match) return undefined;
      return overrides[match[1]]?.(request) ?? json(answers[match[1]]);
    },
    on('GET', `${BASE}/customers`, () => json([aCustomer({ id: 'customer-1', name: 'Hotel Lago' })])),
    on('GET', `${BASE}/products`, () => json([aProduct({ id: 'product-1' })])),
  ];
}

const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => jest.restoreAllMocks());

describe('ReportsPage', () => {
  it('asks each report once with the period and filters of the address, and shows the figures', async () => {
    const { requests } = renderTenantPage(`/sole/reports?${QUERY}`, reportRoutes());

    const products = await screen.findByRole('table', { name: 'Prodotti più venduti' });
    expect(within(products).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'ProdottoPreventiviPartecipantiTotale IVA incl.',
      'Tour del lago216€ 780,00',
    ]);
    const customers = await screen.findByRole('table', { name: 'Clienti migliori' });
    expect(within(customers).getAllByRole('row')[1].textContent).toBe('Hotel Lago1€ 481,00');
    expect(await screen.findByText('Conversione (inviati → accettati): 66,67% · 2 accettati su 3 inviati')).toBeTruthy();

    const reportCalls = requests.filter((request) => request.path.startsWith(`${BASE}/reports/`)).map((request) => request.path).sort();
    expect(reportCalls).toEqual(
      ['margin-by-month', 'quotes-by-status', 'revenue-by-month', 'top-customers', 'top-products'].map((name) => `${BASE}/reports/${name}?${QUERY}`),
    );
    expect((screen.getByLabelText('Dal mese') as HTMLInputElement).value).toBe('2030-06');
    expect((screen.getByLabelText('Al mese') as HTMLInputElement).value).toBe('2030-08');
  });

  it('exports a report as CSV: its rows, semicolons, Italian decimals', async () => {
    const saved: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:report';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderTenantPage(`/sole/reports?${QUERY}`, reportRoutes());

    const revenueReport = await waitFor(() => section('Fatturato per mese'));
    fireEvent.click(await within(revenueReport).findByRole('button', { name: 'Esporta CSV' }));

    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('fatturato_2030-06_2030-08.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]);
    });
    expect(text.replace(/^\uFEFF/, '')).toBe(
      ['Mese;Preventivi;Totale IVA incl.;Imponibile', '2030-06;0;0,00;0,00', '2030-07;2;846,00;840,00', '2030-08;1;110,00;100,00'].join('\r\n'),
    );
  });

  it('keeps the period in the address when it changes', async () => {
    const { router } = renderTenantPage(`/sole/reports?${QUERY}`, reportRoutes());
    const from = (await screen.findByLabelText('Dal mese')) as HTMLInputElement;
    fireEvent.change(from, { target: { value: '2030-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2030-01&to=2030-08&customerId=customer-1'));
  });

  it('says when a period holds nothing and when a report could not be loaded', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderTenantPage(
      `/sole/reports?${QUERY}`,
      reportRoutes({
        'top-products': () => json({ ...products, products: [] }),
        'margin-by-month': () => gatewayError(503, 'quoting did not answer'),
      }),
    );
    expect(await within(await waitFor(() => section('Prodotti più venduti'))).findByText('Nessun dato nel periodo')).toBeTruthy();
    expect(await within(section('Margine per mese')).findByText('Impossibile caricare: Margine per mese')).toBeTruthy();
  });

  it('asks nothing for a period that ends before it starts, and says why', async () => {
    const { requests } = renderTenantPage('/sole/reports?from=2030-09&to=2030-08', reportRoutes());
    expect(await screen.findByText('from must not be after to')).toBeTruthy();
    expect(requests.some((request) => request.path.startsWith(`${BASE}/reports/`))).toBe(false);
  });
});
