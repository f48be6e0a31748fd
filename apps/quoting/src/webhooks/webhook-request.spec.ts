import { createHmac } from 'node:crypto';
import type { WebhookPayload } from '@quotebook/contracts';
import { sendWebhook, signWebhookBody, webhookBody } from './webhook-request';

const payload: WebhookPayload = {
  event: 'quote.accepted',
  occurredAt: '2026-11-27T10:00:00.000Z',
  tenantId: '11111111-1111-4111-8111-111111111111',
  quoteId: '22222222-2222-4222-8222-222222222222',
  revision: 2,
  data: { signerName: 'Maria Rossi', città: 'Perugia' },
};

describe(signWebhookBody.name, () => {
  it('is sha256= and the hex HMAC-SHA256 of the exact raw body with the secret', () => {
    const body = webhookBody(payload);
    const expected = createHmac('sha256', 'whsec-1234').update(Buffer.from(body, 'utf8')).digest('hex');
    expect(signWebhookBody('whsec-1234', body)).toBe(`sha256=${expected}`);
    // known answer: an integrator's verifier computes the same
    expect(signWebhookBody('key', 'The quick brown fox jumps over the lazy dog')).toBe(
      'sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });

  it('changes with one byte of the body or another secret', () => {
    const body = webhookBody(payload);
    expect(signWebhookBody('whsec-1234', `${body} `)).not.toBe(signWebhookBody('whsec-1234', body));
    expect(signWebhookBody('whsec-1235', body)).not.toBe(signWebhookBody('whsec-1234', body));
  });
});

describe(webhookBody.name, () => {
  it('writes the fields in one order, whatever order the payload has', () => {
    const shuffled = { data: payload.data, revision: 2, quoteId: payload.quoteId, tenantId: payload.tenantId, occurredAt: payload.occurredAt, event: payload.event };
    expect(webhookBody(shuffled as WebhookPayload)).toBe(webhookBody(payload));
    expect(Object.keys(JSON.parse(webhookBody(payload)))).toEqual(['event', 'occurredAt', 'tenantId', 'quoteId', 'revision', 'data']);
  });
});

describe(sendWebhook.name, () => {
  const request = { secret: 's', event: 'quote.sent' as const, deliveryId: 'd-1', body: '{}', timeoutMs: 2000 };

  it.each(['http://127.0.0.1:9/hook', 'http://[::1]:9/hook', 'http://[::ffff:127.0.0.1]:9/hook', 'http://localhost:9/hook'])(
    'refuses %s for good without connecting when private targets are not allowed',
    async (url) => {
      const attempt = await sendWebhook({ ...request, url, allowPrivateTargets: false });
      expect(attempt).toEqual({ kind: 'unreachable', error: expect.stringContaining('private, loopback or link-local'), refused: true });
    },
  );
});
