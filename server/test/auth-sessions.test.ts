import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { findSessionUserInSession } from '../src/modules/auth/session-user.repository.ts';
import { roleId } from './helpers/admin-factories.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createUser } from './helpers/factories.ts';

/**
 * Sessions that end (security issue, ASVS V3.3): an access token belongs to its session (claim `sid` = the
 * refresh-token family) and is refused at the very next request once that session is revoked.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'gmao-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>GMAO</title>');
  t = await createTestApp({ webDist });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const profile = (token: string) => t.as(token, { method: 'GET', url: '/api/auth/profile' });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

async function userSession() {
  const user = await createUser(t.database.db);
  return { user, ...(await t.login(user.username, user.password)) };
}

describe('the access token names its session', () => {
  it('carries the refresh family as sid; a rotation keeps the session and its access tokens', async () => {
    const { token, refreshToken } = await userSession();
    expect(claims(token).sid).toMatch(/^[0-9a-f-]{36}$/);
    const rotated = await post('/api/auth/refresh-token', { token: refreshToken });
    expect(claims(rotated.json().data.token).sid).toBe(claims(token).sid);
    expect((await profile(token)).statusCode).toBe(200);
  });

  it('refuses a validly signed token without a session id', async () => {
    const { user } = await userSession();
    // biome-ignore lint/suspicious/noExplicitAny: the old token shape, before access tokens named their session
    const legacy = t.app.jwt.sign({ sub: String(user.id), username: user.username } as any);
    const res = await profile(legacy);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(SERVER_MESSAGES.invalidToken);
  });
});

describe('the old access token is refused right after', () => {
  it('logout (by refresh token); the user’s other sessions go on', async () => {
    const { user, token, refreshToken } = await userSession();
    const other = await t.login(user.username, user.password);
    expect((await post('/api/auth/logout', { refreshToken })).statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
    expect((await profile(other.token)).statusCode).toBe(200);
  });

  it('logout with only the bearer token', async () => {
    const { token, refreshToken } = await userSession();
    const out = await t.as(token, { method: 'POST', url: '/api/auth/logout', payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
    expect((await post('/api/auth/refresh-token', { token: refreshToken })).statusCode).toBe(401);
  });

  it('a password change: every old session ends, the new token works', async () => {
    const { user, token } = await userSession();
    const elsewhere = await t.login(user.username, user.password);
    const res = await t.as(token, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { currentPassword: user.password, newPassword: 'Nouveau-Depart-9' },
    });
    expect(res.statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
    expect((await profile(elsewhere.token)).statusCode).toBe(401);
    expect((await profile(res.json().data.token)).statusCode).toBe(200);
  });

  it('a refresh-token reuse: the whole family dies, with the access tokens it issued', async () => {
    const { token, refreshToken } = await userSession();
    const rotated = (await post('/api/auth/refresh-token', { token: refreshToken })).json().data;
    expect((await post('/api/auth/refresh-token', { token: refreshToken })).statusCode).toBe(401); // the replay
    expect((await profile(token)).statusCode).toBe(401);
    expect((await profile(rotated.token)).statusCode).toBe(401);
  });
});

describe('the session is read on every request', () => {
  it('through one prepared statement whose generic plan is kept, and still sees a logout at once', async () => {
    const { user, token, refreshToken } = await userSession();
    const sid: string = claims(token).sid;
    // One connection, so that every lookup meets the same prepared statement (planned each time, it cost PostgreSQL
    // 4 to 5 times the lookup itself: issue 16's bench, the ceiling route).
    const one = openDatabase(t.database.pool.options.connectionString as string, { max: 1 });
    try {
      for (let i = 0; i < 8; i++) expect((await findSessionUserInSession(one.db, user.id, sid))?.user.id).toBe(user.id);
      const { rows } = await one.db.execute<{ generic_plans: number }>(
        sql`SELECT generic_plans::int FROM pg_prepared_statements WHERE statement LIKE '%FROM refresh_tokens rt%'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].generic_plans).toBeGreaterThanOrEqual(3);
      // A kept plan is not a kept answer: the session ends, the same statement finds nothing.
      expect((await post('/api/auth/logout', { refreshToken })).statusCode).toBe(200);
      expect(await findSessionUserInSession(one.db, user.id, sid)).toBeNull();
    } finally {
      await one.close();
    }
  });
});

describe('administrators end a user’s sessions', () => {
  const put = (id: number, body: object) => t.as(admin, { method: 'PUT', url: `/api/users/${id}`, payload: body });

  it('by disabling the account', async () => {
    const { user, token } = await userSession();
    await put(user.id, { nom: user.nom, role_id: user.roleId, enabled: false });
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('by changing the role', async () => {
    const { user, token } = await userSession();
    const same = await put(user.id, { nom: 'Nom changé', role_id: user.roleId });
    expect(same.statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(200); // no role change: the session goes on
    const res = await put(user.id, { nom: user.nom, role_id: await roleId(t.database.db, 'Consultation') });
    expect(res.statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('by setting a new password', async () => {
    const { user, token } = await userSession();
    await put(user.id, { nom: user.nom, role_id: user.roleId, password: 'Choisi-Par-Admin-1' });
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('by deleting the account', async () => {
    const { user, token } = await userSession();
    expect((await t.as(admin, { method: 'DELETE', url: `/api/users/${user.id}` })).statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
  });
});

describe('token storage stays out of reach of injected scripts: a strict CSP on every response', () => {
  it.each(['/', '/api/health', '/login'])('%s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('base-uri')).toBe("base-uri 'self'");
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|script-src-attr 'unsafe|\*/);
  });
});
