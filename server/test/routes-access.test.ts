import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    configure: (app) =>
      app.get('/api/__boom', { config: { access: 'public' } }, async () => {
        throw new Error('relation "secret_table" does not exist');
      }),
  });
});
afterAll(() => t.close());

it('every API route declares its access level', () => {
  const routes = t.app.routeAccess;
  expect(routes.length).toBeGreaterThan(5);
  const undeclared = routes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
  expect(undeclared).toEqual([]);
});

it('only the auth entry points, health, readiness, docs and the QR request form (issue 33) are public', () => {
  const publicRoutes = t.app.routeAccess.filter(
    (r) => r.access === 'public' && !r.url.startsWith('/api/docs') && r.url !== '/api/__boom',
  );
  expect(publicRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
    'GET /api/health',
    'GET /api/public/requests/:token',
    'GET /api/public/requests/:token/logo',
    'GET /api/ready',
    'POST /api/auth/forgot-password',
    'POST /api/auth/login',
    'POST /api/auth/logout',
    'POST /api/auth/refresh-token',
    'POST /api/auth/register',
    'POST /api/auth/reset-password',
    'POST /api/public/requests/:token',
  ]);
});

it('a 5xx never leaks a stack or SQL', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/__boom' });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ success: false, message: 'Erreur interne du serveur' });
});

it('serves the OpenAPI document at /api/docs', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  expect(res.json().paths['/api/auth/login']).toBeDefined();
});

it('health reports the database', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
});

it('declares the client portal (issue 33): /api/portal/* for portal users only, and nothing else is theirs', () => {
  const portal = t.app.routeAccess.filter((r) => r.url.startsWith('/api/portal/'));
  expect(portal.map((r) => `${r.method} ${r.url} ${JSON.stringify(r.access)}`).sort()).toEqual([
    'GET /api/portal/contract {"portal":"LECTURE"}',
    'GET /api/portal/equipment {"portal":"LECTURE"}',
    'GET /api/portal/equipment/:id {"portal":"LECTURE"}',
    'GET /api/portal/interventions {"portal":"LECTURE"}',
    'GET /api/portal/interventions/:id {"portal":"LECTURE"}',
    'GET /api/portal/interventions/:id/bon.pdf {"portal":"LECTURE"}',
    'GET /api/portal/me {"portal":"LECTURE"}',
    'GET /api/portal/reports/period.pdf {"portal":"LECTURE"}',
    'GET /api/portal/reports/sla.pdf {"portal":"LECTURE"}',
    'GET /api/portal/requests {"portal":"LECTURE"}',
    'POST /api/portal/requests {"portal":"DEMANDEUR"}',
  ]);
  const elsewhere = t.app.routeAccess.filter(
    (r) => !r.url.startsWith('/api/portal/') && typeof r.access === 'object' && 'portal' in r.access,
  );
  expect(elsewhere).toEqual([]);
  // the account's own routes, which a portal user also reaches
  const account = t.app.routeAccess.filter((r) => r.access === 'account').map((r) => `${r.method} ${r.url}`);
  expect(account.sort()).toEqual(['GET /api/auth/profile', 'PUT /api/auth/profile']);
  for (const url of ['/api/clients/:id/portal-users', '/api/clients/:id/portal-users/:uid']) {
    for (const r of t.app.routeAccess.filter((x) => x.url === url)) {
      expect(r.access, `${r.method} ${url}`).toEqual({
        permission: r.method === 'GET' ? 'clients:read' : 'clients:update',
      });
    }
  }
});
