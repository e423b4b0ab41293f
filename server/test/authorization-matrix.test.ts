import { hasPermission, hasRole } from '@gmao/domain/auth/permissions';
import { type PortalDroit, portalAdmits } from '@gmao/domain/portal/portal-access';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../src/plugins/auth.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createEquipment, createIntervention, createPortalUser, createRole, createUser } from './helpers/factories.ts';

/**
 * The authorization matrix, generated from the route table: every non-public route × every seeded role (plus a role
 * holding nothing and an anonymous caller). A caller the declared access refuses gets 401/403; a caller it admits never
 * does (the ids point at nothing, so an admitted call ends in 400/404/422, never in a change). New routes join the
 * matrix by being registered. Then a fuzz pass: malformed bodies and queries on every route never give a 5xx.
 */
let t: TestApp;
interface Caller {
  name: string;
  token: string;
  holder: { role: string | null; permissions: string[]; clientId?: number | null; portalDroit?: PortalDroit | null };
}
const callers: Caller[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['Administrateur', 'Responsable', 'Technicien', 'Consultation']) {
    const u = await createUser(t.database.db, { role });
    const session = await t.login(u.username, u.password);
    const profile = await t.as(session.token, { method: 'GET', url: '/api/auth/profile' });
    callers.push({ name: role, token: session.token, holder: profile.json().data });
  }
  // Roles holding one permission: nothing at all, and the stock alone (a storekeeper, issue 29).
  for (const [name, permissions] of [
    ['Aucun droit', []],
    ['Stock seul', ['stock:read']],
  ] as const) {
    await createRole(t.database.db, name, [...permissions]);
    const u = await createUser(t.database.db, { role: name });
    const session = await t.login(u.username, u.password);
    callers.push({ name, token: session.token, holder: { role: name, permissions: [...permissions] } });
  }
  // Issue 33: client portal users pass only the portal's routes (and their account's), whatever else is declared.
  for (const droit of ['LECTURE', 'DEMANDEUR'] as const) {
    const u = await createPortalUser(t.database.db, { droit });
    const session = await t.login(u.username, u.password);
    callers.push({
      name: `Portail ${droit}`,
      token: session.token,
      holder: { role: null, permissions: [], clientId: u.clientId, portalDroit: droit },
    });
  }
});
afterAll(() => t.close());

const MISSING_ID = '987654321';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, MISSING_ID);

function admits(access: RouteAccess, holder: Caller['holder']): boolean {
  if (access === 'public' || access === 'account') return true;
  if (typeof access === 'object' && 'portal' in access) return portalAdmits(holder, access.portal);
  if (holder.clientId != null) return false;
  if (access === 'authenticated') return true;
  if ('permission' in access) return hasPermission(holder, access.permission);
  if ('anyPermission' in access) return access.anyPermission.some((p) => hasPermission(holder, p));
  return hasRole(holder, access.role);
}

function request(method: string, url: string, payload?: unknown): InjectOptions {
  const withBody = method !== 'GET' && method !== 'DELETE' && method !== 'HEAD';
  return { method: method as InjectOptions['method'], url, ...(withBody ? { payload: payload ?? {} } : {}) };
}

const protectedRoutes = () =>
  t.app.routeAccess.filter((r) => r.url.startsWith('/api') && r.access !== undefined && r.access !== 'public');

