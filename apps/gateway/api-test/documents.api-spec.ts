import { createHash } from 'node:crypto';
import {
  DOCUMENT_API_MESSAGES,
  DOCUMENT_MESSAGES,
  layoutContentTooBig,
  MESSAGES,
  SIGNATURE_MAX_BYTES,
  TEMPLATE_CONTENT_LIMITS,
  templateContentTooBig,
} from '@quotebook/domain';
import { gifOf, pngOf, queryDatabase } from '@quotebook/testing';
import { type Agency, createAgency, created } from './catalogue-fixtures';
import { api, superadminToken } from './http';
import { CONSUMPTION, newCustomer, pricedProduct, quoteWithItemAndConsumption } from './quote-fixtures';

/** The preview is a page of its own: no script, nothing fetched but inlined images, sandboxed. */
const PREVIEW_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

const templateBody = (overrides: Record<string, unknown> = {}) => ({ templateType: 'premessa', title: 'Premessa', content: '<p>Gentile cliente,</p>', ...overrides });

/** The raw answer of a route that may answer HTML or a file. */
async function raw(method: string, path: string, options: { token?: string; body?: unknown; bytes?: Buffer; contentType?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.contentType) headers['content-type'] = options.contentType;
  const body = options.body !== undefined ? JSON.stringify(options.body) : options.bytes && new Uint8Array(options.bytes);
  const response = await fetch(`${process.env['API_BASE_URL']}${path}`, { method, headers, body });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

const databaseUrl = () => {
  const url = process.env['API_DATABASE_URL'];
  if (!url) throw new Error('API_DATABASE_URL is not set: run through the "api" Jest project');
  return url;
};

describe('documents: templates, layouts, signatures and generated documents over HTTP', () => {
  let agency: Agency;
  let other: Agency;
  let quoteId: string;
  let layoutId: string;
  /** the template the layout 'Standard' prints (the agency's starter templates are listed beside it) */
  let printedTemplateId: string;
  const logo = pngOf(60, 30);

  const templates = (token = agency.adminToken, of = agency) => api('GET', `${of.base}/quote-templates`, { token });
  const layouts = (token = agency.adminToken, of = agency) => api('GET', `${of.base}/quote-layouts`, { token });
  const generate = (body: object, token = agency.adminToken, of = agency, quote = quoteId) =>
    raw('POST', `${of.base}/quotes/${quote}/generate-document`, { token, body });
  const uploadUrl = async (of = agency) => {
    const response = await api('POST', `${of.base}/quote-templates/upload`, { token: of.adminToken });
    expect(response.status).toBe(200);
    return response.body.uploadURL as string;
  };
  const putFile = (uploadURL: string, bytes: Buffer, contentType = 'image/png') => raw('PUT', uploadURL, { bytes, contentType });

  beforeAll(async () => {
    const root = await superadminToken();
    [agency, other] = await Promise.all([createAgency(root), createAgency(root)]);
    const [customer, product] = await Promise.all([newCustomer(agency, { title: 'Gent.ma', name: 'Hotel <Miramare>' }), pricedProduct(agency)]);
    ({ quoteId } = await quoteWithItemAndConsumption(agency, { customerId: customer.id, productId: product.id }));
    const premessa = await created(agency.adminToken, `${agency.base}/quote-templates`, templateBody({ content: '<p>Siamo lieti di proporvi</p>' }));
    printedTemplateId = premessa.id;
    layoutId = (await created(agency.adminToken, `${agency.base}/quote-layouts`, { name: 'Standard', elements: [{ type: 'template', templateId: premessa.id }, { type: 'quotes' }] })).id;
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
    expect((await api('POST', `${agency.base}/logo`, { token: agency.adminToken, rawBody: form })).status).toBe(200);
  });

  describe('templates', () => {
    it('creates, lists, updates and deletes a template, with the spec messages for a missing title or content', async () => {
      const create = await api('POST', `${agency.base}/quote-templates`, {
        token: agency.adminToken,
        body: templateBody({ templateType: 'condizioni', title: 'Condizioni', headerPrint: false, tenantId: agency.tenantId }),
      });
      expect(create.status).toBe(201);
      expect(create.body).toEqual({
        id: expect.any(String),
        templateType: 'condizioni',
        title: 'Condizioni',
        content: '<p>Gentile cliente,</p>',
        signatureImagePath: null,
        headerPrint: false,
        isActive: true,
        translations: {},
        updatedAt: expect.any(String),
      });
      expect((await templates()).body).toContainEqual(create.body);
      const update = await api('PUT', `${agency.base}/quote-templates/${create.body.id}`, {
        token: agency.adminToken,
        body: templateBody({ templateType: 'condizioni', title: 'Condizioni di vendita', isActive: false }),
      });
      expect(update.status).toBe(200);
      expect(update.body).toMatchObject({ title: 'Condizioni di vendita', headerPrint: false, isActive: false });
      const missing = await api('POST', `${agency.base}/quote-templates`, { token: agency.adminToken, body: { templateType: 'premessa', title: ' ', content: '' } });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toEqual(expect.arrayContaining([MESSAGES.templateTitleRequired, MESSAGES.templateContentRequired]));
      const remove = await api('DELETE', `${agency.base}/quote-templates/${create.body.id}`, { token: agency.adminToken });
      expect(remove.status).toBe(204);
      expect((await templates()).body.map((template: { id: string }) => template.id)).not.toContain(create.body.id);
    });

    it('keeps a template a layout prints: 409 naming the layout', async () => {
      const response = await api('DELETE', `${agency.base}/quote-templates/${printedTemplateId}`, { token: agency.adminToken });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ reason: 'TEMPLATE_IN_USE', message: `${DOCUMENT_MESSAGES.templateInUse}: Standard` });
    });

    it('prints a template with a script, an onerror handler and a remote image without any of them', async () => {
      const evil = await created(agency.adminToken, `${agency.base}/quote-templates`, {
        templateType: 'conclusioni',
        title: 'Saluti',
        content: '<p>Cordiali saluti</p><script>alert(1)</script><p onmouseover="alert(2)">a presto</p><img src="https://tracker.example/p.png" onerror="alert(3)">',
      });
      expect(evil.content).toBe('<p>Cordiali saluti</p><p>a presto</p>');
      const layout = await created(agency.adminToken, `${agency.base}/quote-layouts`, { name: 'Saluti', elements: [{ type: 'template', templateId: evil.id }] });
      const preview = await generate({ layoutId: layout.id, format: 'preview' });
      expect(preview.status).toBe(200);
      expect(preview.text).toContain('<p>Cordiali saluti</p><p>a presto</p>');
      expect(preview.text).not.toMatch(/<script|onerror|onmouseover|tracker\.example/);
    });

    it(`refuses content nested deeper than ${TEMPLATE_CONTENT_LIMITS.depth} levels: 400 naming the content and the limit, nothing stored`, async () => {
      const nested = (levels: number) => `<p>${'<em>'.repeat(levels - 1)}x${'</em>'.repeat(levels - 1)}</p>`;
      const before = (await templates()).body.length;

      for (const content of [nested(TEMPLATE_CONTENT_LIMITS.depth + 1), `<p>${'<i>'.repeat(14_000)}x${'</i>'.repeat(14_000)}</p>`]) {
        const response = await api('POST', `${agency.base}/quote-templates`, { token: agency.adminToken, body: templateBody({ content }) });
        expect(response.status).toBe(400);
        expect(response.body.reason).toBe('VALIDATION_FAILED');
        expect(response.body.message).toContain(templateContentTooBig('depth'));
      }
      expect(templateContentTooBig('depth')).toMatch(/contenuto .* 32 livelli/);
      expect((await templates()).body).toHaveLength(before);
      const deepest = await api('POST', `${agency.base}/quote-templates`, { token: agency.adminToken, body: templateBody({ content: nested(TEMPLATE_CONTENT_LIMITS.depth) }) });
      expect(deepest.status).toBe(201);
      await api('DELETE', `${agency.base}/quote-templates/${deepest.body.id}`, { token: agency.adminToken });
    });

    it('holds the length limit to the content as stored: ampersands that sanitize to five times their length are refused', async () => {
      const content = `<p>${'&'.repeat(99_990)}</p>`;
      const response = await api('POST', `${agency.base}/quote-templates`, { token: agency.adminToken, body: templateBody({ content }) });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual([templateContentTooBig('characters')]);

      const id = (await templates()).body[0].id;
      const update = await api('PUT', `${agency.base}/quote-templates/${id}`, { token: agency.adminToken, body: templateBody({ content }) });
      expect(update.status).toBe(400);
      expect((await templates()).body[0].content).not.toContain('&amp;&amp;');
    });

    it('refuses a layout whose templates together pass its bounds', async () => {
      const long = await created(agency.adminToken, `${agency.base}/quote-templates`, templateBody({ title: 'Lungo', content: `<p>${'parola '.repeat(14_000)}</p>` }));
      const element = { type: 'template', templateId: long.id };
      const response = await api('POST', `${agency.base}/quote-layouts`, { token: agency.adminToken, body: { name: 'Troppo lungo', elements: [element, element, element, element] } });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual([layoutContentTooBig('characters')]);
      expect((await layouts()).body.map((layout: { name: string }) => layout.name)).not.toContain('Troppo lungo');
    });

    it('are the agency admins\' only: a tenant user may not read or write them', async () => {
      for (const response of [
        await templates(agency.userToken),
        await api('POST', `${agency.base}/quote-templates`, { token: agency.userToken, body: templateBody() }),
        await api('POST', `${agency.base}/quote-templates/upload`, { token: agency.userToken }),
      ]) {
        expect(response.status).toBe(403);
      }
    });
  });

  describe('layouts', () => {
    it('keeps exactly one default after set-default, and lets every user of the agency read them', async () => {
      const second = await created(agency.adminToken, `${agency.base}/quote-layouts`, { name: 'Breve', elements: [{ type: 'quotes' }] });
      for (const id of [layoutId, second.id, layoutId]) {
        const response = await api('PATCH', `${agency.base}/quote-layouts/${id}/set-default`, { token: agency.adminToken });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ id, isDefault: true });
      }
      const listed = await layouts(agency.userToken);
      expect(listed.status).toBe(200);
      expect(listed.body.filter((layout: { isDefault: boolean }) => layout.isDefault).map((layout: { id: string }) => layout.id)).toEqual([layoutId]);
      expect(listed.body.find((layout: { id: string }) => layout.id === layoutId).elements.map((element: { elementType: string }) => element.elementType)).toEqual([
        'template',
        'quotes',
      ]);
      expect((await api('PATCH', `${agency.base}/quote-layouts/${second.id}/set-default`, { token: agency.userToken })).status).toBe(403);
    });

    it("refuses another agency's template in a layout, naming the element", async () => {
      const foreign = await created(other.adminToken, `${other.base}/quote-templates`, templateBody());
      const response = await api('POST', `${agency.base}/quote-layouts`, {
        token: agency.adminToken,
        body: { name: 'Rubato', elements: [{ type: 'quotes' }, { type: 'template', templateId: foreign.id }] },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual([`elements[1].${DOCUMENT_API_MESSAGES.templateOfTenant}`]);
    });
  });

  describe('signature images', () => {
    it('takes one image per upload URL, tells its object path, and serves it to the agency only', async () => {
      const url = await uploadUrl();
      expect(url).toMatch(/^\/api\/uploads\/signatures\/[A-Za-z0-9_-]{64}$/);
      const image = pngOf(40, 20);
      const put = await putFile(url, image);
      expect(put.status).toBe(200);
      const { objectPath } = JSON.parse(put.text);
      expect(objectPath).toMatch(new RegExp(`^/objects/signatures/${agency.tenantId}/[0-9a-f-]{36}\\.png$`));
      expect((await putFile(url, image)).status).toBe(400);
      const normalized = await api('POST', `${agency.base}/quote-templates/normalize-path`, { token: agency.adminToken, body: { uploadURL: url } });
      expect(normalized).toMatchObject({ status: 200, body: { objectPath } });

      const file = `${agency.base}${objectPath.replace(`/objects/signatures/${agency.tenantId}`, '/objects/signatures')}`;
      const served = await raw('GET', file, { token: agency.userToken });
      expect(served.status).toBe(200);
      expect(served.bytes.equals(image)).toBe(true);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('cache-control')).toMatch(/^private/);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await raw('GET', file, { token: other.adminToken })).status).toBe(403);
      expect((await raw('GET', file)).status).toBe(401);
      const foreignPath = `${other.base}/objects/signatures/${objectPath.split('/').pop()}`;
      expect((await raw('GET', foreignPath, { token: other.adminToken })).status).toBe(404);

      const template = await api('POST', `${agency.base}/quote-templates`, { token: agency.adminToken, body: templateBody({ templateType: 'firma', signatureImagePath: objectPath }) });
      expect(template).toMatchObject({ status: 201, body: { signatureImagePath: objectPath } });
      const stolen = await api('POST', `${other.base}/quote-templates`, { token: other.adminToken, body: templateBody({ templateType: 'firma', signatureImagePath: objectPath }) });
      expect(stolen.status).toBe(400);
    });

    it('refuses a URL past its minutes', async () => {
      const url = await uploadUrl();
      const token = url.split('/').pop() ?? '';
      await queryDatabase(databaseUrl(), `UPDATE documents.signature_uploads SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
        createHash('sha256').update(token).digest('hex'),
      ]);
      const response = await putFile(url, gifOf(4, 4), 'image/gif');
      expect(response.status).toBe(400);
      expect(JSON.parse(response.text)).toMatchObject({ reason: 'UPLOAD_URL_INVALID', message: DOCUMENT_MESSAGES.uploadUrlInvalid });
    });

    it('refuses a file that is no image (415) or over 1 MB (413), whatever its content type, and keeps the URL for the right file', async () => {
      const url = await uploadUrl();
      for (const [bytes, contentType] of [
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/png'],
        [Buffer.from('{"not":"an image"}'), 'application/json'],
        [Buffer.alloc(0), 'image/png'],
      ] as const) {
        const response = await putFile(url, bytes, contentType);
        expect(response.status).toBe(415);
        expect(JSON.parse(response.text).message).toBe(MESSAGES.signatureNotImage);
      }
      const large = Buffer.concat([pngOf(2, 2), Buffer.alloc(SIGNATURE_MAX_BYTES)]);
      for (const contentType of ['image/png', 'application/json']) {
        const response = await putFile(url, large, contentType);
        expect(response.status).toBe(413);
        expect(JSON.parse(response.text).message).toBe(MESSAGES.signatureTooLarge);
      }
      expect((await putFile(url, Buffer.concat([pngOf(2, 2), Buffer.alloc(SIGNATURE_MAX_BYTES - 200)]))).status).toBe(200);
    });

    it('refuses an upload URL that names no token, or a token of no agency, with the same invalid-link message', async () => {
      for (const token of ['not-a-token', 'A'.repeat(64), 'Z'.repeat(64), 'QUOTEBOOK'.repeat(8).slice(0, 64)]) {
        const response = await putFile(`/api/uploads/signatures/${token}`, pngOf(2, 2));
        expect({ token, status: response.status, body: JSON.parse(response.text) }).toEqual({
          token,
          status: 400,
          body: { statusCode: 400, reason: 'UPLOAD_URL_INVALID', error: 'Bad Request', message: DOCUMENT_MESSAGES.uploadUrlInvalid },
        });
      }
    });

    it('tells the object path only for the upload URL exactly as it was issued', async () => {
      const url = await uploadUrl();
      expect((await putFile(url, pngOf(8, 8))).status).toBe(200);
      const token = url.split('/').pop() ?? '';
      const normalize = (uploadURL: string) => api('POST', `${agency.base}/quote-templates/normalize-path`, { token: agency.adminToken, body: { uploadURL } });

      for (const uploadURL of [
        `http://evil.example/api/uploads/signatures/${token}`,
        `file:///api/uploads/signatures/${token}`,
        `/api/uploads/signatures/../signatures/${token}`,
        `${process.env['API_BASE_URL']}${url}`,
      ]) {
        const response = await normalize(uploadURL);
        expect({ uploadURL, status: response.status, reason: response.body.reason, message: response.body.message }).toEqual({
          uploadURL,
          status: 400,
          reason: 'UPLOAD_URL_INVALID',
          message: DOCUMENT_MESSAGES.uploadUrlInvalid,
        });
      }
      expect((await normalize(url)).status).toBe(200);
    });
  });

  describe('generate-document', () => {
    it('answers the preview as HTML under the strict CSP, greeting the customer, its values escaped', async () => {
      const response = await generate({ layoutId, format: 'preview' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(PREVIEW_CSP);
      expect(response.text).toMatch(/^<!DOCTYPE html>/);
      expect(response.text).toContain('<div class="salutation">Gent.ma</div><div class="name">Hotel &lt;Miramare&gt;</div>');
      expect(response.text).toContain('Siamo lieti di proporvi');
      // the premessa asks for the agency's header: the logo the agency uploaded, inlined
      expect(response.text).toContain(`<img class="logo" src="data:image/png;base64,${logo.toString('base64')}" alt="Logo">`);
      expect(response.text).toContain(CONSUMPTION.description.replace("'", '&#39;'));
    });

    it('lets a tenant user generate', async () => {
      expect((await generate({ layoutId, format: 'preview' }, agency.userToken)).status).toBe(200);
    });

    it("refuses an unknown layout or another agency's (404), and a format it does not know (400)", async () => {
      const foreignLayout = await created(other.adminToken, `${other.base}/quote-layouts`, { name: 'Altrui', elements: [{ type: 'quotes' }] });
      for (const layout of ['5f0c6d0e-0000-4000-8000-000000000000', foreignLayout.id]) {
        const response = await generate({ layoutId: layout, format: 'preview' });
        expect(response.status).toBe(404);
        expect(JSON.parse(response.text).message).toBe(DOCUMENT_MESSAGES.layoutNotFound);
      }
      const format = await generate({ layoutId, format: 'rtf' });
      expect(format.status).toBe(400);
      expect(JSON.parse(format.text).message).toEqual([DOCUMENT_API_MESSAGES.format]);
      expect((await generate({ format: 'pdf' })).status).toBe(400);
    });

    it("keeps another agency away from our quote's document, templates, layouts and signatures", async () => {
      expect((await generate({ layoutId, format: 'preview' }, other.adminToken)).status).toBe(403);
      const ownLayout = await created(other.adminToken, `${other.base}/quote-layouts`, { name: 'Suo', elements: [{ type: 'quotes' }] });
      const viaOwnAgency = await generate({ layoutId: ownLayout.id, format: 'preview' }, other.adminToken, other);
      expect(viaOwnAgency.status).toBe(404);
      expect((await templates(other.adminToken)).status).toBe(403);
      expect((await layouts(other.userToken)).status).toBe(403);
      const [template] = (await templates()).body;
      const write = await api('PUT', `${other.base}/quote-templates/${template.id}`, { token: other.adminToken, body: templateBody() });
      expect(write.status).toBe(404);
    });
  });

  it('describes the document routes in the API document, with their roles and media types', async () => {
    const document = (await api('GET', '/api/docs-json')).body;
    const operation = (path: string, method: string) => document.paths[path][method];
    const generateDocument = operation('/api/tenants/{tenantId}/quotes/{quoteId}/generate-document', 'post');
    expect(generateDocument['x-roles']).toEqual(['superadmin', 'tenant_admin', 'tenant_user']);
    expect(Object.keys(generateDocument.responses['200'].content)).toEqual([
      'text/html',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ]);
    expect(operation('/api/tenants/{tenantId}/quote-templates', 'get')['x-roles']).toEqual(['superadmin', 'tenant_admin']);
    expect(operation('/api/tenants/{tenantId}/quote-layouts', 'get')['x-roles']).toEqual(['superadmin', 'tenant_admin', 'tenant_user']);
    expect(operation('/api/tenants/{tenantId}/quote-layouts/{id}/set-default', 'patch')['x-roles']).toEqual(['superadmin', 'tenant_admin']);
    const upload = operation('/api/uploads/signatures/{token}', 'put');
    expect(upload['x-roles']).toEqual(['public']);
    expect(upload.requestBody.content['image/png'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['200', '400', '413', '415']));
    expect(Object.keys(operation('/api/tenants/{tenantId}/objects/signatures/{file}', 'get').responses['200'].content)).toContain('image/webp');
  });
});
