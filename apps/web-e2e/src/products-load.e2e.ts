import { apiToken, callApi, createAgency, expect, signInAsAdmin, test } from './fixtures';

const PRODUCTS = 200;
const BATCH = 10;
const year = new Date().getFullYear();

interface Created {
  id: string;
}

test.describe('products page at scale', () => {
  test('200 products, each with tags and 3 periods, load with at most 5 API calls', async ({ page, request }) => {
    test.setTimeout(300_000);
    const agency = await createAgency(request, { languages: ['it', 'en'] });
    const token = await apiToken(request, agency.adminUsername, agency.adminPassword);
    const base = `/api/tenants/${agency.id}`;
    const tags = await Promise.all(
      ['Arte', 'Mare', 'Montagna'].map((name) => callApi<Created>(request, token, 'POST', `${base}/tags`, { name, targetType: 'product' })),
    );

    const seedProduct = async (index: number) => {
      const number = String(index + 1).padStart(3, '0');
      const product = await callApi<Created>(request, token, 'POST', `${base}/products`, {
        language: 'it',
        title: `Escursione ${number}`,
        durationHours: 3,
        durationMinutes: 0,
      });
      await callApi(request, token, 'PUT', `${base}/products/${product.id}/tags`, {
        tagIds: [tags[index % 3].id, tags[(index + 1) % 3].id],
      });
      // last year, this year (holds today, so every row has a current price) and next year
      for (const [start, end] of [
        [`${year - 1}-01-01`, `${year - 1}-12-31`],
        [`${year}-01-01`, `${year}-12-31`],
        [`${year + 1}-01-01`, `${year + 1}-12-31`],
      ]) {
        await callApi(request, token, 'POST', `${base}/products/${product.id}/availability`, {
          startDate: start,
          endDate: end,
          hasCostPerPerson: true,
          costPerPerson: `${20 + (index % 50)}.50`,
        });
      }
    };
    for (let first = 0; first < PRODUCTS; first += BATCH) {
      await Promise.all(Array.from({ length: Math.min(BATCH, PRODUCTS - first) }, (_, offset) => seedProduct(first + offset)));
    }

    // the dashboard's own calls must not be counted as the products page's: the sign-in is a client-side
    // navigation, so the load state is already 'networkidle' before the dashboard asks for its data
    const dashboardLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === `${base}/dashboard`);
    await signInAsAdmin(page, agency);
    await dashboardLoaded;
    await page.waitForLoadState('networkidle');
    const apiCalls: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(`${sent.method()} ${url.pathname}`);
    });

    await page.goto(`/${agency.keyword}/products`);
    const rows = page.getByRole('table', { name: 'Products' }).locator('tbody tr');
    await expect(rows).toHaveCount(PRODUCTS);
    const first = rows.filter({ hasText: 'Escursione 001' });
    await expect(first.getByText('€ 20,50')).toBeVisible();
    await expect(first.getByText('Arte')).toBeVisible();
    await expect(first.getByText('Mare')).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(apiCalls.length, apiCalls.join('\n')).toBeLessThanOrEqual(5);
    expect(apiCalls).toEqual(expect.arrayContaining([`GET ${base}/products`, `GET ${base}/tags`]));
  });
});
