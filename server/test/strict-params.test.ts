import { MAX_LIST_LIMIT, MAX_PAGE } from '@gmao/domain/common/api';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { RECENT_LIMIT_MAX } from '@gmao/domain/dashboard/metrics';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createPortalUser } from './helpers/factories.ts';

/**
 * Ids in paths and queries are positive decimal integers only (ASVS V5.1): every route with a path parameter, sent
 * by an administrator (who passes every access check) with each malformed spelling, answers 400 with the French
 * message — never 200 on a look-alike id, never 404 or 5xx.
 */
const t = useAdminTestApp();

/** As they appear in the request target ('%208' is ' 8'). */
const BAD_IDS = ['0x8', '1e0', '%208', '08', '-1', '0', '+8', '8.0', '99999999999', '2147483648', 'abc'];

describe('path ids', () => {
  it('every route with a path parameter refuses malformed ids with 400 and the French message', async () => {
    // The client portal's routes (issue 33) admit only portal users: one of them sends those.
    const portalUser = await createPortalUser(t.database.db, { droit: 'DEMANDEUR' });
    const portal = (await t.login(portalUser.username, portalUser.password)).token;
    const routes = t.app.routeAccess.filter((r) => r.url.startsWith('/api') && r.url.includes('/:'));
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      // (a :token is not an id: the QR request form answers any unknown or malformed token with its plain 404)
      const params = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).filter((name) => name !== 'token');
      for (const param of params) {
        for (const bad of BAD_IDS) {
          // The other parameters get a well-formed id, so only the one under test can be refused.
          const url = route.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => (name === param ? bad : '1'));
          const hasBody = route.method === 'POST' || route.method === 'PUT';
          const res = route.url.startsWith('/api/portal/')
            ? await t.as(portal, { method: route.method as 'GET', url, ...(hasBody ? { payload: {} } : {}) })
            : await t.asAdmin(route.method as 'GET', url, hasBody ? {} : undefined);
          const label = `${route.method} ${url}`;
          expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
          expect(res.json(), label).toMatchObject({ success: false, message: SERVER_MESSAGES.invalidId });
        }
      }
    }
  });

  it('a well-formed id still reaches the handler (404 for an unknown one, 200 for a real one)', async () => {
    expect((await t.asAdmin('GET', '/api/interventions/2147483647')).statusCode).toBe(404);
    expect((await t.asAdmin('GET', '/api/users/1')).statusCode).toBe(200);
  });
});

describe('query parameters', () => {
  it('id filters refuse the same spellings', async () => {
    for (const path of [
      '/api/interventions?client_id=',
      '/api/interventions?equipement_id=',
      '/api/interventions?technician_id=',
      '/api/interventions?plan_id=',
      '/api/plans?equipement_id=',
      '/api/plans?client_id=',
      '/api/plans/compliance?from=2026-01-01&to=2026-01-31&client_id=',
      '/api/interventions/status-counts?client_id=',
      '/api/interventions/export/csv?technician_id=',
      '/api/users?role_id=',
      '/api/users?section_id=',
      '/api/equipment?proprietaire_id=',
      '/api/reports/options?clientId=',
      '/api/reports/summary?dateFrom=2026-01-01&dateTo=2026-01-31&equipementId=',
    ]) {
      for (const bad of BAD_IDS) {
        const res = await t.asAdmin('GET', `${path}${bad}`);
        expect(res.statusCode, `${path}${bad}: ${res.body}`).toBe(400);
        expect(res.json().message, `${path}${bad}`).toBe(SERVER_MESSAGES.invalidId);
      }
      expect((await t.asAdmin('GET', `${path}1`)).statusCode, `${path}1`).toBe(200);
    }
  });

  it('limit and page are capped', async () => {
    for (const url of [
      `/api/clients?limit=${MAX_LIST_LIMIT + 1}`,
      `/api/interventions?limit=${MAX_LIST_LIMIT + 1}`,
      '/api/users?limit=0',
      `/api/equipment?page=${MAX_PAGE + 1}`,
      '/api/interventions/1/comments?limit=100000',
      `/api/dashboard/recent-interventions?limit=${RECENT_LIMIT_MAX + 1}`,
      '/api/dashboard/stats?timeframe=99999999',
    ]) {
      expect((await t.asAdmin('GET', url)).statusCode, url).toBe(400);
    }
    expect((await t.asAdmin('GET', `/api/clients?limit=${MAX_LIST_LIMIT}&page=${MAX_PAGE}`)).statusCode).toBe(200);
    // a known key with a value it does not take (the list's order, issue 30)
    expect((await t.asAdmin('GET', '/api/interventions?sort=;DROP')).statusCode).toBe(400);
  });

  it('unknown query keys are ignored (ARCHITECTURE.md), on every kind of list', async () => {
    for (const url of [
      '/api/clients?unknown=1&__proto__=x',
      '/api/interventions?constructor=1&order=;DROP',
      '/api/users?foo=bar',
      '/api/dashboard/stats?x=1',
      '/api/interventions/1/attachments?x=1',
    ]) {
      const res = await t.asAdmin('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      expect([200, 404], url).toContain(res.statusCode);
    }
  });
});

describe('NUL characters', () => {
  it('are refused with a 400 in a query, a JSON body or a key, never reaching PostgreSQL (a 500 before)', async () => {
    const inQuery = await t.asAdmin('GET', '/api/audit/export/csv?search=%00');
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toMatchObject({
      message: SERVER_MESSAGES.nulCharacter,
      details: [{ field: 'query.search' }],
    });
    const inList = await t.asAdmin('GET', '/api/clients?search=a%00b');
    expect(inList.statusCode).toBe(400);
    const inBody = await t.asAdmin('POST', '/api/clients', { nom_entreprise: 'Société\u0000Nulle' });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().details[0].field).toBe('body.nom_entreprise');
    const inKey = await t.asAdmin('POST', '/api/sections', { nom: 'Atelier', 'x\u0000': 1 });
    expect(inKey.statusCode).toBe(400);
    const found = await t.asAdmin('GET', '/api/clients?search=Nulle');
    expect(found.json().data).toEqual([]);
  });
});

describe('invalid UTF-8', () => {
  it('a JSON body with bytes that are not UTF-8 is refused with a 400, never stored as U+FFFD', async () => {
    const token = await t.adminToken();
    const nom = `Société ${Date.now().toString(36)} `;
    const payload = Buffer.concat([
      Buffer.from(`{"nom_entreprise":"${nom}`),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from('"}'),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(SERVER_MESSAGES.invalidUtf8);
    const found = await t.asAdmin('GET', `/api/clients?search=${encodeURIComponent(nom.trim())}`);
    expect(found.json().data).toEqual([]);
  });
});
