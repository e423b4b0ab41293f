import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { TEST_ADMIN } from './helpers/constants.ts';
import { createUser } from './helpers/factories.ts';

const METRICS_TOKEN = 'prometheus-scraper-token-0123456789';
const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  t = await createTestApp({ deps: { logLevel: 'info', logStream, metricsToken: METRICS_TOKEN } });
});
afterAll(() => t.close());

describe('readiness', () => {
  it('is ready when the database answers and every migration is applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', db: 'ok', migrations: 'ok' });
  });

  it('is not ready (503) while a migration of this build is missing', async () => {
    const { rows } = await t.database.pool.query<{ name: string }>(
      'DELETE FROM schema_migrations WHERE name = (SELECT max(name) FROM schema_migrations) RETURNING name',
    );
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', db: 'ok', migrations: 'pending', pending: [rows[0]?.name] });
    } finally {
      await t.database.pool.query('INSERT INTO schema_migrations (name) VALUES ($1)', [rows[0]?.name]);
    }
  });
});

describe('metrics', () => {
  it('are refused without credentials and to non-administrators', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const user = await createUser(t.database.db, { role: 'Responsable' });
    const { token } = await t.login(user.username, user.password);
    expect((await t.as(token, { method: 'GET', url: '/api/metrics' })).statusCode).toBe(403);
  });

  it('count requests by route template and status, and report the pool and the process', async () => {
    const admin = await t.adminToken();
    await t.as(admin, { method: 'GET', url: '/api/clients?page=1' });
    await t.as(admin, { method: 'GET', url: '/api/clients/999999' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route/123' });
    const res = await t.as(admin, { method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/gmao_http_requests_total\{[^}]*method="GET",route="\/api\/clients",status_code="200"/);
    expect(text).toMatch(/gmao_http_requests_total\{[^}]*route="\/api\/clients\/:id",status_code="404"/);
    expect(text).toMatch(/gmao_http_requests_total\{[^}]*route="unmatched",status_code="404"/);
    expect(text).not.toMatch(/route="[^"]*999999/);
    expect(text).toMatch(/gmao_http_request_duration_seconds_bucket\{[^}]*route="\/api\/clients"/);
    expect(text).toMatch(/gmao_db_pool_connections\{[^}]*state="total"[^}]*\} \d+/);
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('are readable by a scraper holding METRICS_TOKEN', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('gmao_http_requests_total');
  });
});

describe('request ids and logs', () => {
  it('answers with a request id, keeping a balancer-provided one', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-12345678' } });
    expect(given.headers['x-request-id']).toBe('lb-12345678');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'x\n{"level":60}' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes JSON lines with the request id and never a password or a token', async () => {
    const user = await createUser(t.database.db, { role: 'Technicien', password: 'Secret-Tech-4821' });
    const badPassword = 'Wrong-Guess-7733';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: badPassword },
    });
    const session = await t.login(user.username, user.password);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { token: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const newPassword = 'Changed-Secret-9931';
    await t.as(refreshed.json().data.token, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { currentPassword: user.password, newPassword },
    });
    const admin = await t.adminToken();
    const created = {
      nom: 'Salma Idrissi',
      username: `salma_${Date.now()}`,
      password: 'Created-Secret-5510',
      role_id: 1,
    };
    await t.as(admin, { method: 'POST', url: '/api/users', payload: created });
    await t.app.inject({ method: 'GET', url: `/api/health?token=${session.refreshToken}` });
    await t.app.inject({ method: 'GET', url: '/api/boom-not-found' });

    expect(logLines.length).toBeGreaterThan(10);
    const secrets = [
      TEST_ADMIN.password,
      user.password,
      badPassword,
      newPassword,
      created.password,
      session.token,
      session.refreshToken,
      refreshed.json().data.token,
      refreshed.json().data.refreshToken,
      admin,
    ];
    for (const line of logLines) {
      const entry = JSON.parse(line);
      expect(typeof entry.level).toBe('number');
      for (const secret of secrets) expect(line, 'a secret in the logs').not.toContain(secret);
    }
    const requestLines = logLines.map((l) => JSON.parse(l)).filter((e) => e.req);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const entry of requestLines) expect(entry.reqId).toBeTruthy();
  });
});
