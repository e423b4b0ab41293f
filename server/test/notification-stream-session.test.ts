import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { roleId } from './helpers/admin-factories.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { TEST_ADMIN } from './helpers/constants.ts';
import { createRole, createUser } from './helpers/factories.ts';

/**
 * The notification stream (SSE) ends with its session (issue 29): logout, a refresh-token reuse, disabling,
 * deletion, a role change, a role's permissions change, a password change. The session events go through
 * PostgreSQL (pg_notify on `gmao_sessions`), so a change made through instance B ends a stream held by instance A.
 */
let t: TestApp;
let adminOnB: string;
let port: number;
let otherDb: Database;
let b: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  otherDb = openDatabase(String(t.database.pool.options.connectionString), { max: 2 });
  b = await buildApp({ database: otherDb, jwtSecret: randomBytes(32).toString('hex'), logLevel: 'silent' });
  await b.ready();
  const login = await b.inject({ method: 'POST', url: '/api/auth/login', payload: TEST_ADMIN });
  adminOnB = login.json().data.token;
});
afterAll(async () => {
  await b.close();
  await otherDb.close();
  await t.close();
});

/** Opens the stream on instance A; `ended` resolves when the server closes it (rejects after 5 s). */
async function openStream(token: string) {
  const req = http.get({
    host: '127.0.0.1',
    port,
    path: '/api/notifications/stream',
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
  });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.on('response', resolve);
    req.on('error', reject);
  });
  expect(response.statusCode).toBe(200);
  response.setEncoding('utf8');
  let text = '';
  const closed = new Promise<void>((resolve) => response.on('end', resolve));
  response.on('data', (chunk: string) => {
    text += chunk;
  });
  // Subscribed once the first count arrives (the route subscribes, checks the session, then sends it).
  const until = Date.now() + 5000;
  while (!text.includes('event: unread')) {
    if (Date.now() > until) throw new Error('no first event');
    await new Promise((r) => setTimeout(r, 10));
  }
  const ended = () =>
    Promise.race([
      closed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the stream is still open')), 5000)),
    ]).finally(() => req.destroy());
  return { ended, stillOpen: () => !response.complete && !response.destroyed };
}

async function session() {
  const user = await createUser(t.database.db);
  return { user, ...(await t.login(user.username, user.password)) };
}

const asAdminOnB = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
  b.inject({ method, url, payload, headers: { authorization: `Bearer ${adminOnB}` } });

describe('an open notification stream ends with its session', () => {
  it('logout (through another instance)', async () => {
    const { token, refreshToken } = await session();
    const stream = await openStream(token);
    const res = await b.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken },
    });
    expect(res.statusCode).toBe(200);
    await stream.ended();
  });

  it('a refresh-token reuse (the family is revoked)', async () => {
    const { token, refreshToken } = await session();
    const stream = await openStream(token);
    const post = (tok: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { token: tok } });
    expect((await post(refreshToken)).statusCode).toBe(200);
    expect((await post(refreshToken)).statusCode).toBe(401);
    await stream.ended();
  });

  it('the user disabled by an administrator', async () => {
    const { user, token } = await session();
    const stream = await openStream(token);
    const role_id = await roleId(t.database.db, 'Technicien');
    const res = await asAdminOnB('PUT', `/api/users/${user.id}`, { nom: user.nom, role_id, enabled: false });
    expect(res.statusCode).toBe(200);
    await stream.ended();
  });

  it('the user deleted', async () => {
    const { user, token } = await session();
    const stream = await openStream(token);
    expect((await asAdminOnB('DELETE', `/api/users/${user.id}`)).statusCode).toBe(200);
    await stream.ended();
  });

  it('his role changed', async () => {
    const { user, token } = await session();
    const stream = await openStream(token);
    const role_id = await roleId(t.database.db, 'Consultation');
    expect((await asAdminOnB('PUT', `/api/users/${user.id}`, { nom: user.nom, role_id })).statusCode).toBe(200);
    await stream.ended();
  });

  it('his role’s permissions changed; a stream of a user whose rights stay the same goes on', async () => {
    const nom = `Flux_${randomBytes(3).toString('hex')}`;
    const role = await createRole(t.database.db, nom, ['clients:read']);
    const user = await createUser(t.database.db, { role: nom });
    const bystander = await session();
    const watched = await openStream((await t.login(user.username, user.password)).token);
    const other = await openStream(bystander.token);
    const res = await asAdminOnB('PUT', `/api/roles/${role.id}`, {
      nom,
      permissions: ['clients:read', 'equipment:read'],
    });
    expect(res.statusCode).toBe(200);
    await watched.ended();
    expect(other.stillOpen()).toBe(true);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: bystander.refreshToken } });
    await other.ended();
  });

  it('his password changed', async () => {
    const { user, token } = await session();
    const stream = await openStream(token);
    const res = await t.as(token, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { currentPassword: user.password, newPassword: 'Nouveau-Depart-9' },
    });
    expect(res.statusCode).toBe(200);
    await stream.ended();
  });
});
