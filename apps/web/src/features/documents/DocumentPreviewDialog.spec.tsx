import type { QuoteLayoutView } from '@quotebook/contracts';
import { DOCUMENT_MESSAGES } from '@quotebook/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aLayout, aUser, gatewayError, json, on, stubGateway, type GatewayHandler, type RecordedRequest } from '../../test/gateway-stub';
import { renderWithProviders } from '../../test/render-app';
import { downloadErrorText, EmptyDocumentError, fileNameFrom, framedHtml } from './document-files';
import { DocumentPreviewDialog } from './DocumentPreviewDialog';

const LAYOUTS = '/api/tenants/tenant-1/quote-layouts';
const GENERATE = '/api/tenants/tenant-1/quotes/quote-00000000a1b2c3/generate-document';
const QUOTE = { id: 'quote-00000000a1b2c3', shortId: 'A1B2C3' };
const HTML = '<!doctype html><html><head><style>@page { size: A4; margin: 2cm }</style></head><body><h1>Preventivo #A1B2C3</h1></body></html>';

/** The documents the server would not make: each status with its reason and the server's words. */
const REFUSALS = [
  [413, 'Payload Too Large', 'DOCUMENT_TOO_LARGE', DOCUMENT_MESSAGES.documentTooLarge, /troppo grande/],
  [422, 'Unprocessable Entity', 'DOCUMENT_TOO_COMPLEX', DOCUMENT_MESSAGES.documentTooComplex, /troppo complesso/],
  [429, 'Too Many Requests', 'DOCUMENTS_BUSY', DOCUMENT_MESSAGES.documentsBusy, /Troppi documenti/],
] as const;

const breve: QuoteLayoutView = aLayout({ id: 'layout-2', name: 'Breve', description: null, isDefault: false });

/** What was asked of generate-document, in order: `format layoutId`. */
const generated = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path === GENERATE).map((request) => {
    const body = JSON.parse(request.body);
    return `${body.format} ${body.layoutId}`;
  });

interface DialogOptions {
  layouts?: QuoteLayoutView[];
  role?: 'tenant_admin' | 'tenant_user';
  onClose?: () => void;
  languages?: string[];
  language?: string;
}

function renderDialog(handlers: GatewayHandler[], { layouts = [aLayout(), breve], role = 'tenant_admin', onClose = jest.fn(), languages, language }: DialogOptions = {}) {
  const user = aUser({ role });
  const gateway = stubGateway(...handlers, on('GET', LAYOUTS, () => json(layouts)), on('GET', '/api/auth/me', () => json(user)));
  const view = renderWithProviders(
    <DocumentPreviewDialog tenantId="tenant-1" keyword="sole" canManageLayouts={role === 'tenant_admin'} quote={QUOTE} languages={languages} language={language} onClose={onClose} />,
    { token: 'token-1', user },
  );
  return { ...view, ...gateway };
}

const preview = (html = HTML): GatewayHandler => (request) =>
  request.method === 'POST' && request.path === GENERATE && JSON.parse(request.body).format === 'preview'
    ? new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
    : undefined;

const file = (format: string, reply: () => Response): GatewayHandler => (request) =>
  request.method === 'POST' && request.path === GENERATE && JSON.parse(request.body).format === format ? reply() : undefined;

const pdf = (headers: Record<string, string> = { 'content-disposition': 'attachment; filename="preventivo-A1B2C3.pdf"' }) =>
  new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'content-type': 'application/pdf', ...headers } });

/** The files the page saved: each link clicked, with its download name and address. */
function savedFiles(): Array<{ name: string; href: string }> {
  const saved: Array<{ name: string; href: string }> = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
  return saved;
}

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:document');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => jest.restoreAllMocks());

