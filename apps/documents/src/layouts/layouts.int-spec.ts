import {
  LAYOUTS_CREATE,
  LAYOUTS_DELETE,
  LAYOUTS_LIST,
  LAYOUTS_SET_DEFAULT,
  LAYOUTS_UPDATE,
  type LayoutElementDto,
  type QuoteLayoutDto,
  TEMPLATES_CREATE,
} from '@quotebook/contracts';
import { DOCUMENT_API_MESSAGES, DOCUMENT_MESSAGES, LAYOUT_CONTENT_LIMITS, layoutContentTooBig, MESSAGES } from '@quotebook/domain';
import { randomUUID } from 'node:crypto';
import { adminOf, rpcError, useDocumentsHarness, userOf } from '../test/documents-harness';

describe('documents: layouts (integration)', () => {
  const { harness } = useDocumentsHarness();
  /** The documents service as the gateway reaches it over NATS. */
  const sut = harness.rpc;
  const tenantA = randomUUID();
  const tenantB = randomUUID();
  const admin = adminOf(tenantA);
  let premessa: string;
  let condizioni: string;
  let foreignTemplate: string;

  const templateOf = async (tenantId: string, title: string) =>
    (
      await sut.send(TEMPLATES_CREATE, {
        principal: adminOf(tenantId),
        tenantId,
        data: { templateType: 'premessa', title, content: `<p>${title}</p>` },
      })
    ).id;
  const create = (data: Record<string, unknown>, principal = admin, tenantId = tenantA) =>
    sut.send(LAYOUTS_CREATE, { principal, tenantId, data: data as unknown as QuoteLayoutDto });
  const list = async (principal = admin, tenantId = tenantA) => (await sut.send(LAYOUTS_LIST, { principal, tenantId })).items;
  const defaults = async (tenantId = tenantA) =>
    (await harness.query<{ id: string }>('SELECT id FROM documents.quote_layouts WHERE tenant_id = $1 AND is_default', [tenantId])).map((row) => row.id);

  beforeAll(async () => {
    premessa = await templateOf(tenantA, 'Premessa');
    condizioni = await templateOf(tenantA, 'Condizioni');
    foreignTemplate = await templateOf(tenantB, 'Altrui');
  });

  it('keeps the elements in the order sent, each with its template (without its content)', async () => {
    const elements: LayoutElementDto[] = [
      { type: 'template', templateId: condizioni, order: 7 },
      { type: 'quotes', order: 0 },
      { type: 'template', templateId: premessa, order: 3 },
    ];
    const layout = await create({ name: ' Standard ', description: 'Il solito', elements });
    expect(layout).toMatchObject({ name: 'Standard', description: 'Il solito', isActive: true, isDefault: false });
    expect(layout.elements.map(({ elementType, templateId, sortOrder }) => ({ elementType, templateId, sortOrder }))).toEqual([
      { elementType: 'template', templateId: condizioni, sortOrder: 0 },
      { elementType: 'quotes', templateId: null, sortOrder: 1 },
      { elementType: 'template', templateId: premessa, sortOrder: 2 },
    ]);
    expect(layout.elements[0].template).toEqual({
      id: condizioni,
      templateType: 'premessa',
      title: 'Condizioni',
      signatureImagePath: null,
      headerPrint: true,
      isActive: true,
      updatedAt: expect.any(String),
    });
    expect(layout.elements[1].template).toBeNull();
  });

  it('ignores a template named by a quotes element', async () => {
    const layout = await create({ name: 'Solo tabella', elements: [{ type: 'quotes', templateId: premessa }] });
    expect(layout.elements).toEqual([expect.objectContaining({ elementType: 'quotes', templateId: null, template: null })]);
  });

  it.each([
    [{ name: '', elements: [{ type: 'quotes' }] }, MESSAGES.layoutNameRequired],
    [{ name: 'Vuoto', elements: [] }, MESSAGES.layoutElementRequired],
    [{ name: 'Senza' }, MESSAGES.layoutElementRequired],
    [{ name: 'Tipo', elements: [{ type: 'immagine' }] }, DOCUMENT_API_MESSAGES.elementType],
    [{ name: 'Senza template', elements: [{ type: 'quotes' }, { type: 'template' }] }, `elements[1].${DOCUMENT_API_MESSAGES.templateIdRequired}`],
    [{ name: 'Inventato', elements: [{ type: 'template', templateId: randomUUID() }] }, `elements[0].${DOCUMENT_API_MESSAGES.templateOfTenant}`],
  ])('refuses %j: 400 naming the field', async (data, message) => {
    const error = await rpcError(create(data));
    expect(error).toMatchObject({ statusCode: 400, reason: 'VALIDATION_FAILED' });
    expect(JSON.stringify(error.message)).toContain(JSON.stringify(message).slice(1, -1));
  });

  it("refuses another agency's template, naming the element: 400, nothing stored", async () => {
    const before = await list();
    const error = await rpcError(create({ name: 'Rubato', elements: [{ type: 'quotes' }, { type: 'template', templateId: foreignTemplate }] }));
    expect(error).toMatchObject({ statusCode: 400, message: [`elements[1].${DOCUMENT_API_MESSAGES.templateOfTenant}`] });
    expect(await list()).toEqual(before);
  });

  it('refuses templates that together pass the layout bounds, a template printed twice counting twice: 400, nothing stored', async () => {
    const long = (
      await sut.send(TEMPLATES_CREATE, {
        principal: admin,
        tenantId: tenantA,
        data: { templateType: 'condizioni', title: 'Condizioni lunghe', content: `<p>${'x'.repeat(99_993)}</p>` },
      })
    ).id;
    const lists = (
      await sut.send(TEMPLATES_CREATE, {
        principal: admin,
        tenantId: tenantA,
        data: { templateType: 'complementi', title: 'Elenchi', content: '<ul><li>x</li></ul>'.repeat(LAYOUT_CONTENT_LIMITS.lists / 2 + 1) },
      })
    ).id;
    const element = (templateId: string) => ({ type: 'template', templateId });
    const before = await list();

    // three times 100,000 characters fit, the premessa's few more do not
    await expect(create({ name: 'Al limite', elements: [element(long), element(long), element(long)] })).resolves.toMatchObject({ name: 'Al limite' });
    const error = await rpcError(create({ name: 'Oltre', elements: [element(long), element(long), element(long), element(premessa)] }));
    expect(error).toMatchObject({ statusCode: 400, reason: 'VALIDATION_FAILED', message: [layoutContentTooBig('characters')] });
    expect(await rpcError(create({ name: 'Elenchi', elements: [element(lists), { type: 'quotes' }, element(lists)] }))).toMatchObject({
      statusCode: 400,
      message: [layoutContentTooBig('lists')],
    });

    expect((await list()).map((layout) => layout.name).sort()).toEqual([...before.map((layout) => layout.name), 'Al limite'].sort());
  });

  it('updates a layout: name, description and elements become what is sent', async () => {
    const layout = await create({ name: 'Da cambiare', elements: [{ type: 'quotes' }] });
    const updated = await sut.send(LAYOUTS_UPDATE, {
      principal: admin,
      tenantId: tenantA,
      id: layout.id,
      data: { name: 'Cambiato', elements: [{ type: 'template', templateId: premessa }, { type: 'quotes' }], isActive: false },
    });
    expect(updated).toMatchObject({ name: 'Cambiato', description: null, isActive: false });
    expect(updated.elements.map((element) => element.elementType)).toEqual(['template', 'quotes']);
    const rows = await harness.query('SELECT element_type, sort_order FROM documents.quote_layout_elements WHERE layout_id = $1 ORDER BY sort_order', [layout.id]);
    expect(rows).toEqual([
      { element_type: 'template', sort_order: 0 },
      { element_type: 'quotes', sort_order: 1 },
    ]);
  });

  it('sets a default: exactly one layout of the agency is, the one set last', async () => {
    const [first, second] = await Promise.all([create({ name: 'Primo', elements: [{ type: 'quotes' }] }), create({ name: 'Secondo', elements: [{ type: 'quotes' }] })]);
    const other = await create({ name: 'Altra agenzia', elements: [{ type: 'quotes' }] }, adminOf(tenantB), tenantB);
    await sut.send(LAYOUTS_SET_DEFAULT, { principal: adminOf(tenantB), tenantId: tenantB, id: other.id });
    await expect(sut.send(LAYOUTS_SET_DEFAULT, { principal: admin, tenantId: tenantA, id: first.id })).resolves.toMatchObject({ id: first.id, isDefault: true });
    expect(await defaults()).toEqual([first.id]);
    await sut.send(LAYOUTS_SET_DEFAULT, { principal: admin, tenantId: tenantA, id: second.id });
    expect(await defaults()).toEqual([second.id]);
    await sut.send(LAYOUTS_SET_DEFAULT, { principal: admin, tenantId: tenantA, id: second.id });
    expect(await defaults()).toEqual([second.id]);
    expect((await list()).filter((layout) => layout.isDefault).map((layout) => layout.id)).toEqual([second.id]);
    expect(await defaults(tenantB)).toEqual([other.id]);
  });

  it('leaves exactly one default when set-defaults run at the same time', async () => {
    const layouts = await Promise.all(Array.from({ length: 6 }, (_, index) => create({ name: `Concorrente ${index}`, elements: [{ type: 'quotes' }] })));
    const answers = await Promise.allSettled(
      layouts.map((layout) => sut.send(LAYOUTS_SET_DEFAULT, { principal: admin, tenantId: tenantA, id: layout.id })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(layouts.map(() => 'fulfilled'));
    const chosen = await defaults();
    expect(chosen).toHaveLength(1);
    expect(layouts.map((layout) => layout.id)).toContain(chosen[0]);
  });

  it('the database itself refuses a second default', async () => {
    const [one, two] = await list();
    await harness.query('UPDATE documents.quote_layouts SET is_default = false WHERE tenant_id = $1', [tenantA]);
    await harness.query('UPDATE documents.quote_layouts SET is_default = true WHERE id = $1', [one.id]);
    await expect(harness.query('UPDATE documents.quote_layouts SET is_default = true WHERE id = $1', [two.id])).rejects.toThrow(/quote_layouts_one_default/);
  });

  it('lets every user of the agency read the layouts, but only its admins change them', async () => {
    const user = userOf(tenantA);
    const layouts = await list(user);
    expect(layouts.length).toBeGreaterThan(3);
    for (const call of [
      () => create({ name: 'No', elements: [{ type: 'quotes' }] }, user),
      () => sut.send(LAYOUTS_UPDATE, { principal: user, tenantId: tenantA, id: layouts[0].id, data: { name: 'No', elements: [{ type: 'quotes' }] } }),
      () => sut.send(LAYOUTS_DELETE, { principal: user, tenantId: tenantA, id: layouts[0].id }),
      () => sut.send(LAYOUTS_SET_DEFAULT, { principal: user, tenantId: tenantA, id: layouts[0].id }),
    ]) {
      expect(await rpcError(call())).toMatchObject({ statusCode: 403, message: DOCUMENT_MESSAGES.templatesAdminOnly });
    }
    expect(await rpcError(list(userOf(tenantB)))).toMatchObject({ statusCode: 403 });
  });

  it("answers another agency's layout, or an unknown one, as not found", async () => {
    const [foreign] = await list(adminOf(tenantB), tenantB);
    for (const id of [foreign.id, randomUUID(), 'nope']) {
      for (const call of [
        () => sut.send(LAYOUTS_UPDATE, { principal: admin, tenantId: tenantA, id, data: { name: 'Presa', elements: [{ type: 'quotes' }] } }),
        () => sut.send(LAYOUTS_DELETE, { principal: admin, tenantId: tenantA, id }),
        () => sut.send(LAYOUTS_SET_DEFAULT, { principal: admin, tenantId: tenantA, id }),
      ]) {
        expect(await rpcError(call())).toMatchObject({ statusCode: 404, message: DOCUMENT_MESSAGES.layoutNotFound });
      }
    }
    expect(await list(adminOf(tenantB), tenantB)).toContainEqual(foreign);
  });

  it('deletes a layout with its elements, after which its templates may go', async () => {
    const layout = await create({ name: 'Ultimo', elements: [{ type: 'template', templateId: premessa }] });
    await expect(sut.send(LAYOUTS_DELETE, { principal: admin, tenantId: tenantA, id: layout.id })).resolves.toEqual({ deleted: true });
    expect(await harness.query('SELECT id FROM documents.quote_layout_elements WHERE layout_id = $1', [layout.id])).toEqual([]);
  });
});
