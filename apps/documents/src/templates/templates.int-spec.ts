import {
  LIST_PAGE_BYTES,
  DOCUMENTS_HEALTH,
  LAYOUTS_CREATE,
  type QuoteTemplateDto,
  SIGNATURE_CLAIM_UPLOAD,
  SIGNATURE_UPLOAD_URL,
  TEMPLATES_CREATE,
  TEMPLATES_DELETE,
  TEMPLATES_LIST,
  TEMPLATES_UPDATE,
} from '@quotebook/contracts';
import {
  DOCUMENT_API_MESSAGES,
  DOCUMENT_MESSAGES,
  htmlShape,
  layoutContentTooBig,
  MESSAGES,
  TEMPLATE_CONTENT_LIMITS,
  templateContentTooBig,
} from '@quotebook/domain';
import { pngOf } from '@quotebook/testing';
import { randomUUID } from 'node:crypto';
import { adminOf, registerTenantState, rpcError, superadmin, useDocumentsHarness, userOf } from '../test/documents-harness';
import { TenantPurgeService } from '../tenant-purge/tenant-purge.service';

describe('documents: description templates (integration)', () => {
  const { harness, storage } = useDocumentsHarness();
  /** The documents service as the gateway reaches it over NATS. */
  const sut = harness.rpc;
  const tenantA = randomUUID();
  const tenantB = randomUUID();
  const admin = adminOf(tenantA);

  const template = (overrides: Record<string, unknown> = {}): QuoteTemplateDto =>
    ({ templateType: 'premessa', title: 'Premessa', content: '<p>Gentile cliente,</p>', ...overrides }) as QuoteTemplateDto;
  const create = (data: QuoteTemplateDto, principal = admin, tenantId = tenantA) => sut.send(TEMPLATES_CREATE, { principal, tenantId, data });
  const list = async (principal = admin, tenantId = tenantA) => (await sut.send(TEMPLATES_LIST, { principal, tenantId })).items;

  /** A signature image uploaded to the agency as the gateway does it: URL, claim, file. */
  async function uploadedSignature(tenantId = tenantA): Promise<string> {
    const { uploadURL } = await sut.send(SIGNATURE_UPLOAD_URL, { principal: adminOf(tenantId), tenantId });
    const claimed = await sut.send(SIGNATURE_CLAIM_UPLOAD, { token: uploadURL.split('/').pop() ?? '', extension: 'png' });
    await storage.put(claimed.storageKey, pngOf(4, 4));
    return claimed.objectPath;
  }

  it('answers its health pattern with its database up', async () => {
    await expect(sut.send(DOCUMENTS_HEALTH, {})).resolves.toEqual({ service: 'documents', status: 'up', database: 'up' });
  });

  it('creates a template with headerPrint and isActive on unless said otherwise, and stores them', async () => {
    const created = await create(template({ title: '  Premessa standard ' }));
    expect(created).toEqual({
      id: expect.any(String),
      templateType: 'premessa',
      title: 'Premessa standard',
      content: '<p>Gentile cliente,</p>',
      translations: {},
      signatureImagePath: null,
      headerPrint: true,
      isActive: true,
      updatedAt: expect.any(String),
    });
    const off = await create(template({ templateType: 'condizioni', title: 'Condizioni', headerPrint: false, isActive: false }));
    const rows = await harness.query('SELECT id, tenant_id, header_print, is_active FROM documents.quote_templates ORDER BY created_at');
    expect(rows).toEqual([
      { id: created.id, tenant_id: tenantA, header_print: true, is_active: true },
      { id: off.id, tenant_id: tenantA, header_print: false, is_active: false },
    ]);
  });

  it.each([
    [{ title: '' }, MESSAGES.templateTitleRequired],
    [{ title: '   ' }, MESSAGES.templateTitleRequired],
    [{ title: undefined }, MESSAGES.templateTitleRequired],
    [{ content: '' }, MESSAGES.templateContentRequired],
    [{ content: '<script>alert(1)</script><p> </p>' }, MESSAGES.templateContentRequired],
    [{ templateType: 'lettera' }, DOCUMENT_API_MESSAGES.templateType],
    [{ signatureImagePath: '/uploads/x.png' }, DOCUMENT_API_MESSAGES.signaturePath],
    [{ headerPrint: 'yes' }, 'headerPrint must be true or false'],
  ])('refuses %j: 400 with the message of the field', async (overrides, message) => {
    const error = await rpcError(create(template(overrides)));
    expect(error).toMatchObject({ statusCode: 400, reason: 'VALIDATION_FAILED' });
    expect(error.message).toContain(message);
  });

  it('keeps only formatting: no script, event handler, image or javascript: link survives', async () => {
    const created = await create(
      template({
        content:
          '<p onclick="steal()">Testo <strong>importante</strong></p><script>alert(1)</script>' +
          '<img src="https://tracker.example/pixel.png" onerror="alert(2)"><a href="javascript:alert(3)">link</a>' +
          '<a href="https://agenzia.example">sito</a><p style="text-align:center;position:fixed">centro</p>',
      }),
    );
    expect(created.content).toBe('<p>Testo <strong>importante</strong></p><a>link</a><a href="https://agenzia.example">sito</a><p style="text-align:center">centro</p>');
    const [row] = await harness.query<{ content: string }>('SELECT content FROM documents.quote_templates WHERE id = $1', [created.id]);
    expect(row.content).toBe(created.content);
  });

  it('keeps a signature image the agency uploaded, and refuses one it did not or that is not there', async () => {
    const path = await uploadedSignature();
    await expect(create(template({ templateType: 'firma', title: 'Firma', signatureImagePath: path }))).resolves.toMatchObject({ signatureImagePath: path });
    const foreign = await uploadedSignature(tenantB);
    const missing = path.replace(/[0-9a-f-]{36}\.png$/, `${randomUUID()}.png`);
    for (const signatureImagePath of [foreign, missing, foreign.replace(tenantB, tenantA)]) {
      const error = await rpcError(create(template({ templateType: 'firma', signatureImagePath })));
      expect(error).toMatchObject({ statusCode: 400, message: [DOCUMENT_API_MESSAGES.signaturePath] });
    }
  });

  describe('the bounds of the content, as it is stored', () => {
    const nested = (levels: number) => `<p>${'<em>'.repeat(levels - 1)}fondo${'</em>'.repeat(levels - 1)}</p>`;
    const stored = async () => (await harness.query<{ count: number }>('SELECT count(*)::int AS count FROM documents.quote_templates WHERE tenant_id = $1', [tenantA]))[0].count;

    it(`keeps content nested ${TEMPLATE_CONTENT_LIMITS.depth} levels deep, and refuses one level more: 400 naming the content and the limit`, async () => {
      await expect(create(template({ content: nested(TEMPLATE_CONTENT_LIMITS.depth) }))).resolves.toMatchObject({ content: nested(32) });
      const before = await stored();

      const error = await rpcError(create(template({ content: nested(TEMPLATE_CONTENT_LIMITS.depth + 1) })));

      expect(error).toMatchObject({ statusCode: 400, reason: 'VALIDATION_FAILED', message: [templateContentTooBig('depth')] });
      expect(error.message).toEqual(['Il contenuto del template può avere al massimo 32 livelli di formattazione annidati']);
      expect(await stored()).toBe(before);
    });

    it('refuses the 14,000-deep nesting that stalled the Word converter', async () => {
      const error = await rpcError(create(template({ content: `<p>${'<i>'.repeat(14_000)}x${'</i>'.repeat(14_000)}</p>` })));
      expect(error).toMatchObject({ statusCode: 400, message: [templateContentTooBig('elements'), templateContentTooBig('depth')] });
    });

    it('measures the length after sanitizing: 99,990 ampersands are 499,957 characters stored, refused', async () => {
      const before = await stored();
      const content = `<p>${'&'.repeat(99_990)}</p>`;
      expect(content.length).toBeLessThanOrEqual(TEMPLATE_CONTENT_LIMITS.characters);

      const error = await rpcError(create(template({ content })));

      expect(error).toMatchObject({ statusCode: 400, message: [templateContentTooBig('characters')] });
      expect(await stored()).toBe(before);
      // within the bound once sanitized, it is kept
      const fits = `<p>${'&'.repeat(19_990)}</p>`;
      await expect(create(template({ content: fits }))).resolves.toMatchObject({ content: `<p>${'&amp;'.repeat(19_990)}</p>` });
    });

    it('refuses too many elements and too many lists, each named', async () => {
      const lists = '<ul><li>x</li></ul>'.repeat(TEMPLATE_CONTENT_LIMITS.lists + 1);
      const error = await rpcError(create(template({ content: lists })));
      expect(error).toMatchObject({ statusCode: 400, message: [templateContentTooBig('lists')] });

      const breaks = `<p>${'x<br>'.repeat(TEMPLATE_CONTENT_LIMITS.elements)}</p>`;
      expect(await rpcError(create(template({ content: breaks })))).toMatchObject({ statusCode: 400, message: [templateContentTooBig('elements')] });
    });

    it('keeps beside each template the counts the bounds are summed from, as the shared rule counts them', async () => {
      const contents = [
        '<p>Gentile <strong>cliente</strong>, a presto<br>&amp; grazie &lt;3</p>',
        '<ul><li><p>uno</p><ol><li><p>due <a href="https://a.example/?q=1&amp;r=%3E">link</a></p></li></ol></li></ul><blockquote>q</blockquote>',
        nested(TEMPLATE_CONTENT_LIMITS.depth),
        `<h1>Titolo</h1><p style="text-align:center">${'&amp;'.repeat(50)}</p>`,
      ];
      for (const content of contents) {
        const created = await create(template({ content }));
        const [row] = await harness.query<{ characters: number; elements: number; lists: number }>(
          'SELECT content_characters AS characters, content_elements AS elements, content_lists AS lists FROM documents.quote_templates WHERE id = $1',
          [created.id],
        );
        const { characters, elements, lists } = htmlShape(created.content);
        expect(row).toEqual({ characters, elements, lists });
      }
    });

    it('refuses a change that would push a layout printing the template past its bounds, naming the layout', async () => {
      const text = (characters: number) => `<p>${'x'.repeat(characters - 7)}</p>`;
      const long = await Promise.all([1, 2, 3].map((index) => create(template({ title: `Lunga ${index}`, content: text(90_000) }))));
      const small = await create(template({ title: 'Breve', content: '<p>breve</p>' }));
      await sut.send(LAYOUTS_CREATE, {
        principal: admin,
        tenantId: tenantA,
        data: { name: 'Contratto completo', elements: [...long, small].map(({ id }) => ({ type: 'template', templateId: id })) } as never,
      });
      const update = (content: string) =>
        sut.send(TEMPLATES_UPDATE, { principal: admin, tenantId: tenantA, id: small.id, data: template({ title: 'Breve', content }) });

      // 3 × 90,000 + 30,001 characters
      const error = await rpcError(update(text(30_001)));

      expect(error).toMatchObject({ statusCode: 400, message: [layoutContentTooBig('characters', 'Contratto completo')] });
      const [row] = await harness.query<{ content: string }>('SELECT content FROM documents.quote_templates WHERE id = $1', [small.id]);
      expect(row.content).toBe('<p>breve</p>');
      // a change that keeps the layout within them is saved
      await expect(update(text(30_000))).resolves.toMatchObject({ content: text(30_000) });
    });
  });

  it('updates a template: what is sent replaces it, flags and signature left out stay', async () => {
    const path = await uploadedSignature();
    const created = await create(template({ templateType: 'firma', title: 'Firma', headerPrint: false, signatureImagePath: path }));
    const updated = await sut.send(TEMPLATES_UPDATE, {
      principal: admin,
      tenantId: tenantA,
      id: created.id,
      data: template({ templateType: 'firma', title: 'Firma del direttore', content: '<p>Cordiali saluti<script>x</script></p>' }),
    });
    expect(updated).toMatchObject({ title: 'Firma del direttore', content: '<p>Cordiali saluti</p>', headerPrint: false, isActive: true, signatureImagePath: path });
    const cleared = await sut.send(TEMPLATES_UPDATE, {
      principal: admin,
      tenantId: tenantA,
      id: created.id,
      data: template({ templateType: 'firma', signatureImagePath: null, headerPrint: true }),
    });
    expect(cleared).toMatchObject({ signatureImagePath: null, headerPrint: true });
  });

  it("lists the agency's templates, in pages the gateway joins", async () => {
    await create(template({ title: 'Altra agenzia' }), adminOf(tenantB), tenantB);
    const titles = (await list()).map((item) => item.title);
    expect(titles).not.toContain('Altra agenzia');
    expect(titles.length).toBeGreaterThanOrEqual(4);
    // more than one page holds
    const big = 'x'.repeat(90_000);
    const count = Math.ceil(LIST_PAGE_BYTES / 90_000) + 1;
    for (let index = 0; index < count; index += 1) await create(template({ title: `Lungo ${index}`, content: `<p>${big}</p>` }), adminOf(tenantB), tenantB);
    const first = await sut.send(TEMPLATES_LIST, { principal: adminOf(tenantB), tenantId: tenantB });
    expect(first.nextCursor).not.toBeNull();
    expect(first.pageStarts?.[0]).toBe(first.nextCursor);
    expect(Buffer.byteLength(JSON.stringify(first.items))).toBeLessThanOrEqual(LIST_PAGE_BYTES);
    const items = [...first.items];
    for (let cursor = first.nextCursor; cursor !== null; ) {
      const page = await sut.send(TEMPLATES_LIST, { principal: adminOf(tenantB), tenantId: tenantB, cursor });
      items.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(items.map((item) => item.title)).toEqual(['Altra agenzia', ...Array.from({ length: count }, (_, index) => `Lungo ${index}`)]);
  });

  describe('deleting', () => {
    it('deletes a template no layout prints', async () => {
      const created = await create(template({ title: 'Da togliere' }));
      await expect(sut.send(TEMPLATES_DELETE, { principal: admin, tenantId: tenantA, id: created.id })).resolves.toEqual({ deleted: true });
      expect(await harness.query('SELECT id FROM documents.quote_templates WHERE id = $1', [created.id])).toEqual([]);
    });

    it('keeps a template layouts print: 409 naming the layouts', async () => {
      const used = await create(template({ title: 'Usato' }));
      for (const name of ['Standard', 'Breve']) {
        await sut.send(LAYOUTS_CREATE, { principal: admin, tenantId: tenantA, data: { name, elements: [{ type: 'template', templateId: used.id }, { type: 'quotes' }] } });
      }
      const error = await rpcError(sut.send(TEMPLATES_DELETE, { principal: admin, tenantId: tenantA, id: used.id }));
      expect(error).toEqual({ statusCode: 409, reason: 'TEMPLATE_IN_USE', error: 'Conflict', message: `${DOCUMENT_MESSAGES.templateInUse}: Breve, Standard` });
      expect(await harness.query('SELECT id FROM documents.quote_templates WHERE id = $1', [used.id])).toHaveLength(1);
    });

    it.each([randomUUID(), 'not-a-uuid'])('answers the unknown template %s as not found', async (id) => {
      expect(await rpcError(sut.send(TEMPLATES_DELETE, { principal: admin, tenantId: tenantA, id }))).toMatchObject({
        statusCode: 404,
        message: DOCUMENT_MESSAGES.templateNotFound,
      });
    });

    it("answers another agency's template as not found, and leaves it alone", async () => {
      const [foreign] = await list(adminOf(tenantB), tenantB);
      for (const call of [
        () => sut.send(TEMPLATES_UPDATE, { principal: admin, tenantId: tenantA, id: foreign.id, data: template() }),
        () => sut.send(TEMPLATES_DELETE, { principal: admin, tenantId: tenantA, id: foreign.id }),
      ]) {
        expect(await rpcError(call())).toMatchObject({ statusCode: 404 });
      }
      expect(await list(adminOf(tenantB), tenantB)).toContainEqual(foreign);
    });
  });

  describe('permissions', () => {
    it('lets a superadmin manage any agency', async () => {
      await registerTenantState(tenantB);
      await expect(create(template({ title: 'Dal superadmin' }), superadmin, tenantB)).resolves.toMatchObject({ title: 'Dal superadmin' });
    });

    it('refuses templates to a tenant user, reading them too: 403 with the access message', async () => {
      const [existing] = await list();
      const user = userOf(tenantA);
      for (const call of [
        () => list(user),
        () => create(template(), user),
        () => sut.send(TEMPLATES_UPDATE, { principal: user, tenantId: tenantA, id: existing.id, data: template() }),
        () => sut.send(TEMPLATES_DELETE, { principal: user, tenantId: tenantA, id: existing.id }),
      ]) {
        expect(await rpcError(call())).toMatchObject({ statusCode: 403, reason: 'FORBIDDEN', message: DOCUMENT_MESSAGES.templatesAdminOnly });
      }
      expect(await list()).toContainEqual(existing);
    });

    it("refuses another agency's admin: 403", async () => {
      expect(await rpcError(list(adminOf(tenantB)))).toMatchObject({ statusCode: 403, message: "You don't have access to this tenant." });
    });
  });

  it("forgets a deleted agency's templates, layouts, uploads and files", async () => {
    const path = await uploadedSignature(tenantB);
    await storage.put(`documents/${tenantB}/${'a'.repeat(64)}.pdf`, 'pdf');
    await storage.put(`signatures/${tenantA}/kept.png`, 'png');
    const removed = await harness.get(TenantPurgeService).purgeTenant(tenantB);
    expect(removed).toBeGreaterThanOrEqual(10);
    const rows = await harness.query('SELECT tenant_id FROM documents.quote_templates UNION ALL SELECT tenant_id FROM documents.signature_uploads');
    expect(rows.every((row) => row['tenant_id'] === tenantA)).toBe(true);
    expect(await storage.exists(path.replace('/objects/', ''))).toBe(false);
    expect(await storage.exists(`documents/${tenantB}/${'a'.repeat(64)}.pdf`)).toBe(false);
    expect(await storage.exists(`signatures/${tenantA}/kept.png`)).toBe(true);
    await expect(harness.get(TenantPurgeService).purgeTenant(tenantB)).resolves.toBe(0);
  });
});
