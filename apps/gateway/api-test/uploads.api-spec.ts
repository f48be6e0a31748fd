import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { gifOf, pngOf } from '@quotebook/testing';
import { api, baseUrl, createTenantWithAdmin, superadminToken } from './http';

const uploadDir = () => process.env['API_UPLOAD_DIR']!;
const fileOf = (logoUrl: string) => path.join(uploadDir(), logoUrl.slice('/uploads/'.length));

function logoForm(bytes: Buffer, type: string): FormData {
  const data = new FormData();
  data.append('logo', new Blob([new Uint8Array(bytes)], { type }), 'logo');
  return data;
}

/** A GET sent with its path exactly as written: fetch would resolve '..' segments before sending. */
function rawGet(rawPath: string): Promise<{ status: number; contentType: string; body: string }> {
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const call = request({ hostname, port, path: rawPath, method: 'GET' }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', body }));
    });
    call.on('error', reject);
    call.end();
  });
}

describe('logo files', () => {
  let root: string;

  beforeAll(async () => {
    root = await superadminToken();
  });

  it('replacing a logo deletes the old file: its URL is 404, the new one is served', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const first = await api('POST', `/api/tenants/${tenant.id}/logo`, { token: adminToken, rawBody: logoForm(pngOf(40, 40), 'image/png') });
    expect(first.status).toBe(200);
    const oldUrl: string = first.body.logoUrl;
    expect((await rawGet(oldUrl)).status).toBe(200);
    expect(existsSync(fileOf(oldUrl))).toBe(true);

    const second = await api('POST', `/api/tenants/${tenant.id}/logo`, { token: adminToken, rawBody: logoForm(gifOf(30, 30), 'image/gif') });

    expect(second.status).toBe(200);
    const newUrl: string = second.body.logoUrl;
    expect(newUrl).not.toBe(oldUrl);
    expect((await api('GET', `/api/tenants/${tenant.id}`, { token: adminToken })).body.logoUrl).toBe(newUrl);
    expect((await rawGet(newUrl)).status).toBe(200);
    expect((await rawGet(oldUrl)).status).toBe(404);
    expect(existsSync(fileOf(oldUrl))).toBe(false);
    expect(existsSync(fileOf(newUrl))).toBe(true);
  });

  it('a refused upload keeps the current logo and its file', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const current = (await api('POST', `/api/tenants/${tenant.id}/logo`, { token: adminToken, rawBody: logoForm(pngOf(40, 40), 'image/png') })).body
      .logoUrl as string;

    const refused = await api('POST', `/api/tenants/${tenant.id}/logo`, { token: adminToken, rawBody: logoForm(pngOf(151, 10), 'image/png') });

    expect(refused.status).toBe(400);
    expect((await rawGet(current)).status).toBe(200);
    expect(existsSync(fileOf(current))).toBe(true);
  });

  it("deleting an agency deletes its files: its logo URL is 404, its folder is gone, other agencies' logos stay", async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const other = await createTenantWithAdmin(root);
    const logoUrl = (await api('POST', `/api/tenants/${tenant.id}/logo`, { token: adminToken, rawBody: logoForm(pngOf(40, 40), 'image/png') })).body
      .logoUrl as string;
    const otherUrl = (await api('POST', `/api/tenants/${other.tenant.id}/logo`, { token: other.adminToken, rawBody: logoForm(pngOf(20, 20), 'image/png') }))
      .body.logoUrl as string;

    expect((await api('DELETE', `/api/tenants/${tenant.id}`, { token: root })).status).toBe(204);

    expect((await rawGet(logoUrl)).status).toBe(404);
    expect(existsSync(fileOf(logoUrl))).toBe(false);
    expect(existsSync(path.dirname(fileOf(logoUrl)))).toBe(false);
    expect((await rawGet(otherUrl)).status).toBe(200);
  });

  describe('GET /uploads/...', () => {
    beforeAll(() => {
      writeFileSync(path.join(uploadDir(), '.hidden'), 'not for the web');
    });

    it.each([
      ['a missing file', '/uploads/logos/00000000-0000-4000-8000-000000000000.png'],
      ['the folder', '/uploads/'],
      ['a directory', '/uploads/logos'],
      ['a directory with a slash', '/uploads/logos/'],
      ['a path leaving the folder', '/uploads/../../../../package.json'],
      ['an encoded path leaving the folder', '/uploads/%2e%2e/%2e%2e/%2e%2e/%2e%2e/package.json'],
      ['encoded slashes leaving the folder', '/uploads/..%2f..%2f..%2f..%2fpackage.json'],
      ['a backslash path leaving the folder', '/uploads/..%5c..%5c..%5c..%5cpackage.json'],
      ['a NUL byte', '/uploads/logos/x%00.png'],
      ['a broken escape', '/uploads/%E0%A4%A'],
      ['a dotfile', '/uploads/.hidden'],
    ])('answers 404 JSON for %s', async (_case, rawPath) => {
      const response = await rawGet(rawPath);

      expect(response.status).toBe(404);
      expect(response.contentType).toMatch(/application\/json/);
      expect(JSON.parse(response.body)).toEqual({ statusCode: 404, message: 'File not found', error: 'Not Found', reason: 'NOT_FOUND' });
    });

    it('never writes the path on disk to the log', async () => {
      await rawGet('/uploads/logos/00000000-0000-4000-8000-000000000000.png');
      await rawGet('/uploads/../../../../package.json');

      const log = readFileSync(path.join(process.env['API_LOG_DIR']!, 'gateway.log'), 'utf8');
      expect(log).not.toContain(path.resolve(uploadDir()));
      expect(log).not.toMatch(/ENOENT/);
    });
  });
});
