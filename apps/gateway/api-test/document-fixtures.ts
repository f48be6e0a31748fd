import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DOCUMENT_QUEUE, documentQueuePrefix } from '@quotebook/contracts';
import { pngOf } from '@quotebook/testing';
import Redis from 'ioredis';
import { type Agency, created, createAgency, customerBody, periodBody, productBody } from './catalogue-fixtures';
import { api, baseUrl } from './http';

/** Lower-case letters only: a word pdftotext and Word keep whole, that no other text of the page contains. */
const word = () => [...randomBytes(7)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');

/** The agency's logo and the signature image of its 'condizioni' template: sizes a PDF's images are told by. */
export const LOGO = { width: 90, height: 45 };
export const SIGNATURE = { width: 64, height: 32 };

async function expectOk(response: Promise<{ status: number; body: unknown }>, what: string) {
  const { status, body } = await response;
  if (status < 200 || status > 299) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body as Record<string, string>;
}

/** A signature image uploaded the way the templates page does it; answers its object path. */
async function uploadSignature(agency: Agency, base?: string): Promise<string> {
  const token = agency.adminToken;
  const { uploadURL } = await expectOk(api('POST', `${agency.base}/quote-templates/upload`, { token, base }), 'upload URL');
  const image = new Uint8Array(pngOf(SIGNATURE.width, SIGNATURE.height));
  await expectOk(api('PUT', uploadURL, { rawBody: image, headers: { 'content-type': 'image/png' }, base }), 'signature upload');
  const { objectPath } = await expectOk(api('POST', `${agency.base}/quote-templates/normalize-path`, { token, body: { uploadURL }, base }), 'normalize-path');
  return objectPath;
}

async function uploadLogo(agency: Agency, base?: string): Promise<void> {
  const form = new FormData();
  form.append('logo', new Blob([new Uint8Array(pngOf(LOGO.width, LOGO.height))], { type: 'image/png' }), 'logo.png');
  await expectOk(api('POST', `${agency.base}/logo`, { token: agency.adminToken, rawBody: form, base }), 'logo upload');
}

/**
 * An agency with what a printed quote needs: its logo, a customer, two products priced on the service
 * date, a quote with both, a 'premessa' and a 'condizioni' template (this one signed with an image), and
 * a layout [premessa, quotes table, condizioni]. The texts carry random words, so each can be found in
 * the document and in its order.
 */
export async function documentScene(root: string, base?: string) {
  const agency = await createAgency(root, {}, base);
  const post = (resource: string, body: unknown) => created(agency.adminToken, `${agency.base}/${resource}`, body, base);
  await uploadLogo(agency, base);
  const signatureImagePath = await uploadSignature(agency, base);
  const customer = await post('customers', customerBody({ name: `Hotel ${word()}` }));
  const period = periodBody('2030-01-01', '2030-12-31', { costPerPerson: 25, hasFlatRate: true, flatRate: 100 });
  const products: { id: string; title: string }[] = [];
  for (const title of [`Kayak ${word()}`, `Snorkeling ${word()}`]) {
    const product = await post('products', productBody({ title }));
    await post(`products/${product.id}/availability`, period);
    products.push({ id: product.id, title });
  }
  const premessa = { title: `Premessa ${word()}`, text: `Gentile cliente ${word()}` };
  const condizioni = { title: `Condizioni ${word()}`, text: `Pagamento alla prenotazione ${word()}` };
  const template = async (templateType: string, { title, text }: { title: string; text: string }, extra: object = {}) =>
    (await post('quote-templates', { templateType, title, content: `<p>${text}</p>`, headerPrint: true, ...extra })).id as string;
  const premessaId = await template('premessa', premessa);
  const condizioniId = await template('condizioni', condizioni, { signatureImagePath });
  const layout = await post('quote-layouts', {
    name: `Standard ${word()}`,
    elements: [
      { type: 'template', templateId: premessaId, order: 0 },
      { type: 'quotes', order: 1 },
      { type: 'template', templateId: condizioniId, order: 2 },
    ],
  });
  const quote = await post('quotes', {
    customerId: customer.id,
    serviceDate: '2030-07-15',
    subject: `Gita ${word()}`,
    items: products.map((product) => ({ productId: product.id, quantity: 4 })),
  });
  return {
    agency,
    customer: customer as { id: string; name: string },
    products,
    premessa,
    condizioni,
    layoutId: layout.id as string,
    quoteId: quote.id as string,
  };
}

export type DocumentScene = Awaited<ReturnType<typeof documentScene>>;

export interface DocumentResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  /** the body as JSON when it is JSON (errors) */
  json: Record<string, unknown> | null;
  elapsedMs: number;
}

/** POST .../generate-document, the answer's bytes as they are (a PDF or Word file, or an error). */
export async function generateDocument(agency: Agency, quoteId: string, layoutId: string, format: 'pdf' | 'word' | 'preview', base?: string): Promise<DocumentResponse> {
  const started = Date.now();
  const response = await fetch(`${base ?? baseUrl()}${agency.base}/quotes/${quoteId}/generate-document`, {
    method: 'POST',
    headers: { authorization: `Bearer ${agency.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ layoutId, format }),
  });
  const body = Buffer.from(await response.arrayBuffer());
  const elapsedMs = Date.now() - started;
  let json = null;
  if (response.headers.get('content-type')?.startsWith('application/json')) json = JSON.parse(body.toString('utf8'));
  return { status: response.status, headers: response.headers, body, json, elapsedMs };
}

/** The documents of an agency in a stack's storage (hidden temporary files included, should any be left). */
export function storedDocuments(storageDir: string, tenantId: string): string[] {
  try {
    return readdirSync(path.join(storageDir, 'documents', tenantId)).sort();
  } catch {
    return [];
  }
}

/**
 * The render jobs added to a stack's document queue, and those completed, for one quote: read from the
 * queue's event stream, which keeps them after the jobs themselves are removed.
 */
export async function documentJobEvents(redisUrl: string, redisKeyPrefix: string, quoteId: string) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const events = await redis.xrange(`${documentQueuePrefix(redisKeyPrefix)}:${DOCUMENT_QUEUE}:events`, '-', '+');
    const counts: Record<string, number> = {};
    for (const [, fields] of events) {
      const entry = Object.fromEntries(fields.flatMap((value, index) => (index % 2 === 0 ? [[value, fields[index + 1]]] : [])));
      if (String(entry['jobId']).includes(quoteId)) counts[entry['event']] = (counts[entry['event']] ?? 0) + 1;
    }
    return { added: counts['added'] ?? 0, completed: counts['completed'] ?? 0 };
  } finally {
    redis.disconnect();
  }
}
