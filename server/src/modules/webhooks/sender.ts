import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_RESPONSE_EXCERPT_BYTES,
  WEBHOOK_SECRET_PREFIX,
} from '@gmao/domain/webhooks/webhook-schemas';
import type { WebhookTarget } from './address-guard.ts';

/** `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** The `webhook-id` of an event: the same on every attempt and redelivery. */
export const newEventId = () => `msg_${randomBytes(16).toString('hex')}`;

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the key the secret's base64 carries (Standard Webhooks). */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(6) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The headers of one attempt: one signature per live secret, space-separated (during a rotation, two). */
export function webhookHeaders(secrets: readonly string[], id: string, timestamp: number, body: string) {
  return {
    'content-type': 'application/json',
    'user-agent': 'GMAO-Webhooks/1.0',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, id, timestamp, body)).join(' '),
  };
}

export interface AttemptOutcome {
  /** The HTTP status, or null when no answer came (timeout, refused connection…). */
  status: number | null;
  durationMs: number;
  /** The answer's first bytes (≤ 1 KB, UTF-8), or null. */
  excerpt: string | null;
  /** Seconds asked by a `Retry-After` header (seconds or HTTP date), or null. */
  retryAfterSeconds: number | null;
  /** Why the attempt failed without a status, or a 3xx (not followed). */
  error: string | null;
}

/** The answer's first bytes as text of at most `max` bytes (a cut character dropped, no NUL: PostgreSQL text). */
export function excerptOf(chunks: Buffer, max = WEBHOOK_RESPONSE_EXCERPT_BYTES): string {
  let text = chunks.subarray(0, max).toString('utf8').replaceAll('\u0000', '');
  while (Buffer.byteLength(text, 'utf8') > max) text = text.slice(0, -1);
  return text.replace(/\uFFFD$/, '');
}

export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * POSTs `body` to the checked target: connects to the address the guard checked (pinned lookup: no second
 * resolution), TLS verified against the URL's host name, redirects not followed, the whole exchange bounded by
 * `timeoutMs`; reads at most 1 KB of the answer.
 */
export function postWebhook(
  target: WebhookTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const pinned: LookupFunction = (_host, options, callback) => {
    const cb = callback as (...args: unknown[]) => void;
    if ((options as { all?: boolean }).all) cb(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...o, durationMs: elapsed() });
    };
    const req = client.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const status = res.statusCode ?? null;
          const redirect = status !== null && status >= 300 && status < 400;
          done({
            status,
            excerpt: size > 0 ? excerptOf(Buffer.concat(chunks)) : null,
            retryAfterSeconds: parseRetryAfter(res.headers['retry-after']),
            error: redirect ? WEBHOOK_MESSAGES.redirectRefused : null,
          });
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (size < WEBHOOK_RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= WEBHOOK_RESPONSE_EXCERPT_BYTES) finish(); // the rest is not read
        });
        res.on('end', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      done({ status: null, excerpt: null, retryAfterSeconds: null, error: WEBHOOK_MESSAGES.timeout });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) =>
      done({ status: null, excerpt: null, retryAfterSeconds: null, error: String(err.message).slice(0, 400) }),
    );
    req.end(body);
  });
}
