import { createHmac } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { WebhookEvent, WebhookPayload } from '@quotebook/contracts';
import { checkedLookup, hostOf, isPrivateAddress, parseWebhookUrl, PrivateTargetError } from './webhook-targets';

/** How much of an endpoint's answer a delivery keeps. */
export const RESPONSE_BODY_KEPT = 1000;

export const SIGNATURE_HEADER = 'X-Quotebook-Signature';

/** `sha256=<hex HMAC-SHA256 of the raw body with the endpoint's secret>`: what X-Quotebook-Signature carries. */
export function signWebhookBody(secret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** The body of a delivery, its fields always in this order. */
export function webhookBody(payload: WebhookPayload): string {
  const { event, occurredAt, tenantId, quoteId, revision, data } = payload;
  return JSON.stringify({ event, occurredAt, tenantId, quoteId, revision, data });
}

export interface WebhookRequest {
  url: string;
  secret: string;
  event: WebhookEvent;
  deliveryId: string;
  body: string;
  timeoutMs: number;
  allowPrivateTargets: boolean;
}

/**
 * How one attempt ended: the endpoint answered (any status: 2xx is a delivery), or it could not be
 * reached (`error` says why); `refused` when it may never be reached (a private address), so trying
 * again is pointless.
 */
export type WebhookAttempt =
  | { kind: 'answered'; status: number; body: string }
  | { kind: 'unreachable'; error: string; refused: boolean };

/** Reads the start of an answer and drops the rest, so a huge answer costs nothing. */
function readStart(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = () => resolve(Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_BODY_KEPT));
    response.on('data', (chunk: Buffer) => {
      if (length >= RESPONSE_BODY_KEPT * 4) return;
      chunks.push(chunk);
      length += chunk.length;
    });
    response.on('end', done);
    response.on('error', done);
    response.on('aborted', done);
  });
}

/**
 * POSTs one delivery: signed, within the timeout (connection and answer together), following no
 * redirect (a 3xx is an answer like any other that is not 2xx).
 */
export function sendWebhook(request: WebhookRequest): Promise<WebhookAttempt> {
  const url = parseWebhookUrl(request.url);
  if (!url) return Promise.resolve({ kind: 'unreachable', error: 'the URL is not an http(s) URL', refused: true });
  const host = hostOf(url);
  // a literal address is connected to without a name lookup: it is checked here
  if (!request.allowPrivateTargets && isIP(host) !== 0 && isPrivateAddress(host)) {
    return Promise.resolve({ kind: 'unreachable', error: new PrivateTargetError(host, host).message, refused: true });
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (attempt: WebhookAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(attempt);
    };
    const outgoing = send(
      url,
      {
        method: 'POST',
        lookup: checkedLookup(request.allowPrivateTargets) as never,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(request.body),
          'User-Agent': 'Quotebook-Webhooks',
          'X-Quotebook-Event': request.event,
          'X-Quotebook-Delivery': request.deliveryId,
          [SIGNATURE_HEADER]: signWebhookBody(request.secret, request.body),
        },
      },
      (response) => {
        void readStart(response).then((body) => settle({ kind: 'answered', status: response.statusCode ?? 0, body }));
      },
    );
    const timer = setTimeout(() => {
      settle({ kind: 'unreachable', error: `no answer within ${request.timeoutMs} ms`, refused: false });
      outgoing.destroy();
    }, request.timeoutMs);
    outgoing.on('error', (error) => {
      settle({ kind: 'unreachable', error: error.message || error.name, refused: error instanceof PrivateTargetError });
    });
    outgoing.end(request.body);
  });
}