describe('authorization matrix (route table × roles)', () => {
  it('refuses anonymous callers on every protected route', async () => {
    for (const route of protectedRoutes()) {
      const res = await t.app.inject(request(route.method, concrete(route.url)));
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('lists the webhook routes (issue 35) for administrators only', () => {
    const webhooks = t.app.routeAccess.filter((r) => r.url.startsWith('/api/webhooks'));
    expect(webhooks).toHaveLength(8);
    for (const r of webhooks) expect(r.access, `${r.method} ${r.url}`).toEqual({ role: 'Administrateur' });
  });

  it('lists the habilitation routes (issue 34): titles by habilitations:manage, a user reads his own', () => {
    const access = (method: string, url: string) =>
      t.app.routeAccess.find((r) => r.method === method && r.url === url)?.access;
    const manage = { permission: 'habilitations:manage' };
    expect(access('GET', '/api/users/:id/habilitations')).toBe('authenticated');
    expect(access('POST', '/api/users/:id/habilitations')).toEqual(manage);
    expect(access('PUT', '/api/users/:id/aptitude-medicale')).toEqual(manage);
    expect(access('GET', '/api/habilitations')).toEqual(manage);
    expect(access('PUT', '/api/habilitations/:hid')).toEqual(manage);
    expect(access('DELETE', '/api/habilitations/:hid')).toEqual(manage);
    expect(access('GET', '/api/habilitations/a-renouveler')).toEqual(manage);
    expect(access('GET', '/api/habilitations/a-renouveler.csv')).toEqual(manage);
    expect(access('GET', '/api/habilitations/a-renouveler.pdf')).toEqual(manage);
    expect(access('PUT', '/api/habilitations/:hid/titre')).toEqual(manage);
    expect(access('GET', '/api/habilitations/:hid/titre')).toBe('authenticated');
    expect(access('POST', '/api/interventions/:id/assign')).toEqual(access('PUT', '/api/interventions/:id/assign'));
    expect(access('GET', '/api/interventions/:id/consignation')).toEqual({ permission: 'interventions:read' });
    expect(access('PUT', '/api/interventions/:id/consignation')).toEqual({ permission: 'interventions:update' });
    expect(access('GET', '/api/interventions/:id/consignation/pdf')).toEqual({ permission: 'interventions:read' });
  });

  it('lists the meter-reading routes (running hours of preventive plans) with the equipment permissions', () => {
    const access = (method: string, url: string) =>
      t.app.routeAccess.find((r) => r.method === method && r.url === url)?.access;
    expect(access('GET', '/api/equipment/:id/readings')).toEqual({ permission: 'equipment:read' });
    expect(access('POST', '/api/equipment/:id/readings')).toEqual({ permission: 'equipment:update' });
    expect(access('PUT', '/api/equipment/:id/readings/:readingId')).toEqual({ permission: 'equipment:update' });
    expect(access('DELETE', '/api/equipment/:id/readings/:readingId')).toEqual({ permission: 'equipment:update' });
  });

  it('lists the timer-session corrections (issue 29) with interventions:update (the author or an assigner: service)', () => {
    const access = (method: string, url: string) =>
      t.app.routeAccess.find((r) => r.method === method && r.url === url)?.access;
    const update = { permission: 'interventions:update' };
    expect(access('PUT', '/api/interventions/:id/timer/sessions/:sessionId')).toEqual(update);
    expect(access('DELETE', '/api/interventions/:id/timer/sessions/:sessionId')).toEqual(update);
  });

  it('admits exactly the roles the declared access admits', async () => {
    const routes = protectedRoutes();
    expect(routes.length).toBeGreaterThan(90);
    const mismatches: string[] = [];
    for (const route of routes) {
      for (const caller of callers) {
        const res = await t.as(caller.token, request(route.method, concrete(route.url)));
        const expected = admits(route.access as RouteAccess, caller.holder);
        const refused = res.statusCode === 401 || res.statusCode === 403;
        if (res.statusCode >= 500 || (expected && refused) || (!expected && res.statusCode !== 403)) {
          mismatches.push(
            `${caller.name} ${route.method} ${route.url} → ${res.statusCode} (expected ${expected ? 'admitted' : '403'})`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

/**
 * Issue 29: each dashboard block needs the permission of the data it shows (`dashboard-access.ts`), the one its own
 * screen's route needs. Written out, not derived from the route table: a route that went back to 'authenticated'
 * would still pass the generated matrix above.
 */
describe('dashboard blocks × users (issue 29)', () => {
  const OK = 200;
  const NO = 403;
  // route → expected status for Administrateur, Responsable, Technicien, Consultation, Aucun droit, Stock seul
  const rows: [string, number[]][] = [
    ['/api/dashboard/stats', [OK, OK, OK, OK, OK, OK]],
    ['/api/dashboard/recent-interventions', [OK, OK, OK, OK, NO, NO]],
    ['/api/dashboard/alerts', [OK, OK, OK, OK, NO, NO]],
    ['/api/dashboard/my-work', [OK, OK, OK, OK, NO, NO]],
    // issue 31: the guaranteed times' card, the figures of the list's ?sla= filters
    ['/api/dashboard/sla', [OK, OK, OK, OK, NO, NO]],
    ['/api/dashboard/charts', [OK, OK, NO, OK, NO, NO]],
    ['/api/dashboard/performance', [OK, OK, NO, OK, NO, NO]],
    // the same figures outside the dashboard, for comparison
    ['/api/interventions/performance', [OK, OK, NO, OK, NO, NO]],
    ['/api/interventions/status-counts', [OK, OK, OK, OK, NO, NO]],
  ];
  const names = ['Administrateur', 'Responsable', 'Technicien', 'Consultation', 'Aucun droit', 'Stock seul'];

  it('answers each kind of user as the data of the block allows', async () => {
    const got: string[] = [];
    const want: string[] = [];
    for (const [url, statuses] of rows) {
      for (const [i, name] of names.entries()) {
        const caller = callers.find((c) => c.name === name)!;
        const res = await t.as(caller.token, { method: 'GET', url });
        got.push(`${name} ${url} → ${res.statusCode}`);
        want.push(`${name} ${url} → ${statuses[i]}`);
      }
    }
    expect(got).toEqual(want);
  });

  it('leaves out of /dashboard/stats the figures the user may not read', async () => {
    const interventions = ['activeInterventions', 'completedInterventions', 'completionRate', 'totalInterventions'];
    const expected: Record<string, { overview: string[]; alerts: boolean }> = {
      Administrateur: { overview: [...interventions, 'totalClients', 'totalEquipment'].sort(), alerts: true },
      Technicien: { overview: [...interventions, 'totalClients', 'totalEquipment'].sort(), alerts: true },
      'Aucun droit': { overview: [], alerts: false },
      'Stock seul': { overview: [], alerts: false },
    };
    for (const [name, want] of Object.entries(expected)) {
      const caller = callers.find((c) => c.name === name)!;
      const data = (await t.as(caller.token, { method: 'GET', url: '/api/dashboard/stats' })).json().data;
      expect({ name, overview: Object.keys(data.overview).sort(), alerts: 'alerts' in data }).toEqual({
        name,
        ...want,
      });
    }
  });
});

/** Deterministic pseudo-random values (mulberry32), so a failure replays. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const scalars = [
    null,
    true,
    -1,
    0,
    1.5,
    2 ** 31,
    Number.MAX_SAFE_INTEGER,
    '',
    ' ',
    'x'.repeat(5000),
    '\u0000',
    '<script>alert(1)</script>',
    "'; DROP TABLE users; --",
    '2026-02-30',
    '9999-12-31',
    '1e309',
    '../../etc/passwd',
    'EN_COURS',
    '\ud800',
  ];
  const value = (depth: number): unknown => {
    const r = next();
    if (depth > 0 && r < 0.15) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth - 1));
    if (depth > 0 && r < 0.3) return body(depth - 1);
    return pick(scalars);
  };
  const keys = [
    'statut',
    'status',
    'ids',
    'data',
    'technicianId',
    'date',
    'nom',
    'username',
    'password',
    'page',
    'limit',
    'search',
    'note',
    'comment',
    'quantite',
    'prix_unitaire',
    'equipement_id',
    'permissions',
    'role_id',
    'checked',
    'titre',
    'contenu',
    'timeframe',
    'from',
    'to',
    'action',
    '__proto__',
    'constructor',
  ];
  const body = (depth: number): Record<string, unknown> =>
    Object.fromEntries(Array.from({ length: 1 + Math.floor(next() * 5) }, () => [pick(keys), value(depth)]));
  // A lone surrogate cannot be percent-encoded as UTF-8: send invalid UTF-8 bytes in its place.
  const encode = (v: unknown) => {
    try {
      return encodeURIComponent(String(v));
    } catch {
      return '%ED%A0%80';
    }
  };
  const query = () =>
    Array.from({ length: 1 + Math.floor(next() * 3) }, () => `${pick(keys)}=${encode(pick(scalars))}`).join('&');
  return { body, query };
}

describe('fuzz: malformed input never gives a 5xx', () => {
  it('sends 8 random bodies and queries to every route as the administrator', async () => {
    const admin = callers[0]!;
    const g = generator(20261124);
    const failures: string[] = [];
    // Logout would end the administrator's own session (it revokes the bearer's), so it is fuzzed without one.
    const fuzzed = t.app.routeAccess.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'));
    for (const route of fuzzed) {
      const token = route.url === '/api/auth/logout' ? null : admin.token;
      for (let n = 0; n < 8; n++) {
        const url = `${concrete(route.url)}?${g.query()}`;
        const payload = g.body(2);
        const options = request(route.method, url, payload);
        const res = token ? await t.as(token, options) : await t.app.inject(options);
        if (res.statusCode >= 500)
          failures.push(
            `${route.method} ${url} ${JSON.stringify(payload).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    // ~2,900 requests (8 per route, and the route table grows with each feature): 60 s was reached on a loaded machine
  }, 180_000);
});

describe('fuzz: the correction routes of issue 29 on rows that exist', () => {
  it('random times and values on a real timer session and meter reading never give a 5xx', async () => {
    const admin = callers[0]!;
    const db = t.database.db;
    const i = await createIntervention(db, { statut: 'EN_COURS' });
    const session = await db.execute<{ id: number }>(sql`INSERT INTO intervention_timer_sessions
        (intervention_id, user_id, started_at, stopped_at)
        SELECT ${i.id}, id, now() - interval '69 years', now() FROM users ORDER BY id LIMIT 1 RETURNING id`);
    const e = await createEquipment(db);
    const reading = await db.execute<{ id: number }>(sql`INSERT INTO compteur_releves (equipement_id, date, valeur)
        VALUES (${e.id}, current_date - 3, 2000000000) RETURNING id`);
    const g = generator(20261128);
    const scalars = [
      null,
      '',
      'x',
      -1,
      0,
      2 ** 31,
      Number.MAX_SAFE_INTEGER,
      '1958-11-28T10:00:00Z',
      '9999-12-31T23:59:59Z',
      '0001-01-01T00:00:00Z',
      '2026-02-30T10:00:00Z',
      new Date().toISOString(),
      '2026-11-28',
      '9999-12-31',
    ];
    const failures: string[] = [];
    const urls = [
      `/api/interventions/${i.id}/timer/sessions/${session.rows[0]!.id}`,
      `/api/equipment/${e.id}/readings/${reading.rows[0]!.id}`,
    ];
    for (const url of urls) {
      for (let n = 0; n < 40; n++) {
        // every pair of scalars in turn (deterministic, so a failure replays)
        const [a, b] = [scalars[n % scalars.length], scalars[(n * 5 + 3) % scalars.length]];
        const payload = n % 2 ? { startedAt: a, stoppedAt: b } : { date: a, valeur: b };
        const res = await t.as(admin.token, { method: 'PUT', url, payload: n % 5 ? payload : g.body(1) });
        if (res.statusCode >= 500) failures.push(`PUT ${url} ${JSON.stringify(payload)} → ${res.statusCode}`);
      }
    }
    for (const path of ['/timer/log', '']) {
      const res = await t.as(admin.token, { method: 'GET', url: `/api/interventions/${i.id}${path}` });
      if (res.statusCode >= 500) failures.push(`GET ${path} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
