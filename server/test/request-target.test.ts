import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * Requests sent over raw sockets to a listening server, so that the request target reaches Fastify exactly as an
 * attacker writes it (app.inject normalises it). Every protected route, under every spelling, must answer 401 (the
 * route matched and demanded a token) or a bare 404 (no route matched) — never run its handler.
 */
let t: TestApp;
let port: number;
const SPA_INDEX = '<!doctype html><title>GMAO</title>';
beforeAll(async () => {
  // A built SPA beside the API, so that a 404 under /api can be told apart from the SPA's fallback page.
  const webDist = mkdtempSync(join(tmpdir(), 'gmao-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), SPA_INDEX);
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ webDist });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface RawResponse {
  status: number;
  raw: string;
  body: string;
}

function send(request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      resolve({ status, raw, body: raw.slice(raw.indexOf('\r\n\r\n') + 4) });
    });
    // Not end(): a half-closed socket may be dropped before pipelined answers; every request here ends the
    // connection itself (Connection: close, or a 400 that closes it).
    socket.write(request);
  });
}

function rawRequest(method: string, target: string, body?: string): Promise<RawResponse> {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close'];
  if (body !== undefined) lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
  return send(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
}

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

/** Spellings the router still maps to the route: the route's access must apply, so exactly 401. */
const matchingSpellings: [string, (path: string) => string][] = [
  ['absolute form', (p) => `http://127.0.0.1:${port}${p}`],
  ['absolute form, other host', (p) => `http://evil.example${p}`],
  ['absolute form, upper-case scheme', (p) => `HTTP://127.0.0.1${p}`],
  ['query string', (p) => `${p}?x=1`],
  ['percent-encoded letter', (p) => `/api/%${p.charCodeAt(5).toString(16)}${p.slice(6)}`],
];
/** Spellings that may or may not match a route: 401 when they do, a bare 404 when they do not. */
const otherSpellings: [string, (path: string) => string][] = [
  ['doubled slash', (p) => `/${p}`],
  ['upper case', (p) => p.replace('/api/', '/API/')],
  ['dot segments', (p) => p.replace('/api/', '/api/../api/')],
  ['encoded dot segments', (p) => p.replace('/api/', '/api/%2e%2e/api/')],
  ['encoded slash', (p) => p.replace('/api/', '/api%2f')],
  ['semicolon', (p) => `${p};x=1`],
  ['trailing dot', (p) => `${p}.`],
  ['trailing slash', (p) => `${p}/`],
  ['backslash', (p) => p.replace('/api/', '/api\\')],
];

const NOT_FOUND_BODY = { success: false, message: 'Ressource introuvable' };

function expectRefused(res: RawResponse, label: string, allow404: boolean) {
  if (res.status === 404 && allow404) {
    expect(JSON.parse(res.body), label).toEqual(NOT_FOUND_BODY);
    return;
  }
  expect(res.status, `${label}\n${res.raw.slice(0, 300)}`).toBe(401);
  expect(res.body, label).not.toContain('"success":true');
}

describe('every protected route under every spelling of its target', () => {
  it('answers 401 (or a bare 404) without a token, never running the handler', async () => {
    const routes = t.app.routeAccess.filter((r) => r.url.startsWith('/api') && r.access !== 'public');
    expect(routes.length).toBeGreaterThan(90);
    const usersBefore = await t.database.pool.query('SELECT count(*)::int AS n FROM users');
    for (const route of routes) {
      const path = concrete(route.url);
      // A body that would be a validation error (400) if the handler's checks ran before authentication.
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}';
      for (const [name, spell] of matchingSpellings) {
        const target = spell(path);
        expectRefused(await rawRequest(route.method, target, body), `${route.method} ${target} (${name})`, false);
      }
      for (const [name, spell] of otherSpellings) {
        const target = spell(path);
        expectRefused(await rawRequest(route.method, target, body), `${route.method} ${target} (${name})`, true);
      }
    }
    const usersAfter = await t.database.pool.query('SELECT count(*)::int AS n FROM users');
    expect(usersAfter.rows[0].n).toBe(usersBefore.rows[0].n);
  });

  it('HEAD of a protected GET route is 401 and OPTIONS is a bare 404', async () => {
    for (const route of t.app.routeAccess.filter((r) => r.method === 'GET' && r.access !== 'public')) {
      if (!route.url.startsWith('/api')) continue;
      const path = concrete(route.url);
      const head = await rawRequest('HEAD', path);
      expect(head.status, `HEAD ${path}`).toBe(401);
      const absoluteHead = await rawRequest('HEAD', `http://127.0.0.1:${port}${path}`);
      expect(absoluteHead.status, `HEAD absolute ${path}`).toBe(401);
      const options = await rawRequest('OPTIONS', path);
      expect(options.status, `OPTIONS ${path}`).toBe(404);
    }
  });

  it('an absolute-form POST /api/users cannot create an administrator', async () => {
    const payload = JSON.stringify({ nom: 'Intrus', username: 'intrus', password: 'Intrus12345', role_id: 1 });
    const res = await rawRequest('POST', `http://127.0.0.1:${port}/api/users`, payload);
    expect(res.status).toBe(401);
    const found = await t.database.pool.query("SELECT 1 FROM users WHERE username = 'intrus'");
    expect(found.rowCount).toBe(0);
  });

  it('an unknown API path answers a bare JSON 404 under any spelling, never the SPA page', async () => {
    for (const target of [
      '/api/nope',
      `http://127.0.0.1:${port}/api/nope`,
      '//api/nope',
      '/API/nope',
      '/%61pi/nope',
      '/x/../api/nope',
      '/api;/nope',
    ]) {
      const res = await rawRequest('GET', target);
      expect(res.status, target).toBe(404);
      expect(JSON.parse(res.body), target).toEqual(NOT_FOUND_BODY);
    }
  });
});

