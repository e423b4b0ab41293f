import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createEquipment, createIntervention, createRole, createUser } from './helpers/factories.ts';
import { PNG } from './helpers/sample-files.ts';
import { memoryStorage, multipartBody } from './helpers/signature-files.ts';

/**
 * Issue 33: every request-link, public-form and inbox route × every kind of user (and no one), on objects that exist
 * (the generated matrix only checks that the declared access is applied), then a fuzz pass of every new body.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const names = ['Administrateur', 'Responsable', 'Technicien', 'Consultation', 'Aucun droit'] as const;
const storage = memoryStorage();

beforeAll(async () => {
  t = await createTestApp({
    deps: { storage, requestThrottle: { perAddress: 100_000, perEquipment: 100_000, global: 1_000_000 } },
  });
  await createRole(t.database.db, 'Aucun droit', []);
  for (const role of names) {
    const u = await createUser(t.database.db, { role });
    tokens[role] = (await t.login(u.username, u.password)).token;
  }
});
afterAll(() => t.close());

const OK = 200;
const NEW = 201;
const NO = 403;
const ANON = 401;

const FIELDS = { description: 'Fuite d’huile sous le compresseur', nom: 'Hicham Alaoui', telephone: '0661234567' };
const publicForm = (fields: Record<string, string> = FIELDS) =>
  multipartBody(fields, [{ field: 'photos', filename: 'fuite.png', type: 'image/png', content: PNG }]);

async function link(): Promise<{ equipementId: number; token: string }> {
  const e = await createEquipment(t.database.db);
  const res = await t.as(tokens.Administrateur!, { method: 'GET', url: `/api/equipment/${e.id}/request-link` });
  expect(res.statusCode).toBe(OK);
  return { equipementId: e.id, token: res.json().data.token };
}
/** A new request (with one photo) on a new equipment. */
async function newRequest(): Promise<{ id: number; equipementId: number; photoId: number }> {
  const { equipementId, token } = await link();
  const res = await t.app.inject({ method: 'POST', url: `/api/public/requests/${token}`, ...publicForm() });
  expect(res.statusCode).toBe(NEW);
  const { rows } = await t.database.db.execute<{ id: number; photo: number }>(
    sql`SELECT r.id, p.id AS photo FROM intervention_requests r JOIN intervention_request_photos p ON p.request_id = r.id
        WHERE r.equipement_id = ${equipementId}`,
  );
  return { id: rows[0]!.id, equipementId, photoId: rows[0]!.photo };
}

describe('request links, the public form and the inbox × users (issue 33)', () => {
  type Body = { payload: object | Buffer; headers?: Record<string, string> };
  type Row = [string, () => Promise<{ url: string; body?: Body }>, number[], number];
  // [method, target builder (fresh objects per call), statuses for the five users, status for no one]
  const rows: Row[] = [
    [
      'GET',
      async () => ({ url: `/api/equipment/${(await link()).equipementId}/request-link` }),
      [OK, OK, OK, NO, NO],
      ANON,
    ],
    [
      'POST',
      async () => ({ url: `/api/equipment/${(await link()).equipementId}/request-link/rotate` }),
      [OK, OK, OK, NO, NO],
      ANON,
    ],
    ['GET', async () => ({ url: `/api/public/requests/${(await link()).token}` }), [OK, OK, OK, OK, OK], OK],
    [
      'POST',
      async () => ({ url: `/api/public/requests/${(await link()).token}`, body: publicForm() }),
      [NEW, NEW, NEW, NEW, NEW],
      NEW,
    ],
    ['GET', async () => ({ url: '/api/requests?statut=NOUVELLE' }), [OK, OK, NO, NO, NO], ANON],
    ['GET', async () => ({ url: `/api/requests/${(await newRequest()).id}` }), [OK, OK, NO, NO, NO], ANON],
    [
      'GET',
      async () => {
        const r = await newRequest();
        return { url: `/api/requests/${r.id}/photos/${r.photoId}` };
      },
      [OK, OK, NO, NO, NO],
      ANON,
    ],
    ['POST', async () => ({ url: `/api/requests/${(await newRequest()).id}/accept` }), [OK, OK, NO, NO, NO], ANON],
    [
      'POST',
      async () => ({
        url: `/api/requests/${(await newRequest()).id}/decline`,
        body: { payload: { motif: 'Doublon' } },
      }),
      [OK, OK, NO, NO, NO],
      ANON,
    ],
    [
      'POST',
      async () => {
        const r = await newRequest();
        const i = await createIntervention(t.database.db, { equipementId: r.equipementId });
        return { url: `/api/requests/${r.id}/merge`, body: { payload: { intervention_id: i.id } } };
      },
      [OK, OK, NO, NO, NO],
      ANON,
    ],
  ];

  it('answers each kind of user (and an anonymous caller) as the declared access says', async () => {
    const got: string[] = [];
    const want: string[] = [];
    for (const [method, target, statuses, anonymous] of rows) {
      for (const [i, name] of [...names, 'anonyme'].entries()) {
        const { url, body } = await target();
        const opts = { method: method as 'GET', url, ...(body ?? {}) };
        const res = name === 'anonyme' ? await t.app.inject(opts) : await t.as(tokens[name]!, opts);
        const shape = url.replace(/\/requests\/[A-Za-z0-9_-]{43}/, '/requests/:token').replace(/\d+/g, ':id');
        got.push(`${name} ${method} ${shape} → ${res.statusCode}`);
        want.push(`${name} ${method} ${shape} → ${i < names.length ? statuses[i] : anonymous}`);
      }
    }
    expect(got).toEqual(want);
  });

  it('declares the routes with these accesses', () => {
    const access = (method: string, url: string) =>
      t.app.routeAccess.find((r) => r.method === method && r.url === url)?.access;
    expect(access('GET', '/api/equipment/:id/request-link')).toEqual({ permission: 'equipment:update' });
    expect(access('POST', '/api/equipment/:id/request-link/rotate')).toEqual({ permission: 'equipment:update' });
    for (const url of ['/api/public/requests/:token', '/api/public/requests/:token/logo']) {
      expect(access('GET', url)).toBe('public');
    }
    expect(access('POST', '/api/public/requests/:token')).toBe('public');
    for (const [method, url] of [
      ['GET', '/api/requests'],
      ['GET', '/api/requests/:id'],
      ['GET', '/api/requests/:id/photos/:photoId'],
      ['POST', '/api/requests/:id/accept'],
      ['POST', '/api/requests/:id/merge'],
      ['POST', '/api/requests/:id/decline'],
    ]) {
      expect(access(method!, url!)).toEqual({ permission: 'requests:manage' });
    }
  });

  it('never shows a requester anything of another request: the public routes answer the equipment and company only', async () => {
    const r = await newRequest();
    const { rows } = await t.database.db.execute<{ token: string }>(
      sql`SELECT token FROM equipment_request_links WHERE equipement_id = ${r.equipementId}`,
    );
    const page = await t.app.inject({ method: 'GET', url: `/api/public/requests/${rows[0]!.token}` });
    expect(Object.keys(page.json().data).sort()).toEqual(['entreprise', 'equipement', 'logo_url']);
    expect(page.body).not.toContain(FIELDS.nom);
    expect(page.body).not.toContain(FIELDS.telephone);
  });
});