describe('document files', () => {
  it.each([
    ['attachment; filename="preventivo-A1B2C3.pdf"', 'preventivo-A1B2C3.pdf'],
    ['attachment; filename=preventivo-A1B2C3.docx', 'preventivo-A1B2C3.docx'],
    ["attachment; filename*=UTF-8''preventivo%20A1B2C3.pdf", 'preventivo A1B2C3.pdf'],
    ['attachment; filename="../../etc/preventivo.pdf"', 'preventivo.pdf'],
    ['attachment', null],
    [null, null],
  ])('%s names the file %s', (disposition, name) => {
    expect(fileNameFrom(disposition)).toBe(name);
  });

  it('words a failed download', () => {
    expect(downloadErrorText(new EmptyDocumentError())).toBe('Il file generato è vuoto');
    expect(downloadErrorText({ status: 503, message: '503: …', data: { statusText: 'Service Unavailable', message: 'x' } })).toBe('Server error: 503 Service Unavailable. x');
    expect(downloadErrorText({ status: 504, message: '504: …', data: { statusText: '', error: 'Gateway Timeout' } })).toBe('Server error: 504 Gateway Timeout');
    expect(downloadErrorText({ status: 'FETCH_ERROR', message: 'TypeError: Failed to fetch' })).toBe('Errore sconosciuto nel download del documento');
    expect(downloadErrorText(new Error('boom'))).toBe('Errore sconosciuto nel download del documento');
  });

  it.each(REFUSALS)('words a %i refusal (%s) by its reason: what to do, without the status', (status, statusText, reason, message) => {
    expect(downloadErrorText({ status, message: `${status}: …`, serverMessage: message, data: { statusText, message, reason } })).toBe(message);
    // without the server's words, the domain's
    expect(downloadErrorText({ status, message: `${status}: …`, data: { statusText, reason } })).toBe(message);
    // the words alone decide nothing
    expect(downloadErrorText({ status, message: `${status}: …`, serverMessage: message, data: { statusText, message } })).toBe(`Server error: ${status} ${statusText}. ${message}`);
  });

  it('gives the framed preview the policy the gateway serves it with', () => {
    expect(framedHtml('<html><head><title>x</title></head></html>')).toBe(
      `<html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"><title>x</title></head></html>`,
    );
    expect(framedHtml('<p>x</p>')).toMatch(/^<meta http-equiv="Content-Security-Policy" [^>]+><p>x<\/p>$/);
  });
});

