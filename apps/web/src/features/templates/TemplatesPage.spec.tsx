import type { QuoteLayoutView, QuoteTemplateView } from '@quotebook/contracts';
import { htmlShape, layoutContentTooBig, templateContentTooBig } from '@quotebook/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answerDeleteConfirmation } from '../../test/confirm';
import { aLayout, aTemplate, aUser, gatewayError, json, on, type RecordedRequest } from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
import { draftElement, layoutRequestFrom, moveElement, validateLayoutForm } from './layout-form';
import { signatureFileProblem, uploadSignature, type SignatureUploadCalls } from './signature-upload';
import { hasText, validateTemplateForm } from './template-form';

const TEMPLATES = '/api/tenants/tenant-1/quote-templates';
const LAYOUTS = '/api/tenants/tenant-1/quote-layouts';
const TOKEN = 'a'.repeat(64);
const UPLOAD_URL = `/api/uploads/signatures/${TOKEN}`;
const OBJECT_PATH = '/objects/signatures/tenant-1/0b7e6c9a-2f55-4c1e-9a43-5d2f1e8b7c10.png';
const IMAGE = '/api/tenants/tenant-1/objects/signatures/0b7e6c9a-2f55-4c1e-9a43-5d2f1e8b7c10.png';

const condizioni = aTemplate({ id: 'template-2', templateType: 'condizioni', title: 'Condizioni generali', content: '<p>Pagamento a 30 giorni.</p>', headerPrint: false });
const firma = aTemplate({ id: 'template-3', templateType: 'firma', title: 'Firma del direttore', content: '<p>Il direttore</p>' });

const nested = (tag: string, levels: number, inner: string) => `${`<${tag}>`.repeat(levels)}${inner}${`</${tag}>`.repeat(levels)}`;

// jsdom lays nothing out: the editor scrolls its selection into view with these
beforeAll(() => {
  const noRect = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, right: 0, bottom: 0, left: 0, toJSON: () => ({}) });
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = noRect;
});

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:signature');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => jest.restoreAllMocks());

/** The rich-text editor of a dialog: typing is what the browser does to its paragraph. */
async function typeContent(dialog: HTMLElement, text: string): Promise<void> {
  const editor = within(dialog).getByRole('textbox', { name: 'Contenuto' });
  const paragraph = editor.querySelector('p') as HTMLElement;
  paragraph.textContent = text;
  await waitFor(() => expect(editor.textContent).toBe(text));
}

function renderTemplates(handlers: Parameters<typeof renderTenantPage>[1] = [], templates: QuoteTemplateView[] = [aTemplate(), condizioni, firma]) {
  return renderTenantPage('/sole/quote-templates', [...handlers, on('GET', TEMPLATES, () => json(templates)), on('GET', LAYOUTS, () => json([aLayout()]))]);
}