describe('fuzz: the public form, the decisions and the list query on rows that exist', () => {
  it('random values in every field never give a 5xx, and a refused form stores nothing', async () => {
    const admin = tokens.Administrateur!;
    const scalars: unknown[] = [
      null,
      '',
      ' ',
      'x'.repeat(5000),
      -1,
      0,
      1.5,
      2 ** 31,
      1e21,
      true,
      [],
      {},
      '\u0000',
      '\ud800',
      '2026-02-30T10:00:00Z',
      '<script>alert(1)</script>',
      '+212 6 12 34 56 78',
      '../../etc/passwd',
    ];
    const { equipementId, token } = await link();
    const failures: string[] = [];
    let accepted = 0;
    for (const value of scalars) {
      const text = (typeof value === 'string' ? value : JSON.stringify(value)).replaceAll(String.fromCharCode(0), '');
      for (const key of ['description', 'nom', 'telephone', 'email', 'site_web']) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/public/requests/${token}`,
          ...multipartBody({ ...FIELDS, [key]: text }, [
            { field: 'photos', filename: text.slice(0, 50) || 'x', type: 'image/png', content: Buffer.from(text) },
          ]),
        });
        if (res.statusCode >= 500) failures.push(`form ${key}=${JSON.stringify(value)} → ${res.statusCode}`);
        if (res.statusCode === NEW && key !== 'site_web')
          failures.push(`form ${key}=${JSON.stringify(value)} accepted a non-image`);
        if (res.statusCode === NEW) accepted++;
      }
      const tokenRes = await t.app.inject({
        method: 'GET',
        url: `/api/public/requests/${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?')) || 'x'}`,
      });
      if (tokenRes.statusCode >= 500) failures.push(`token ${text} → ${tokenRes.statusCode}`);
      const r = await newRequest();
      for (const [path, payload] of [
        ['decline', { motif: value }],
        ['merge', { intervention_id: value }],
      ] as const) {
        const res = await t.as(admin, { method: 'POST', url: `/api/requests/${r.id}/${path}`, payload });
        if (res.statusCode >= 500) failures.push(`${path} ${JSON.stringify(value)} → ${res.statusCode}`);
      }
      for (const q of ['statut', 'search', 'page', 'limit']) {
        const res = await t.as(admin, {
          method: 'GET',
          url: `/api/requests?${q}=${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?'))}`,
        });
        if (res.statusCode >= 500) failures.push(`list ${q}=${text} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    // Only the honeypot's robots were answered 201 (and they keep nothing); no refused form left a file behind.
    expect(accepted).toBeGreaterThan(0);
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM intervention_requests WHERE equipement_id = ${equipementId}`,
    );
    expect(rows[0]!.n).toBe(0);
    const requestFiles = [...storage.files.keys()].filter((k) => k.startsWith('requests/'));
    const { rows: photos } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM intervention_request_photos`,
    );
    expect(requestFiles).toHaveLength(photos[0]!.n);
  });
});
