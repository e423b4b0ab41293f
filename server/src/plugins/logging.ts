import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** Paths pino blanks in every log line (headers and bodies that carry secrets). */
export const LOG_REDACTIONS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.currentPassword',
  'req.body.newPassword',
  'req.body.token',
  'req.body.refreshToken',
];

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A request id: the caller's X-Request-Id when it is a safe token (a balancer's), else a new UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Query parameters whose values are secrets (reset links, tokens): logged as [redacted]. */
const SECRET_QUERY_KEYS = /^(token|refresh_?token|access_?token|password|code|key)$/i;

export function redactTarget(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** What a log line says of a request: method, target without secrets, matched route, remote address. No headers. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTarget(request.url),
    route: request.routeOptions?.url,
    remoteAddress: request.ip,
  };
}