describe('outside the API', () => {
  it('serves the SPA files and its fallback page without a token', async () => {
    const asset = await rawRequest('GET', '/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    for (const target of ['/', '/clients', `http://127.0.0.1:${port}/interventions?x=1`]) {
      const page = await rawRequest('GET', target);
      expect(page.status, target).toBe(200);
      expect(page.body, target).toBe(SPA_INDEX);
    }
  });
});

describe('request smuggling', () => {
  it('refuses a request with both Content-Length and Transfer-Encoding, and the hidden request never runs', async () => {
    const hidden = `POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
    const res = await send(
      `POST /api/auth/logout HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${hidden}`,
    );
    expect(res.status).toBe(400);
    expect(res.raw.match(/HTTP\/1\.1 /g)?.length).toBe(1);
  });

  it('refuses an obfuscated Transfer-Encoding and a duplicated Content-Length', async () => {
    const obfuscated = await send(
      'POST /api/auth/logout HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\nContent-Length: 2\r\n\r\n{}',
    );
    expect(obfuscated.status).toBe(400);
    const duplicated = await send(
      'POST /api/auth/logout HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n{}',
    );
    expect(duplicated.status).toBe(400);
  });

  it('a pipelined second request is authenticated on its own', async () => {
    const first = `GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n`;
    const second = `GET http://x/api/users HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;
    const res = await send(first + second);
    const statuses = [...res.raw.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([200, 401]);
  });
});

describe('headers too large', () => {
  it('a 431 says Connection: close and the server ends the connection, though the client asked to keep it', async () => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    const ended = new Promise<void>((resolve) => socket.once('end', () => resolve()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    const big = `X-Filler: ${'a'.repeat(32 * 1024)}`;
    socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n${big}\r\n\r\n`);
    await ended;
    const raw = Buffer.concat(chunks).toString('utf8');
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      success: false,
      message: SERVER_MESSAGES.headersTooLarge,
    });
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});
