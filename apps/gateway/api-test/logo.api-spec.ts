import { api, createTenantWithAdmin, superadminToken } from './http';
import { gifOf, pngOf } from '@quotebook/testing';

function form(bytes: Buffer, filename: string, type: string, field = 'logo'): FormData {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
}

describe('POST /api/tenants/{tenantId}/logo', () => {
  let tenantId: string;
  let keyword: string;
  let adminToken: string;

  beforeAll(async () => {
    const created = await createTenantWithAdmin(await superadminToken());
    tenantId = created.tenant.id;
    keyword = created.tenant.keyword;
    adminToken = created.adminToken;
  });

  it('stores a 150x150 PNG under a generated name and serves it as image/png', async () => {
    const png = pngOf(150, 150);
    const response = await api('POST', `/api/tenants/${tenantId}/logo`, { token: adminToken, rawBody: form(png, 'my logo.png', 'image/png') });
    expect(response.status).toBe(200);
    expect(response.body.logoUrl).toMatch(new RegExp(`^/uploads/logos/${tenantId}/[0-9a-f-]{36}\\.png$`));
    const served = await fetch(`${process.env['API_BASE_URL']}${response.body.logoUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect((await api('GET', `/api/tenants/by-keyword/${keyword}`)).body.logoUrl).toBe(response.body.logoUrl);
  });

  it('accepts a GIF and names the stored file by its real type', async () => {
    const response = await api('POST', `/api/tenants/${tenantId}/logo`, { token: adminToken, rawBody: form(gifOf(40, 20), 'logo.png', 'image/png') });
    expect(response.status).toBe(200);
    expect(response.body.logoUrl).toMatch(/\.gif$/);
  });

  it('refuses an image larger than 150x150 pixels with 400 naming the limit', async () => {
    const response = await api('POST', `/api/tenants/${tenantId}/logo`, { token: adminToken, rawBody: form(pngOf(151, 20), 'wide.png', 'image/png') });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Image dimensions must be maximum 150x150 pixels');
  });

  it('checks the content, not the name: a text file called logo.png is 415', async () => {
    const response = await api('POST', `/api/tenants/${tenantId}/logo`, {
      token: adminToken,
      rawBody: form(Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.png', 'image/png'),
    });
    expect(response.status).toBe(415);
    expect(response.body.message).toBe('Only JPG, PNG and GIF images are allowed');
  });

  it('refuses a file over 5MB with 413 naming the limit', async () => {
    const big = Buffer.concat([pngOf(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await api('POST', `/api/tenants/${tenantId}/logo`, { token: adminToken, rawBody: form(big, 'big.png', 'image/png') });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('File size must be less than 5MB');
  });

  it('answers 400 when the logo field is missing', async () => {
    const response = await api('POST', `/api/tenants/${tenantId}/logo`, { token: adminToken, rawBody: new FormData() });
    expect(response.status).toBe(400);
  });
});
