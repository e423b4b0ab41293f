import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';

/** A connection the HTTP parser refused still waits this long for its client to close, then is destroyed. */
const LINGER_MS = 5_000;

function answerOf(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, SERVER_MESSAGES.headersTooLarge];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, SERVER_MESSAGES.requestTimeout];
  return [400, SERVER_MESSAGES.malformedRequest];
}

/**
 * Requests Node's HTTP parser refuses (headers over 16 KB: 431, a timeout: 408, a malformed request: 400) never reach
 * a route: the answer is written here, says `Connection: close`, and the connection ends with it — the rest of what
 * the client sends is read and dropped, and the socket is destroyed once the client closes (or after LINGER_MS).
 * Fastify's own handler sent no `Connection: close`; destroying at once could also reset the answer away.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = answerOf(err.code);
  const body = JSON.stringify({ success: false, message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.resume();
  socket.once('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