describe('template and layout forms', () => {
  it('asks for a title and a content with text', () => {
    const empty = { templateType: 'premessa', title: ' ', content: '<p></p>', signatureImagePath: null, headerPrint: true, isActive: true, translations: {} } as const;
    expect(validateTemplateForm(empty)).toEqual({ title: 'Il titolo del template è obbligatorio', content: 'Il contenuto del template è obbligatorio' });
    expect(validateTemplateForm({ ...empty, title: 'Premessa', content: '<p><strong>Ciao</strong></p>' })).toEqual({});
    expect(hasText('<p>&nbsp;</p><ul><li></li></ul>')).toBe(false);
  });

  it("refuses content past a template's bounds with the server's messages, measured as stored", () => {
    const values = { templateType: 'premessa', title: 'Premessa', content: '', signatureImagePath: null, headerPrint: true, isActive: true, translations: {} } as const;
    const refused = (content: string) => validateTemplateForm({ ...values, content }).content;

    expect(refused(`<p>${'a'.repeat(99_993)}</p>`)).toBeUndefined();
    expect(refused(`<p>${'a'.repeat(99_994)}</p>`)).toBe('Il contenuto del template può avere al massimo 100.000 caratteri');
    // `&` is stored as the five characters of `&amp;`
    expect(refused(`<p>${'&amp;'.repeat(20_000)}</p>`)).toBe(templateContentTooBig('characters'));
    expect(refused(nested('blockquote', 31, '<p>x</p>'))).toBeUndefined();
    expect(refused(nested('blockquote', 32, '<p>x</p>'))).toBe('Il contenuto del template può avere al massimo 32 livelli di formattazione annidati');
    expect(refused('<p>x</p>'.repeat(5_001))).toBe(templateContentTooBig('elements'));
    expect(refused('<ul><li>x</li></ul>'.repeat(1_001))).toBe(templateContentTooBig('lists'));
    expect(refused(nested('blockquote', 40, '<p>x</p>'.repeat(5_000)))).toBe([templateContentTooBig('elements'), templateContentTooBig('depth')].join('\n'));
  });

  it("refuses a layout whose templates together pass the layout's bounds, as the server counts them", () => {
    const big = `<p>${'a'.repeat(99_993)}</p>`;
    const shapes = new Map([
      ['big', htmlShape(big)],
      ['lists', htmlShape('<ul><li>x</li></ul>'.repeat(500))],
    ]);
    const layout = (...ids: string[]) => ({ name: 'Completo', description: '', elements: [draftElement('quotes', null), ...ids.map((id) => draftElement('template', id))] });

    expect(validateLayoutForm(layout('big', 'big', 'big'), shapes)).toEqual({});
    expect(validateLayoutForm(layout('big', 'big', 'big', 'lists'), shapes)).toEqual({ elements: layoutContentTooBig('characters') });
    // a template printed twice counts twice
    expect(validateLayoutForm(layout('lists', 'lists', 'lists'), shapes)).toEqual({ elements: 'I template del layout insieme possono avere al massimo 1.000 elenchi' });
    expect(validateLayoutForm(layout('unknown', 'lists'), shapes)).toEqual({});
  });

  it('asks for a name and an element; each element is sent with its position', () => {
    expect(validateLayoutForm({ name: '', description: '', elements: [] })).toEqual({
      name: 'Il nome del layout è obbligatorio',
      elements: 'Il layout deve contenere almeno un elemento',
    });
    const elements = [
      { key: 'a', type: 'quotes', templateId: null },
      { key: 'b', type: 'template', templateId: 'template-1' },
    ] as const;
    expect(layoutRequestFrom({ name: ' Breve ', description: ' ', elements: moveElement(elements, 1, -1) })).toEqual({
      name: 'Breve',
      description: null,
      elements: [
        { type: 'template', templateId: 'template-1', order: 0 },
        { type: 'quotes', templateId: null, order: 1 },
      ],
    });
    expect(moveElement(elements, 0, -1)).toEqual(elements);
    expect(moveElement(elements, 1, 1)).toEqual(elements);
  });

  it('uploads a signature in three calls, in order, and names the step that failed', async () => {
    const file = new File(['x'], 'firma.png', { type: 'image/png' });
    const done: string[] = [];
    const calls = (failing?: string): SignatureUploadCalls => {
      const step = async <T,>(name: string, value: T) => {
        done.push(name);
        if (name === failing) throw new Error(name);
        return value;
      };
      return {
        signedIn: true,
        uploadUrl: () => step('uploadUrl', UPLOAD_URL),
        put: (url, sent) => step('put', new Response(null, { status: url === UPLOAD_URL && sent === file ? 200 : 400 })),
        normalize: (url) => step('normalize', url === UPLOAD_URL ? OBJECT_PATH : ''),
      };
    };

    await expect(uploadSignature(file, calls())).resolves.toBe(OBJECT_PATH);
    expect(done).toEqual(['uploadUrl', 'put', 'normalize']);
    await expect(uploadSignature(file, { ...calls(), signedIn: false })).rejects.toThrow(
      'Errore durante il caricamento del file: User not authenticated or tenant not found',
    );
    await expect(uploadSignature(file, calls('uploadUrl'))).rejects.toThrow('Errore durante il caricamento del file: Failed to get upload URL');
    await expect(uploadSignature(file, calls('put'))).rejects.toThrow('Errore durante il caricamento del file: Failed to upload file');
    await expect(uploadSignature(file, { ...calls(), put: async () => new Response(null, { status: 413 }) })).rejects.toThrow(
      'Errore durante il caricamento del file: Failed to upload file',
    );
    await expect(uploadSignature(file, calls('normalize'))).rejects.toThrow('Errore durante il caricamento del file: Failed to normalize path');
  });

  it('accepts PNG, JPEG, GIF and WebP images up to 1MB', () => {
    expect(signatureFileProblem({ type: 'image/png', size: 1024 * 1024 })).toBeNull();
    expect(signatureFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(signatureFileProblem({ type: 'application/pdf', size: 10 })).toBe('Per favore seleziona un file immagine');
    expect(signatureFileProblem({ type: 'image/png', size: 1024 * 1024 + 1 })).toBe('Il file deve essere massimo 1MB');
  });
});

describe('Template Descrizioni page', () => {
  it('tells a tenant user that only administrators manage templates, and reads nothing', async () => {
    const { requests } = renderTenantPage('/sole/quote-templates', [], aUser({ role: 'tenant_user' }));

    expect(await screen.findByText('Accesso negato. Solo gli amministratori possono gestire i template.')).toBeTruthy();
    expect(requests.some((request) => request.path.includes('quote-'))).toBe(false);
    // the frame offers the tab to admins only
    expect(screen.queryByRole('tab', { name: 'Template Descrizioni' })).toBeNull();
  });

  it('shows a tab per template type and the layouts, each type listing its own templates', async () => {
    renderTemplates();

    expect(await screen.findByRole('heading', { level: 1, name: 'Template Descrizioni' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Template Descrizioni' }).getAttribute('aria-selected')).toBe('true');
    const sections = screen.getByRole('tablist', { name: 'Tipi di template' });
    expect(within(sections).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Premessa',
      'Presentazione',
      'Complementi',
      'Condizioni',
      'Conclusioni',
      'Firma',
      'Layout',
    ]);
    const row = (await screen.findByText('Premessa standard')).closest('tr') as HTMLElement;
    expect(within(row).getAllByText('Sì')).toHaveLength(2);
    expect(within(row).getByText('02/04/2025')).toBeTruthy();
    expect(screen.queryByText('Condizioni generali')).toBeNull();

    fireEvent.click(within(sections).getByRole('tab', { name: 'Condizioni' }));
    const condition = (await screen.findByText('Condizioni generali')).closest('tr') as HTMLElement;
    expect(within(condition).getByText('No')).toBeTruthy();
    expect(screen.queryByText('Premessa standard')).toBeNull();

    fireEvent.click(within(sections).getByRole('tab', { name: 'Presentazione' }));
    expect(await screen.findByText('Nessun template Presentazione')).toBeTruthy();

    fireEvent.click(within(sections).getByRole('tab', { name: 'Layout' }));
    const layout = (await screen.findByText('Standard')).closest('tr') as HTMLElement;
    expect(within(layout).getByText('Default')).toBeTruthy();
    expect(within(layout).getByText('Premessa e tabella')).toBeTruthy();
    expect(within(layout).getByText('2')).toBeTruthy();
  });

  it('searches the templates of the tab by title and text', async () => {
    renderTemplates([], [aTemplate(), aTemplate({ id: 'template-9', title: 'Premessa scuole', content: '<p>Per le gite scolastiche</p>' })]);
    await screen.findByText('Premessa scuole');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'GITE' } });
    expect(screen.queryByText('Premessa standard')).toBeNull();
    expect(screen.getByText('Premessa scuole')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nulla' } });
    expect(screen.getByText('Nessun template trovato')).toBeTruthy();
  });

  it('refuses a template without title or content, then sends the HTML of the editor', async () => {
    const { requests } = renderTemplates([on('POST', TEMPLATES, (request) => json({ ...aTemplate(), ...JSON.parse(request.body), id: 'template-new' }, 201))]);
    await screen.findByText('Premessa standard');

    fireEvent.click(screen.getByRole('button', { name: 'Add Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Template' });
    const editor = await within(dialog).findByRole('textbox', { name: 'Contenuto' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    expect(within(dialog).getByText('Il titolo del template è obbligatorio')).toBeTruthy();
    expect(within(dialog).getByText('Il contenuto del template è obbligatorio')).toBeTruthy();
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Titolo'), { target: { value: '  Premessa gite  ' } });
    await typeContent(dialog, 'Siamo lieti di proporvi');
    const toolbar = within(dialog).getByRole('toolbar', { name: 'Formattazione' });
    expect(within(toolbar).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Grassetto',
      'Corsivo',
      'Titolo 1',
      'Titolo 2',
      'Titolo 3',
      'Elenco puntato',
      'Elenco numerato',
      'Link',
      'Rimuovi link',
    ]);
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Elenco puntato' }));
    await waitFor(() => expect(within(toolbar).getByRole('button', { name: 'Elenco puntato' }).getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Stampa intestazione' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }));

    expect(await screen.findByText('Template creato con successo')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', TEMPLATES)).toEqual([
      {
        templateType: 'premessa',
        title: 'Premessa gite',
        content: '<ul><li><p>Siamo lieti di proporvi</p></li></ul>',
        signatureImagePath: null,
        headerPrint: false,
        isActive: true,
        translations: {},
        tenantId: 'tenant-1',
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits a template and its formatting, keeping what it did not touch', async () => {
    const { requests } = renderTemplates([on('PUT', `${TEMPLATES}/template-1`, (request) => json({ ...aTemplate(), ...JSON.parse(request.body) }))]);
    const row = (await screen.findByText('Premessa standard')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
    const editor = await within(dialog).findByRole('textbox', { name: 'Contenuto' });
    expect(editor.innerHTML).toBe('<p>Gentile cliente, ecco la nostra proposta.</p>');
    expect((within(dialog).getByLabelText('Tipo') as HTMLSelectElement).value).toBe('premessa');
    fireEvent.change(within(dialog).getByLabelText('Tipo'), { target: { value: 'presentazione' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Titolo 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Template aggiornato con successo')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', `${TEMPLATES}/template-1`)).toEqual([
      {
        templateType: 'presentazione',
        title: 'Premessa standard',
        content: '<h2>Gentile cliente, ecco la nostra proposta.</h2>',
        signatureImagePath: null,
        headerPrint: true,
        isActive: true,
        translations: {},
      },
    ]);
  });

  it("writes the template's text in each of the agency's languages, Italian its own, and keeps the others it has", async () => {
    const translated = aTemplate({ translations: { de: { title: 'Einleitung', content: '<p>Sehr geehrte Kunden</p>' } } });
    const { requests } = renderTemplates(
      [on('PUT', `${TEMPLATES}/template-1`, (request) => json({ ...translated, ...JSON.parse(request.body) }))],
      [translated, condizioni, firma],
    );
    fireEvent.click(within((await screen.findByText('Premessa standard')).closest('tr') as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
    await within(dialog).findByRole('textbox', { name: 'Contenuto' });
    // the stub agency offers Italian and English; German is the template's own
    const tabs = within(dialog).getByRole('tablist', { name: 'Lingua del testo' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Italiano', 'English', 'Deutsch']);

    fireEvent.click(within(tabs).getByRole('tab', { name: 'English' }));
    fireEvent.change(within(dialog).getByLabelText('Titolo (English)'), { target: { value: ' Introduction ' } });
    const english = await within(dialog).findByRole('textbox', { name: 'Contenuto (English)' });
    (english.querySelector('p') as HTMLElement).textContent = 'Dear customer';
    await waitFor(() => expect(english.textContent).toBe('Dear customer'));
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Deutsch' }));
    expect(((await within(dialog).findByRole('textbox', { name: 'Contenuto (Deutsch)' })) as HTMLElement).textContent).toBe('Sehr geehrte Kunden');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Italiano' }));
    expect((await within(dialog).findByRole('textbox', { name: 'Contenuto' })).textContent).toBe('Gentile cliente, ecco la nostra proposta.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Template aggiornato con successo')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', `${TEMPLATES}/template-1`)).toEqual([
      expect.objectContaining({
        title: 'Premessa standard',
        translations: {
          de: { title: 'Einleitung', content: '<p>Sehr geehrte Kunden</p>' },
          en: { title: 'Introduction', content: '<p>Dear customer</p>' },
        },
      }),
    ]);
  });

  it("titles a failed save 'Errore' with the server's words, or the fallback", async () => {
    let calls = 0;
    renderTemplates([
      on('PUT', `${TEMPLATES}/template-1`, () => (++calls === 1 ? gatewayError(400, ['signatureImagePath must be a path answered by normalize-path']) : new Response('', { status: 500 }))),
    ]);
    fireEvent.click(within((await screen.findByText('Premessa standard')).closest('tr') as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
    await within(dialog).findByRole('textbox', { name: 'Contenuto' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('signatureImagePath must be a path answered by normalize-path')).toBeTruthy();
    expect(screen.getByText('Errore')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText("Errore nell'aggiornamento del template")).toBeTruthy();
  });

  it("refuses content past a template's bounds as it is written, then shows the server's refusal", async () => {
    const { requests } = renderTemplates([
      on('PUT', `${TEMPLATES}/template-1`, () => gatewayError(400, [layoutContentTooBig('characters', 'Standard')], 'Bad Request', 'VALIDATION_FAILED')),
    ]);
    fireEvent.click(within((await screen.findByText('Premessa standard')).closest('tr') as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
    const editor = await within(dialog).findByRole('textbox', { name: 'Contenuto' });

    await typeContent(dialog, 'a'.repeat(100_000));
    expect(await within(dialog).findByText('Il contenuto del template può avere al massimo 100.000 caratteri')).toBeTruthy();
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await typeContent(dialog, 'a'.repeat(99_000));
    await waitFor(() => expect(within(dialog).queryByText(templateContentTooBig('characters'))).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('I template del layout «Standard» insieme possono avere al massimo 300.000 caratteri')).toBeTruthy();
    expect(screen.getByText('Errore')).toBeTruthy();
    expect(within(screen.getByRole('dialog', { name: 'Edit Template' })).getByRole('textbox', { name: 'Contenuto' })).toBeTruthy();
  });

  it('refuses a paste nested past the limit, and says so to whoever listens', async () => {
    renderTemplates();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Template' });
    const editor = await within(dialog).findByRole('textbox', { name: 'Contenuto' });
    const pasted = (html: string) => ({ clipboardData: { types: ['text/html'], getData: (type: string) => (type === 'text/html' ? html : '') } });

    fireEvent.paste(editor, pasted(`<p>Premessa</p>${nested('blockquote', 40, '<p>Citazione</p>')}`));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toBe('Il contenuto del template può avere al massimo 32 livelli di formattazione annidati');
    expect(editor.getAttribute('aria-describedby')).toBe(refusal.id);
    expect(editor.querySelector('blockquote')).toBeNull();
    expect(editor.textContent).toBe('');

    fireEvent.paste(editor, pasted(`<p>Premessa</p>${nested('blockquote', 3, '<p>Citazione</p>')}`));
    await waitFor(() => expect(editor.querySelectorAll('blockquote')).toHaveLength(3));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(editor.hasAttribute('aria-describedby')).toBe(false);
  });

  it('deletes after a confirmation naming the template; a template a layout prints stays, with the layouts named', async () => {
    let inUse = true;
    const { requests } = renderTemplates([
      on('DELETE', `${TEMPLATES}/template-1`, () =>
        inUse ? gatewayError(409, 'Il template è usato dai layout: Standard, Breve', 'Conflict', 'TEMPLATE_IN_USE') : new Response(null, { status: 204 }),
      ),
    ]);
    const row = (await screen.findByText('Premessa standard')).closest('tr') as HTMLElement;
    const question = 'Are you sure you want to delete this template? This action cannot be undone.';

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await answerDeleteConfirmation("Delete template 'Premessa standard'?", question, 'Cancel');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await answerDeleteConfirmation("Delete template 'Premessa standard'?", question, 'Delete');
    expect(await screen.findByText('Il template è usato dai layout: Standard, Breve')).toBeTruthy();
    expect(screen.getByText('Errore')).toBeTruthy();

    inUse = false;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await answerDeleteConfirmation("Delete template 'Premessa standard'?", question, 'Delete');
    expect(await screen.findByText('Template eliminato con successo')).toBeTruthy();
  });
});

describe('signature image of a template', () => {
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'firma.png', { type: 'image/png' });

  /** The firma tab's new-template dialog. */
  async function openFirmaDialog(): Promise<HTMLElement> {
    fireEvent.click(await screen.findByRole('tab', { name: 'Firma' }));
    await screen.findByText('Firma del direttore');
    fireEvent.click(screen.getByRole('button', { name: 'Add Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Template' });
    await within(dialog).findByRole('textbox', { name: 'Contenuto' });
    return dialog;
  }

  const choose = (dialog: HTMLElement, file: File) => fireEvent.change(within(dialog).getByLabelText('Carica immagine'), { target: { files: [file] } });

  const uploadCalls = (requests: RecordedRequest[]) =>
    requests.filter((request) => /quote-templates\/(upload|normalize-path)$|uploads\/signatures/.test(request.path)).map((request) => `${request.method} ${request.path}`);

  it('uploads in three calls, shows the image from the server and saves its path with the template', async () => {
    const { requests } = renderTemplates([
      on('POST', `${TEMPLATES}/upload`, () => json({ uploadURL: UPLOAD_URL })),
      on('PUT', UPLOAD_URL, () => json({ objectPath: OBJECT_PATH })),
      on('POST', `${TEMPLATES}/normalize-path`, () => json({ objectPath: OBJECT_PATH })),
      on('GET', IMAGE, () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } })),
      on('POST', TEMPLATES, (request) => json({ ...firma, ...JSON.parse(request.body), id: 'template-new' }, 201)),
    ]);
    const dialog = await openFirmaDialog();
    expect((within(dialog).getByLabelText('Tipo') as HTMLSelectElement).value).toBe('firma');

    choose(dialog, png());
    const image = (await within(dialog).findByRole('img', { name: 'Immagine della firma' })) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('blob:signature');
    expect(uploadCalls(requests)).toEqual([`POST ${TEMPLATES}/upload`, `PUT ${UPLOAD_URL}`, `POST ${TEMPLATES}/normalize-path`]);
    const put = requests.find((request) => request.method === 'PUT') as RecordedRequest;
    expect(put.headers.get('content-type')).toBe('image/png');
    expect(put.headers.get('authorization')).toBeNull();
    expect(bodiesOf(requests, 'POST', `${TEMPLATES}/normalize-path`)).toEqual([{ uploadURL: UPLOAD_URL }]);
    expect(requests.find((request) => request.path === IMAGE)?.headers.get('authorization')).toBe('Bearer token-1');

    fireEvent.change(within(dialog).getByLabelText('Titolo'), { target: { value: 'Firma del titolare' } });
    await typeContent(dialog, 'Il titolare');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    expect(await screen.findByText('Template creato con successo')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', TEMPLATES)).toEqual([expect.objectContaining({ templateType: 'firma', signatureImagePath: OBJECT_PATH })]);
  });

  it('checks the file first: not an image, or over 1MB, is never sent', async () => {
    const { requests } = renderTemplates();
    const dialog = await openFirmaDialog();

    choose(dialog, new File(['%PDF-1.7'], 'firma.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('Per favore seleziona un file immagine')).toBeTruthy();
    choose(dialog, new File([new Uint8Array(1024 * 1024 + 1)], 'grande.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('Il file deve essere massimo 1MB')).toBeTruthy();
    expect(uploadCalls(requests)).toEqual([]);
  });

  it.each([
    ['the upload URL', [on('POST', `${TEMPLATES}/upload`, () => gatewayError(503, 'documents did not answer'))], 'Failed to get upload URL', 1],
    [
      'the file',
      [on('POST', `${TEMPLATES}/upload`, () => json({ uploadURL: UPLOAD_URL })), on('PUT', UPLOAD_URL, () => gatewayError(400, 'Link di caricamento non valido'))],
      'Failed to upload file',
      2,
    ],
    [
      'the path',
      [
        on('POST', `${TEMPLATES}/upload`, () => json({ uploadURL: UPLOAD_URL })),
        on('PUT', UPLOAD_URL, () => json({ objectPath: OBJECT_PATH })),
        on('POST', `${TEMPLATES}/normalize-path`, () => gatewayError(400, 'Il file non è ancora stato caricato su questo link.')),
      ],
      'Failed to normalize path',
      3,
    ],
  ])('says which step failed when %s fails', async (_step, handlers, reason, calls) => {
    const { requests } = renderTemplates(handlers);
    const dialog = await openFirmaDialog();

    choose(dialog, png());
    expect(await within(dialog).findByText(`Errore durante il caricamento del file: ${reason}`)).toBeTruthy();
    expect(uploadCalls(requests)).toHaveLength(calls);
    expect(within(dialog).queryByRole('img')).toBeNull();
  });
});

describe('layouts', () => {
  const breve: QuoteLayoutView = aLayout({ id: 'layout-2', name: 'Breve', description: null, isDefault: false, elements: [aLayout().elements[1]] });

  async function renderLayouts(handlers: Parameters<typeof renderTenantPage>[1] = []) {
    const view = renderTemplates([on('GET', LAYOUTS, () => json([aLayout(), breve])), ...handlers]);
    fireEvent.click(await screen.findByRole('tab', { name: 'Layout' }));
    return view;
  }

  const names = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));

  it('builds a layout: the quote table and templates added, moved up and down, removed; sent in that order', async () => {
    const { requests } = await renderLayouts([on('POST', LAYOUTS, (request) => json({ ...breve, ...JSON.parse(request.body), id: 'layout-new' }, 201))]);
    await screen.findByText('Breve');

    fireEvent.click(screen.getByRole('button', { name: 'Add Layout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Layout' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Layout' }));
    expect(within(dialog).getByText('Il nome del layout è obbligatorio')).toBeTruthy();
    expect(within(dialog).getByText('Il layout deve contenere almeno un elemento')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Completo' } });
    fireEvent.change(within(dialog).getByLabelText('Descrizione'), { target: { value: 'Tutte le sezioni' } });
    const add = within(dialog).getByRole('group', { name: 'Aggiungi un elemento' });
    fireEvent.click(within(add).getByRole('button', { name: 'Aggiungi tabella preventivo' }));
    const template = within(add).getByLabelText('Template') as HTMLSelectElement;
    await waitFor(() => expect(template.options).toHaveLength(4));
    expect([...template.options].map((option) => option.textContent)).toEqual([
      'Scegli un template',
      'Premessa · Premessa standard',
      'Condizioni · Condizioni generali',
      'Firma · Firma del direttore',
    ]);
    for (const id of ['template-1', 'template-2', 'template-3']) {
      fireEvent.change(template, { target: { value: id } });
      fireEvent.click(within(add).getByRole('button', { name: 'Aggiungi template' }));
    }
    const list = within(dialog).getByRole('list', { name: 'Elementi del layout' });
    expect(names(list)).toEqual(['1. Tabella del preventivo', '2. Premessa standard', '3. Condizioni generali', '4. Firma del direttore']);

    // the premessa goes first, by keyboard: the focus stays on the moved element's button
    const premessa = within(list).getByRole('listitem', { name: '2. Premessa standard' });
    act(() => within(premessa).getByRole('button', { name: 'Sposta su' }).focus());
    fireEvent.click(within(premessa).getByRole('button', { name: 'Sposta su' }));
    expect(names(list)).toEqual(['1. Premessa standard', '2. Tabella del preventivo', '3. Condizioni generali', '4. Firma del direttore']);
    const moved = within(list).getByRole('listitem', { name: '1. Premessa standard' });
    await waitFor(() => expect(document.activeElement).toBe(within(moved).getByRole('button', { name: 'Sposta su' })));
    expect(within(moved).getByRole('button', { name: 'Sposta su' }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(within(within(list).getByRole('listitem', { name: '3. Condizioni generali' })).getByRole('button', { name: 'Sposta giù' }));
    expect(names(list)).toEqual(['1. Premessa standard', '2. Tabella del preventivo', '3. Firma del direttore', '4. Condizioni generali']);
    expect(within(within(list).getByRole('listitem', { name: '4. Condizioni generali' })).getByRole('button', { name: 'Sposta giù' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(within(list).getByRole('listitem', { name: '3. Firma del direttore' })).getByRole('button', { name: 'Rimuovi' }));
    expect(names(list)).toEqual(['1. Premessa standard', '2. Tabella del preventivo', '3. Condizioni generali']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Layout' }));
    expect(await screen.findByText('Layout creato con successo')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LAYOUTS)).toEqual([
      {
        name: 'Completo',
        description: 'Tutte le sezioni',
        elements: [
          { type: 'template', templateId: 'template-1', order: 0 },
          { type: 'quotes', templateId: null, order: 1 },
          { type: 'template', templateId: 'template-2', order: 2 },
        ],
        tenantId: 'tenant-1',
      },
    ]);
  });

  it("gives the template chooser beside 'Aggiungi template' the room to show the chosen template's name", async () => {
    await renderLayouts();
    await screen.findByText('Breve');
    fireEvent.click(screen.getByRole('button', { name: 'Add Layout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Layout' });
    const add = within(dialog).getByRole('group', { name: 'Aggiungi un elemento' });
    const template = within(add).getByLabelText('Template') as HTMLSelectElement;
    await waitFor(() => expect(template.options).toHaveLength(4));
    fireEvent.change(template, { target: { value: 'template-2' } });
    expect(template.selectedOptions[0].textContent).toBe('Condizioni · Condizioni generali');

    // the chooser's box in the row it shares with the button: never narrower than a template's name needs
    const button = within(add).getByRole('button', { name: 'Aggiungi template' });
    let chooser: HTMLElement = template;
    while (chooser.parentElement && !chooser.parentElement.contains(button)) chooser = chooser.parentElement;
    expect(parseFloat(getComputedStyle(chooser).minWidth)).toBeGreaterThanOrEqual(200);
    // the row wraps on a phone: the button goes under the chooser instead of squeezing it
    expect(getComputedStyle(chooser.parentElement as HTMLElement).flexWrap).toBe('wrap');
  });

  it("says as soon as the templates chosen pass the layout's bounds, and shows the server's own refusal", async () => {
    const big = (id: string, title: string) => aTemplate({ id, title, content: `<p>${'a'.repeat(99_993)}</p>` });
    const templates = [big('template-1', 'Premessa lunga'), big('template-2', 'Condizioni lunghe'), big('template-3', 'Conclusioni lunghe'), aTemplate({ id: 'template-4', title: 'Breve' })];
    const { requests } = renderTenantPage('/sole/quote-templates', [
      on('POST', LAYOUTS, () => gatewayError(400, [layoutContentTooBig('lists')], 'Bad Request', 'VALIDATION_FAILED')),
      on('GET', TEMPLATES, () => json(templates)),
      on('GET', LAYOUTS, () => json([])),
    ]);
    fireEvent.click(await screen.findByRole('tab', { name: 'Layout' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Layout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Layout' });
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Completo' } });
    const add = within(dialog).getByRole('group', { name: 'Aggiungi un elemento' });
    const template = within(add).getByLabelText('Template') as HTMLSelectElement;
    await waitFor(() => expect(template.options).toHaveLength(5));
    for (const id of ['template-1', 'template-2', 'template-3']) {
      fireEvent.change(template, { target: { value: id } });
      fireEvent.click(within(add).getByRole('button', { name: 'Aggiungi template' }));
    }
    expect(within(dialog).queryByRole('alert')).toBeNull();

    fireEvent.change(template, { target: { value: 'template-4' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Aggiungi template' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('I template del layout insieme possono avere al massimo 300.000 caratteri');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Layout' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    const list = within(dialog).getByRole('list', { name: 'Elementi del layout' });
    fireEvent.click(within(within(list).getByRole('listitem', { name: '1. Premessa lunga' })).getByRole('button', { name: 'Rimuovi' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Layout' }));
    expect(await screen.findByText('I template del layout insieme possono avere al massimo 1.000 elenchi')).toBeTruthy();
    expect(screen.getByText('Errore')).toBeTruthy();
  });

  it('edits a layout from its elements in print order', async () => {
    const { requests } = await renderLayouts([on('PUT', `${LAYOUTS}/layout-1`, (request) => json({ ...aLayout(), ...JSON.parse(request.body) }))]);
    fireEvent.click(within((await screen.findByText('Standard')).closest('tr') as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Layout' });
    const list = within(dialog).getByRole('list', { name: 'Elementi del layout' });
    expect(names(list)).toEqual(['1. Premessa standard', '2. Tabella del preventivo']);

    fireEvent.click(within(within(list).getByRole('listitem', { name: '2. Tabella del preventivo' })).getByRole('button', { name: 'Sposta su' }));
    fireEvent.click(within(within(list).getByRole('listitem', { name: '2. Premessa standard' })).getByRole('button', { name: 'Rimuovi' }));
    expect(names(list)).toEqual(['1. Tabella del preventivo']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Layout aggiornato con successo')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', `${LAYOUTS}/layout-1`)).toEqual([
      { name: 'Standard', description: 'Premessa e tabella', elements: [{ type: 'quotes', templateId: null, order: 0 }] },
    ]);
  });

  it('sets a layout as the default, and says so', async () => {
    const { requests } = await renderLayouts([
      on('PATCH', `${LAYOUTS}/layout-2/set-default`, () => json({ ...breve, isDefault: true })),
    ]);
    const standard = (await screen.findByText('Standard')).closest('tr') as HTMLElement;
    const row = screen.getByText('Breve').closest('tr') as HTMLElement;
    expect(within(standard).getByRole('button', { name: 'Imposta come default' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(row).queryByText('Default')).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Imposta come default' }));
    expect(await screen.findByText('Layout impostato come default')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PATCH').map((request) => request.path)).toEqual([`${LAYOUTS}/layout-2/set-default`]);
  });

  it("titles a failed default 'Errore' with its fallback", async () => {
    await renderLayouts([on('PATCH', `${LAYOUTS}/layout-2/set-default`, () => new Response('', { status: 500 }))]);
    fireEvent.click(within((await screen.findByText('Breve')).closest('tr') as HTMLElement).getByRole('button', { name: 'Imposta come default' }));

    expect(await screen.findByText("Errore nell'impostazione del layout come default")).toBeTruthy();
    expect(screen.getByText('Errore')).toBeTruthy();
  });

  it('deletes a layout after a confirmation naming it', async () => {
    await renderLayouts([on('DELETE', `${LAYOUTS}/layout-2`, () => new Response(null, { status: 204 }))]);
    fireEvent.click(within((await screen.findByText('Breve')).closest('tr') as HTMLElement).getByRole('button', { name: 'Delete' }));

    await answerDeleteConfirmation("Delete layout 'Breve'?", 'Are you sure you want to delete this layout? This action cannot be undone.', 'Delete');
    expect(await screen.findByText('Layout eliminato con successo')).toBeTruthy();
  });
});
