import { SIGNATURE_CLAIM_UPLOAD, SIGNATURE_NORMALIZE_PATH, SIGNATURE_UPLOAD_URL } from '@quotebook/contracts';
import { DOCUMENT_MESSAGES, UPLOAD_URL_MINUTES } from '@quotebook/domain';
import { pngOf } from '@quotebook/testing';
import { randomUUID } from 'node:crypto';
import { adminOf, rpcError, superadmin, useDocumentsHarness, userOf } from '../test/documents-harness';
import { newUploadToken, tokenHash } from './signature-objects';

describe('documents: signature uploads (integration)', () => {
  const { harness, storage } = useDocumentsHarness();
  /** The documents service as the gateway reaches it over NATS. */
  const sut = harness.rpc;
  const tenantA = randomUUID();
  const tenantB = randomUUID();
  const admin = adminOf(tenantA);

  const uploadUrl = async (tenantId = tenantA) => (await sut.send(SIGNATURE_UPLOAD_URL, { principal: adminOf(tenantId), tenantId })).uploadURL;
  const tokenOf = (url: string) => url.split('/').pop() ?? '';
  const claim = (url: string, extension: 'png' | 'jpg' | 'gif' | 'webp' = 'png') => sut.send(SIGNATURE_CLAIM_UPLOAD, { token: tokenOf(url), extension });
  const normalize = (uploadURL: string, principal = admin, tenantId = tenantA) =>
    sut.send(SIGNATURE_NORMALIZE_PATH, { principal, tenantId, data: { uploadURL } });

  it(`gives an upload URL valid ${UPLOAD_URL_MINUTES} minutes, keeping only the token's hash`, async () => {
    const url = await uploadUrl();
    expect(url).toMatch(/^\/api\/uploads\/signatures\/[A-Za-z0-9_-]{64}$/);
    const [row] = await harness.query<{ tenant_id: string; token_hash: string; minutes: number }>(
      `SELECT tenant_id, token_hash, round(extract(epoch FROM expires_at - now()) / 60)::int AS minutes FROM documents.signature_uploads`,
    );
    expect(row).toEqual({ tenant_id: tenantA, token_hash: tokenHash(tokenOf(url)), minutes: UPLOAD_URL_MINUTES });
  });

  it('claims a URL once, naming where the file goes; then tells its object path', async () => {
    const url = await uploadUrl();
    const claimed = await claim(url, 'webp');
    expect(claimed).toEqual({
      tenantId: tenantA,
      storageKey: expect.stringMatching(new RegExp(`^signatures/${tenantA}/[0-9a-f-]{36}\\.webp$`)),
      objectPath: `/objects/${claimed.storageKey}`,
    });
    expect(await rpcError(claim(url))).toEqual({
      statusCode: 400,
      reason: 'UPLOAD_URL_INVALID',
      error: 'Bad Request',
      message: DOCUMENT_MESSAGES.uploadUrlInvalid,
    });
    // claimed, but the gateway has not written the file yet
    expect(await rpcError(normalize(url))).toMatchObject({ statusCode: 400, message: DOCUMENT_MESSAGES.uploadNotCompleted });
    await storage.put(claimed.storageKey, pngOf(2, 2));
    await expect(normalize(url)).resolves.toEqual({ objectPath: claimed.objectPath });
  });

  it('tells the object path only for the very path it issued: no other host, scheme or path leading to it', async () => {
    const url = await uploadUrl();
    const claimed = await claim(url);
    await storage.put(claimed.storageKey, pngOf(2, 2));
    const token = tokenOf(url);
    for (const other of [
      `http://evil.example${url}`,
      `https://agenzia.example${url}`,
      `file://${url}`,
      `/api/uploads/signatures/../signatures/${token}`,
      `${url}?again=1`,
    ]) {
      expect(await rpcError(normalize(other))).toEqual({ statusCode: 400, reason: 'UPLOAD_URL_INVALID', error: 'Bad Request', message: DOCUMENT_MESSAGES.uploadUrlInvalid });
    }
    await expect(normalize(url)).resolves.toEqual({ objectPath: claimed.objectPath });
  });

  it('lets one of two claims racing for a URL win', async () => {
    const url = await uploadUrl();
    const answers = await Promise.allSettled([claim(url), claim(url), claim(url)]);
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses a URL past its minutes, and one never given', async () => {
    const url = await uploadUrl();
    await harness.query(`UPDATE documents.signature_uploads SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [tokenHash(tokenOf(url))]);
    expect(await rpcError(claim(url))).toMatchObject({ statusCode: 400, reason: 'UPLOAD_URL_INVALID' });
    expect(await rpcError(normalize(url))).toMatchObject({ statusCode: 400, reason: 'UPLOAD_URL_INVALID', message: DOCUMENT_MESSAGES.uploadUrlInvalid });
    // a token of the right form whose agency part is no UUID gets the same answer as any other
    for (const token of [newUploadToken(tenantA), newUploadToken(randomUUID()), 'Z'.repeat(64), 'short', '']) {
      expect(await rpcError(sut.send(SIGNATURE_CLAIM_UPLOAD, { token, extension: 'png' }))).toEqual({
        statusCode: 400,
        reason: 'UPLOAD_URL_INVALID',
        error: 'Bad Request',
        message: DOCUMENT_MESSAGES.uploadUrlInvalid,
      });
    }
    expect(await rpcError(sut.send(SIGNATURE_CLAIM_UPLOAD, { token: tokenOf(await uploadUrl()), extension: 'svg' as 'png' }))).toMatchObject({
      statusCode: 400,
    });
  });

  it('forgets expired URLs that were never used when the agency asks for a new one', async () => {
    await harness.query(`UPDATE documents.signature_uploads SET expires_at = now() - interval '1 second' WHERE tenant_id = $1 AND claimed_at IS NULL`, [tenantA]);
    await uploadUrl();
    const rows = await harness.query<{ unused: number; used: number }>(
      `SELECT count(*) FILTER (WHERE claimed_at IS NULL)::int AS unused, count(*) FILTER (WHERE claimed_at IS NOT NULL)::int AS used
         FROM documents.signature_uploads WHERE tenant_id = $1`,
      [tenantA],
    );
    expect(rows[0].unused).toBe(1);
    expect(rows[0].used).toBeGreaterThanOrEqual(2);
  });

  it("refuses the object path of another agency's upload, or of something that is no upload URL", async () => {
    const foreign = await uploadUrl(tenantB);
    const claimed = await claim(foreign);
    await storage.put(claimed.storageKey, pngOf(2, 2));
    for (const url of [foreign, '/api/uploads/logos/x', 'not a url', `/api/uploads/signatures/${newUploadToken(tenantA)}`]) {
      expect(await rpcError(normalize(url))).toMatchObject({ statusCode: 400, reason: 'UPLOAD_URL_INVALID' });
    }
  });

  it('gives upload URLs to the agency admins and the superadmin only', async () => {
    await expect(sut.send(SIGNATURE_UPLOAD_URL, { principal: superadmin, tenantId: tenantA })).resolves.toHaveProperty('uploadURL');
    for (const call of [
      () => sut.send(SIGNATURE_UPLOAD_URL, { principal: userOf(tenantA), tenantId: tenantA }),
      () => normalize('/api/uploads/signatures/x', userOf(tenantA)),
    ]) {
      expect(await rpcError(call())).toMatchObject({ statusCode: 403, message: DOCUMENT_MESSAGES.templatesAdminOnly });
    }
    expect(await rpcError(sut.send(SIGNATURE_UPLOAD_URL, { principal: adminOf(tenantB), tenantId: tenantA }))).toMatchObject({ statusCode: 403 });
  });
});
