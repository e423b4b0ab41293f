import { API_TOKEN_MESSAGES } from '@gmao/domain/auth/api-token-schemas';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { addDays } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createEquipment, createIntervention, createPortalUser, createRole, createUser } from './helpers/factories.ts';

/** API tokens (issue 35): shown once, scoped, never beyond the owner's rights, revoked at once, limited, audited. */
let t: TestApp;
let admin: string;
let owner: { id: number; session: string };
let equipementId: number;
const today = metricsToday();
const inAMonth = addDays(today, 30);

beforeAll(async () => {
  t = await createTestApp({ deps: { apiTokenRateLimit: { max: 1000, windowMs: 60_000 } } });
  admin = await t.adminToken();
  await createRole(t.database.db, 'Lecteur interventions', [
    'interventions:read',
    'interventions:create',
    'interventions:update',
  ]);
  const u = await createUser(t.database.db, { role: 'Lecteur interventions' });
  owner = { id: u.id, session: (await t.login(u.username, u.password)).token };
  equipementId = (await createEquipment(t.database.db)).id;
  await createIntervention(t.database.db, { equipementId, description: 'Contrôle du transformateur HTA' });
});
afterAll(() => t.close());

async function newToken(session: string, body: object) {
  const res = await t.as(session, { method: 'POST', url: '/api/tokens', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; token: string; prefixe: string; scopes: string[] };
}
const withToken = (token: string, opts: Parameters<TestApp['as']>[1]) => t.as(token, opts);

describe('API tokens', () => {
  it('are never a client portal session (issue 33): a portal user may not make one, a token never reads the portal', async () => {
    const portalUser = await createPortalUser(t.database.db, { droit: 'DEMANDEUR' });
    const session = (await t.login(portalUser.username, portalUser.password)).token;
    const made = await t.as(session, {
      method: 'POST',
      url: '/api/tokens',
      payload: { nom: 'Portail', scopes: ['interventions:read'], expire_le: inAMonth },
    });
    expect(made.statusCode).toBe(403);
    const { token } = await newToken(owner.session, {
      nom: 'Lecture',
      scopes: ['interventions:read'],
      expire_le: inAMonth,
    });
    for (const url of ['/api/portal/me', '/api/portal/interventions', '/api/portal/requests']) {
      expect((await withToken(token, { method: 'GET', url })).statusCode, url).toBe(403);
    }
  });

  it('is shown once as gmao_pat_…, kept only as a hash, listed without its secret', async () => {
    const created = await newToken(owner.session, {
      nom: 'GMAO → ERP',
      scopes: ['interventions:read'],
      expire_le: inAMonth,
    });
    expect(created.token).toMatch(/^gmao_pat_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.prefixe)).toBe(true);
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM api_tokens WHERE token_hash = ${created.token} OR prefixe = ${created.token}`,
    );
    expect(rows[0]!.n).toBe(0);
    const list = await t.as(owner.session, { method: 'GET', url: '/api/tokens' });
    const mine = list.json().data.find((x: { id: number }) => x.id === created.id);
    expect(mine).toMatchObject({ nom: 'GMAO → ERP', scopes: ['interventions:read'], revoked_at: null });
    expect(JSON.stringify(list.json())).not.toContain(created.token);
    const audit = await t.database.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity_type = 'api_token' AND entity_id = ${String(created.id)}`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['api_token.create']);
  });

  it('with interventions:read reads, and writes nothing: each refusal names the missing permission', async () => {
    const { token } = await newToken(owner.session, {
      nom: 'Lecture',
      scopes: ['interventions:read'],
      expire_le: inAMonth,
    });
    const list = await withToken(token, { method: 'GET', url: '/api/interventions' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.length).toBeGreaterThan(0);
    const create = await withToken(token, {
      method: 'POST',
      url: '/api/interventions',
      payload: { equipement_id: equipementId, description: 'Alarme SCADA' },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toContain('interventions:create');
    // every route that changes something, whatever its declared access, refuses this token
    const writes = t.app.routeAccess.filter(
      (r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && r.access !== 'public',
    );
    expect(writes.length).toBeGreaterThan(80);
    const admitted: string[] = [];
    for (const route of writes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const res = await withToken(token, { method: route.method as 'POST', url, payload: {} });
      if (res.statusCode !== 403) admitted.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    expect(admitted).toEqual([]);
    // nor does it reach the administrator's pages, although its owner could read them with his session
    expect((await withToken(token, { method: 'GET', url: '/api/audit' })).statusCode).toBe(403);
  });

  it('creates with the scope that allows it, as its owner', async () => {
    const { token } = await newToken(owner.session, {
      nom: 'BMS',
      scopes: ['interventions:read', 'interventions:create'],
      expire_le: inAMonth,
    });
    const res = await withToken(token, {
      method: 'POST',
      url: '/api/interventions',
      payload: { equipement_id: equipementId, description: 'Alarme BMS : température transformateur', date: today },
    });
    expect(res.statusCode, res.body).toBe(201);
    // its history's first line (the list's "Créé par") names the token's owner
    const { rows } = await t.database.db.execute<{ user_id: number }>(
      sql`SELECT user_id FROM intervention_history WHERE intervention_id = ${res.json().data.id} ORDER BY id LIMIT 1`,
    );
    expect(rows[0]!.user_id).toBe(owner.id);
  });

  it('never exceeds its owner: refused at creation beyond his rights, narrowed at once when his role loses one', async () => {
    const beyond = await t.as(owner.session, {
      method: 'POST',
      url: '/api/tokens',
      payload: { nom: 'Trop', scopes: ['interventions:read', 'users:read'], expire_le: inAMonth },
    });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().message).toBe(API_TOKEN_MESSAGES.scopeBeyondOwner('users:read'));

    await createRole(t.database.db, 'Lecteur éphémère', ['interventions:read']);
    const u = await createUser(t.database.db, { role: 'Lecteur éphémère' });
    const session = (await t.login(u.username, u.password)).token;
    const { token } = await newToken(session, { nom: 'Éphémère', scopes: ['interventions:read'], expire_le: inAMonth });
    expect((await withToken(token, { method: 'GET', url: '/api/interventions' })).statusCode).toBe(200);
    await t.database.db.execute(
      sql`DELETE FROM role_permissions WHERE role_id = (SELECT role_id FROM users WHERE id = ${u.id})`,
    );
    expect((await withToken(token, { method: 'GET', url: '/api/interventions' })).statusCode).toBe(403);
  });

  it('answers the same 401 for revoked (on another instance too), expired, malformed or unknown tokens', async () => {
    const { id, token } = await newToken(owner.session, {
      nom: 'Révocable',
      scopes: ['interventions:read'],
      expire_le: inAMonth,
    });
    const second = await buildApp({ database: t.database, jwtSecret: 'x'.repeat(64), logLevel: 'silent' });
    await second.ready();
    try {
      const viaSecond = () =>
        second.inject({ method: 'GET', url: '/api/interventions', headers: { authorization: `Bearer ${token}` } });
      expect((await viaSecond()).statusCode).toBe(200);
      const revoke = await t.as(owner.session, { method: 'DELETE', url: `/api/tokens/${id}` });
      expect(revoke.statusCode).toBe(200);
      const refused = await viaSecond();
      expect(refused.statusCode).toBe(401);
      const message = refused.json().message;
      const { token: old } = await newToken(owner.session, {
        nom: 'Expiré',
        scopes: ['interventions:read'],
        expire_le: inAMonth,
      });
      await t.database.db.execute(
        sql`UPDATE api_tokens SET expire_le = now() - interval '1 second' WHERE nom = 'Expiré'`,
      );
      for (const bad of [old, 'gmao_pat_court', `gmao_pat_${'A'.repeat(43)}`]) {
        const res = await withToken(bad, { method: 'GET', url: '/api/interventions' });
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe(message);
      }
      const audit = await t.database.db.execute<{ action: string }>(
        sql`SELECT action FROM audit_log WHERE entity_type = 'api_token' AND entity_id = ${String(id)} ORDER BY id`,
      );
      expect(audit.rows.map((r) => r.action)).toEqual(['api_token.create', 'api_token.revoke']);
    } finally {
      await second.close();
    }
  });

  it('refuses a bad expiry, a token minted with a token, another user’s token unless administrator; nothing written', async () => {
    const count = async () =>
      (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM api_tokens`)).rows[0]!.n;
    const before = await count();
    const cases: [object, number, string][] = [
      [{ nom: 'Passé', scopes: ['interventions:read'], expire_le: today }, 400, API_TOKEN_MESSAGES.expiryPast],
      [
        { nom: 'Loin', scopes: ['interventions:read'], expire_le: addDays(today, 400) },
        400,
        API_TOKEN_MESSAGES.expiryTooFar,
      ],
      [{ nom: 'Sans', scopes: [], expire_le: inAMonth }, 400, API_TOKEN_MESSAGES.scopesRequired],
      [
        { nom: 'Autre', scopes: ['interventions:read'], expire_le: inAMonth, user_id: 1 },
        403,
        API_TOKEN_MESSAGES.otherUserAdminOnly,
      ],
    ];
    for (const [payload, status, message] of cases) {
      const res = await t.as(owner.session, { method: 'POST', url: '/api/tokens', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const { token } = await newToken(owner.session, {
      nom: 'Jeton',
      scopes: ['interventions:read'],
      expire_le: inAMonth,
    });
    const minted = await withToken(token, {
      method: 'POST',
      url: '/api/tokens',
      payload: { nom: 'Fils', scopes: ['interventions:read'], expire_le: inAMonth },
    });
    expect(minted.statusCode).toBe(403);
    expect(await count()).toBe(before + 1);
    // an administrator makes one for a service account
    const service = await createUser(t.database.db, { role: 'Lecteur interventions', nom: 'Compte de service ERP' });
    const forService = await t.as(admin, {
      method: 'POST',
      url: '/api/tokens',
      payload: { nom: 'ERP', scopes: ['interventions:read'], expire_le: inAMonth, user_id: service.id },
    });
    expect(forService.statusCode).toBe(201);
    expect(forService.json().data.user.id).toBe(service.id);
  });

  it('writes its last use at most every 5 minutes, at once from a new address (audited)', async () => {
    const { id, token } = await newToken(owner.session, {
      nom: 'Suivi',
      scopes: ['interventions:read'],
      expire_le: inAMonth,
    });
    const lastUse = async () =>
      (
        await t.database.db.execute<{ at: string; ip: string }>(
          sql`SELECT last_used_at::text AS at, last_used_ip AS ip FROM api_tokens WHERE id = ${id}`,
        )
      ).rows[0]!;
    const get = (ip: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/interventions',
        remoteAddress: ip,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await get('10.1.1.1')).statusCode).toBe(200);
    const first = await lastUse();
    expect(first.ip).toBe('10.1.1.1');
    await get('10.1.1.1');
    expect(await lastUse()).toEqual(first);
    await get('10.2.2.2');
    expect((await lastUse()).ip).toBe('10.2.2.2');
    const audit = await t.database.db.execute<{ summary: string }>(
      sql`SELECT summary FROM audit_log WHERE action = 'api_token.new_address' AND entity_id = ${String(id)}`,
    );
    expect(audit.rows.map((r) => r.summary)).toEqual(['Jeton utilisé depuis 10.2.2.2']);
  });
});

describe('API token rate limit', () => {
  it('answers 429 with Retry-After past the limit, counted in PostgreSQL for every instance', async () => {
    const limited = await createTestApp({ deps: { apiTokenRateLimit: { max: 3, windowMs: 60_000 } } });
    try {
      const u = await createUser(limited.database.db, { role: 'Technicien' });
      const session = (await limited.login(u.username, u.password)).token;
      const created = await limited.as(session, {
        method: 'POST',
        url: '/api/tokens',
        payload: { nom: 'Limité', scopes: ['interventions:read'], expire_le: inAMonth },
      });
      const token = created.json().data.token;
      const second = await buildApp({
        database: limited.database,
        jwtSecret: 'y'.repeat(64),
        logLevel: 'silent',
        apiTokenRateLimit: { max: 3, windowMs: 60_000 },
      });
      await second.ready();
      try {
        const statuses: number[] = [];
        for (const app of [limited.app, second, limited.app, second]) {
          const res = await app.inject({
            method: 'GET',
            url: '/api/interventions',
            headers: { authorization: `Bearer ${token}` },
          });
          statuses.push(res.statusCode);
          if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
        expect(statuses).toEqual([200, 200, 200, 429]);
      } finally {
        await second.close();
      }
    } finally {
      await limited.close();
    }
  });
});

describe('tokens routes × users, and a fuzz pass of the body', () => {
  it('lets every signed-in user manage his own tokens only; an administrator sees and revokes all; no one else', async () => {
    const names = ['Administrateur', 'Responsable', 'Technicien', 'Consultation'] as const;
    const sessions: Record<string, { id: number; token: string }> = {};
    for (const role of names) {
      const u = await createUser(t.database.db, { role });
      sessions[role] = { id: u.id, token: (await t.login(u.username, u.password)).token };
    }
    const mine: Record<string, number> = {};
    for (const role of names) {
      // interventions:read is held by these four roles; each makes a token of his own
      const res = await t.as(sessions[role]!.token, {
        method: 'POST',
        url: '/api/tokens',
        payload: { nom: `Jeton ${role}`, scopes: ['interventions:read'], expire_le: inAMonth },
      });
      expect(res.statusCode, `${role} ${res.body}`).toBe(201);
      mine[role] = res.json().data.id;
    }
    for (const role of names) {
      const list = await t.as(sessions[role]!.token, { method: 'GET', url: '/api/tokens' });
      const owners = new Set(list.json().data.map((x: { user: { id: number } }) => x.user.id));
      if (role === 'Administrateur') expect(owners.size).toBeGreaterThan(3);
      else expect([...owners]).toEqual([sessions[role]!.id]);
    }
    // the technician cannot revoke the responsable's token (404: he does not learn it exists); the admin can
    const other = await t.as(sessions.Technicien!.token, { method: 'DELETE', url: `/api/tokens/${mine.Responsable}` });
    expect(other.statusCode).toBe(404);
    const byAdmin = await t.as(sessions.Administrateur!.token, {
      method: 'DELETE',
      url: `/api/tokens/${mine.Responsable}`,
    });
    expect(byAdmin.statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens'],
      ['DELETE', `/api/tokens/${mine.Technicien}`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('random values in every field never give a 5xx, and only a valid body writes', async () => {
    const valid = { nom: 'Fuzz', scopes: ['interventions:read'], expire_le: inAMonth };
    const scalars = [
      null,
      '',
      'x'.repeat(300),
      -1,
      0,
      1.5,
      2 ** 31,
      1e21,
      '2026-02-30',
      true,
      [],
      [null],
      {},
      '\u0000',
      '\ud800',
    ];
    const before = (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM api_tokens`)).rows[0]!
      .n;
    const bad: string[] = [];
    let accepted = 0;
    for (const value of scalars) {
      for (const key of [...Object.keys(valid), 'user_id']) {
        const res = await t.as(owner.session, {
          method: 'POST',
          url: '/api/tokens',
          payload: { ...valid, [key]: value },
        });
        // any text of 1 to 100 characters is a name (the lone surrogate is made well-formed by the input hygiene)
        const validName = key === 'nom' && typeof value === 'string' && value.trim() !== '' && value.length <= 100;
        if (validName && res.statusCode === 201) accepted++;
        else if (res.statusCode >= 500 || res.statusCode === 201)
          bad.push(`${key}=${JSON.stringify(value)} → ${res.statusCode}`);
      }
    }
    for (const id of ['0', '-1', '2147483648', 'abc', '1e3']) {
      const res = await t.as(owner.session, { method: 'DELETE', url: `/api/tokens/${id}` });
      if (res.statusCode >= 500) bad.push(`DELETE ${id} → ${res.statusCode}`);
    }
    expect(bad).toEqual([]);
    const after = (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM api_tokens`)).rows[0]!
      .n;
    expect(accepted).toBe(2);
    expect(after).toBe(before + accepted);
  });
});