describe('Anteprima Documento', () => {
  it('preselects the default layout and shows its preview a moment after opening, in a frame that runs nothing', async () => {
    let release: () => void = () => undefined;
    const asked: number[] = [];
    const opened = Date.now();
    const { requests } = renderDialog([
      (request) => {
        if (request.path !== GENERATE) return undefined;
        asked.push(Date.now() - opened);
        return new Promise<Response>((resolve) => {
          release = () => resolve(new Response(HTML, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
        });
      },
    ]);

    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });
    const select = within(dialog).getByLabelText('Layout') as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('layout-1'));
    expect([...select.options].map((option) => option.textContent)).toEqual(['Seleziona un layout', 'Standard (default)', 'Breve']);
    expect(await within(dialog).findByText('Generazione anteprima...')).toBeTruthy();
    expect(asked[0]).toBeGreaterThanOrEqual(100);
    expect(generated(requests)).toEqual(['preview layout-1']);
    expect(requests.find((request) => request.path === GENERATE)?.headers.get('authorization')).toBe('Bearer token-1');

    release();
    const frame = (await within(dialog).findByTitle('Anteprima del preventivo #A1B2C3')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(framedHtml(HTML));
    expect(within(dialog).queryByText('Generazione anteprima...')).toBeNull();
  });

  it('reloads the preview, and previews another layout when it is chosen', async () => {
    const { requests } = renderDialog([preview()]);
    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });
    await within(dialog).findByTitle('Anteprima del preventivo #A1B2C3');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Ricarica anteprima' }));
    await waitFor(() => expect(generated(requests)).toEqual(['preview layout-1', 'preview layout-1']));
    fireEvent.change(within(dialog).getByLabelText('Layout'), { target: { value: 'layout-2' } });
    await waitFor(() => expect(generated(requests)).toEqual(['preview layout-1', 'preview layout-1', 'preview layout-2']));
    expect(await within(dialog).findByTitle('Anteprima del preventivo #A1B2C3')).toBeTruthy();
  });

  it('asks for a layout when the agency has no default, and generates nothing until one is chosen', async () => {
    const { requests } = renderDialog([preview()], { layouts: [breve] });
    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });

    expect(await within(dialog).findByText("Seleziona un layout per vedere l'anteprima del documento.")).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Scarica PDF' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Stampa' }).hasAttribute('disabled')).toBe(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(generated(requests)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Layout'), { target: { value: 'layout-2' } });
    expect(await within(dialog).findByTitle('Anteprima del preventivo #A1B2C3')).toBeTruthy();
    expect(generated(requests)).toEqual(['preview layout-2']);
  });

  it('says when the agency has no layout, and leads an admin to the templates page', async () => {
    const onClose = jest.fn();
    const { router } = renderDialog([], { layouts: [], onClose });
    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });

    expect(await within(dialog).findByText('Nessun layout disponibile.')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'Template Descrizioni' });
    expect(link.getAttribute('href')).toBe('/sole/quote-templates');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sole/quote-templates'));
    expect(onClose).toHaveBeenCalled();
  });

  it('tells a tenant user without layouts to ask an administrator', async () => {
    renderDialog([], { layouts: [], role: 'tenant_user' });
    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });

    expect(await within(dialog).findByText('Chiedi a un amministratore di crearne uno.')).toBeTruthy();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it("titles a failed preview 'Errore nella generazione' with the server's words, or the fallback", async () => {
    let calls = 0;
    renderDialog([
      (request) =>
        request.path === GENERATE ? (++calls === 1 ? gatewayError(404, 'Layout non trovato', 'Not Found') : new Response('', { status: 500 })) : undefined,
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });

    expect(await screen.findByText('Layout non trovato')).toBeTruthy();
    expect(screen.getByText('Errore nella generazione')).toBeTruthy();
    expect(within(dialog).getByText('Anteprima non disponibile.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ricarica anteprima' }));
    expect(await screen.findByText('Errore nella generazione del documento. Riprova o contatta il supporto.')).toBeTruthy();
  });

  it.each(REFUSALS)('says where the preview would be why a %i (%s) document cannot be made', async (status, statusText, reason, message, words) => {
    let refused = true;
    renderDialog([(request) => (request.path !== GENERATE ? undefined : refused ? gatewayError(status, message, statusText, reason) : preview()(request))]);
    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });

    const said = await within(dialog).findByRole('alert');
    expect(said.textContent).toBe(message);
    expect(said.textContent).toMatch(words);
    expect(within(dialog).getByText('Errore nella generazione')).toBeTruthy();
    expect(within(dialog).queryByText('Anteprima non disponibile.')).toBeNull();

    refused = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ricarica anteprima' }));
    expect(await within(dialog).findByTitle('Anteprima del preventivo #A1B2C3')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it.each(REFUSALS)("titles a %i (%s) download 'Errore nel download' with the server's words alone", async (status, statusText, reason, message, words) => {
    const saved = savedFiles();
    renderDialog([preview(), file('pdf', () => gatewayError(status, message, statusText, reason)), file('word', () => gatewayError(status, message, statusText, reason))]);
    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });
    await within(dialog).findByTitle('Anteprima del preventivo #A1B2C3');

    for (const button of ['Scarica PDF', 'Scarica Word']) {
      fireEvent.click(within(dialog).getByRole('button', { name: button }));
      const toast = await screen.findByText(message);
      expect(toast.textContent).toMatch(words);
      expect(screen.getByText('Errore nel download')).toBeTruthy();
      fireEvent.click(within(toast.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByText(message)).toBeNull());
    }
    expect(saved).toEqual([]);
  });

  it("previews and downloads in the language chosen among the agency's, starting from the customer's", async () => {
    const { requests } = renderDialog([preview(), file('pdf', () => pdf())], { languages: ['it', 'en', 'de'], language: 'en' });
    savedFiles();
    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });
    await within(dialog).findByTitle('Anteprima del preventivo #A1B2C3');
    const language = within(dialog).getByLabelText('Lingua') as HTMLSelectElement;
    expect(language.value).toBe('en');
    expect([...language.options].map((option) => option.text)).toEqual(['Italiano', 'English', 'Deutsch']);
    const languages = () => requests.filter((request) => request.path === GENERATE).map((request) => `${JSON.parse(request.body).format} ${JSON.parse(request.body).language}`);
    expect(languages()).toEqual(['preview en']);

    fireEvent.change(language, { target: { value: 'de' } });
    await waitFor(() => expect(languages()).toEqual(['preview en', 'preview de']));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Scarica PDF' }));
    await waitFor(() => expect(languages()).toEqual(['preview en', 'preview de', 'pdf de']));
  });

  it('offers no language choice to an agency that writes in Italian only', async () => {
    renderDialog([preview()], { languages: ['it'] });
    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });
    await within(dialog).findByTitle('Anteprima del preventivo #A1B2C3');
    expect(within(dialog).queryByLabelText('Lingua')).toBeNull();
  });

  it('downloads the PDF and the Word file under the names the server gives, or the quote short id', async () => {
    const saved = savedFiles();
    const { requests } = renderDialog([
      preview(),
      file('pdf', () => pdf()),
      file('word', () => new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } })),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });
    await within(dialog).findByTitle('Anteprima del preventivo #A1B2C3');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Scarica PDF' }));
    expect(await screen.findByText('Documento generato')).toBeTruthy();
    expect(saved).toEqual([{ name: 'preventivo-A1B2C3.pdf', href: 'blob:document' }]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Scarica Word' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual({ name: 'preventivo-A1B2C3.docx', href: 'blob:document' });
    expect(generated(requests)).toEqual(['preview layout-1', 'pdf layout-1', 'word layout-1']);
  });

  it('shows a download running on its button', async () => {
    let release: () => void = () => undefined;
    savedFiles();
    const held = () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(pdf());
      });
    renderDialog([preview(), file('pdf', held as unknown as () => Response)]);
    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });
    await within(dialog).findByTitle('Anteprima del preventivo #A1B2C3');

    const button = within(dialog).getByRole('button', { name: 'Scarica PDF' });
    fireEvent.click(button);
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    expect(within(button).getByRole('progressbar')).toBeTruthy();
    release();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(await screen.findByText('Documento generato')).toBeTruthy();
  });

  it.each([
    ['an empty file', () => new Response(new Uint8Array(0), { headers: { 'content-type': 'application/pdf' } }), 'Il file generato è vuoto'],
    [
      'a server error',
      () => new Response(JSON.stringify({ statusCode: 503, message: 'Il servizio di generazione PDF non è disponibile.' }), { status: 503, statusText: 'Service Unavailable', headers: { 'content-type': 'application/json' } }),
      'Server error: 503 Service Unavailable. Il servizio di generazione PDF non è disponibile.',
    ],
    [
      // what the gateway answers while Gotenberg is down
      'the PDF service down',
      () => gatewayError(503, DOCUMENT_MESSAGES.pdfServiceUnavailable, 'Service Unavailable', 'SERVICE_UNAVAILABLE'),
      `Server error: 503 Service Unavailable. ${DOCUMENT_MESSAGES.pdfServiceUnavailable}`,
    ],
    [
      'no answer at all',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Errore sconosciuto nel download del documento',
    ],
  ])("titles %s 'Errore nel download'", async (_what, reply, text) => {
    const saved = savedFiles();
    renderDialog([preview(), file('pdf', reply)]);
    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });
    await within(dialog).findByTitle('Anteprima del preventivo #A1B2C3');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Scarica PDF' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByText('Errore nel download')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('prints the preview from a frame that runs no script', async () => {
    renderDialog([preview()]);
    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });
    await within(dialog).findByTitle('Anteprima del preventivo #A1B2C3');
    const frames: HTMLIFrameElement[] = [];
    const printed = jest.fn();
    const append = document.body.append.bind(document.body);
    jest.spyOn(document.body, 'append').mockImplementation((...nodes) => {
      append(...nodes);
      for (const node of nodes) {
        if (!(node instanceof HTMLIFrameElement) || !node.contentWindow) continue;
        frames.push(node);
        Object.assign(node.contentWindow, { print: printed, focus: jest.fn() });
      }
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Stampa' }));
    await waitFor(() => expect(printed).toHaveBeenCalledTimes(1));
    expect(frames).toHaveLength(1);
    expect(frames[0].getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
    expect(frames[0].getAttribute('srcdoc')).toBe(framedHtml(HTML));
  });
});
