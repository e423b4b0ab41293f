import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createRole, createUser } from './helpers/factories.ts';
import { memoryStorage, multipartBody, signaturePng } from './helpers/signature-files.ts';

/**
 * Issue 32: every company-profile, logo, signature and bon route × every kind of user, written out on objects that
 * exist (the generated matrix only checks that the declared access is applied), then a fuzz pass of every new body.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const names = ['Administrateur', 'Responsable', 'Technicien', 'Consultation', 'Aucun droit'] as const;

beforeAll(async () => {
  t = await createTestApp({ deps: { storage: memoryStorage() } });
  await createRole(t.database.db, 'Aucun droit', []);
  for (const role of names) {
    const u = await createUser(t.database.db, { role });
    ids[role] = u.id;
    tokens[role] = (await t.login(u.username, u.password)).token;
  }
});
afterAll(() => t.close());

const OK = 200;
const NEW = 201;
const NO = 403;

const company = { nom: 'Atlas Maintenance', ice: '001234567000089', ville: 'Rabat' };
const logo = () =>
  multipartBody({}, [{ field: 'logo', filename: 'logo.png', type: 'image/png', content: signaturePng() }]);
const signature = (extra: Record<string, string> = {}) =>
  multipartBody({ role: 'CLIENT', nom: 'Client Test', signe_le: new Date().toISOString(), ...extra }, [
    { field: 'image', filename: 's.png', type: 'image/png', content: signaturePng() },
  ]);
/** An intervention of the technician (assigned to him), with one signed version. */
async function signedIntervention(): Promise<number> {
  const i = await createIntervention(t.database.db, { statut: 'EN_COURS', technicianId: ids.Technicien });
  const res = await t.as(tokens.Administrateur!, {
    method: 'POST',
    url: `/api/interventions/${i.id}/signatures`,
    ...signature(),
  });
  expect(res.statusCode).toBe(NEW);
  return i.id;
}
const uploadLogo = async () => {
  const res = await t.as(tokens.Administrateur!, { method: 'PUT', url: '/api/settings/company/logo', ...logo() });
  expect(res.statusCode).toBe(OK);
};

describe('company profile, signatures and the bon × users (issue 32)', () => {
  type Body = { payload: object | Buffer; headers?: Record<string, string> };
  // [method, url builder (fresh objects per call), body builder, statuses for the five users]
  type Row = [string, () => Promise<string>, (() => Body) | null, number[]];
  const rows: Row[] = [
    ['GET', async () => '/api/settings/company', null, [OK, OK, OK, OK, OK]],
    ['PUT', async () => '/api/settings/company', () => ({ payload: company }), [OK, NO, NO, NO, NO]],
    ['PUT', async () => '/api/settings/company/logo', logo, [OK, NO, NO, NO, NO]],
    [
      'GET',
      async () => {
        await uploadLogo();
        return '/api/settings/company/logo';
      },
      null,
      [OK, OK, OK, OK, OK],
    ],
    [
      'DELETE',
      async () => {
        await uploadLogo();
        return '/api/settings/company/logo';
      },
      null,
      [OK, NO, NO, NO, NO],
    ],
    ['GET', async () => `/api/interventions/${await signedIntervention()}/signatures`, null, [OK, OK, OK, OK, NO]],
    [
      'POST',
      async () => {
        const i = await createIntervention(t.database.db, { statut: 'EN_COURS', technicianId: ids.Technicien });
        return `/api/interventions/${i.id}/signatures`;
      },
      () => signature(),
      [NEW, NEW, NEW, NO, NO],
    ],
    [
      'GET',
      async () => `/api/reports/interventions/${await signedIntervention()}/pdf?version=1`,
      null,
      [OK, OK, OK, OK, NO],
    ],
  ];

  it('answers each kind of user as the declared access and the object-level rules say', async () => {
    const got: string[] = [];
    const want: string[] = [];
    for (const [method, url, body, statuses] of rows) {
      for (const [i, name] of names.entries()) {
        const target = await url();
        const res = await t.as(tokens[name]!, { method: method as 'GET', url: target, ...(body ? body() : {}) });
        got.push(`${name} ${method} ${target.replace(/\d+/g, ':id')} → ${res.statusCode}`);
        want.push(`${name} ${method} ${target.replace(/\d+/g, ':id')} → ${statuses[i]}`);
      }
    }
    expect(got).toEqual(want);
  });

  it('declares the routes with these accesses', () => {
    const access = (method: string, url: string) =>
      t.app.routeAccess.find((r) => r.method === method && r.url === url)?.access;
    expect(access('GET', '/api/settings/company')).toBe('authenticated');
    expect(access('PUT', '/api/settings/company')).toEqual({ role: 'Administrateur' });
    expect(access('PUT', '/api/settings/company/logo')).toEqual({ role: 'Administrateur' });
    expect(access('DELETE', '/api/settings/company/logo')).toEqual({ role: 'Administrateur' });
    expect(access('GET', '/api/settings/company/logo')).toBe('authenticated');
    expect(access('GET', '/api/interventions/:id/signatures')).toEqual({ permission: 'interventions:read' });
    expect(access('POST', '/api/interventions/:id/signatures')).toEqual({ permission: 'interventions:update' });
  });
});

describe('fuzz: the company body and the signature form on rows that exist', () => {
  it('random values in every field never give a 5xx, and a refused signature writes nothing', async () => {
    const admin = tokens.Administrateur!;
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS', technicianId: ids.Technicien });
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
      '9999-12-31T23:59:59+14:00',
      '<script>alert(1)</script>',
      'ICE 001234567000089',
    ];
    const fields = ['nom', 'adresse', 'ville', 'telephone', 'email', 'ice', 'rc', 'if', 'patente', 'cnss'];
    const failures: string[] = [];
    for (const value of scalars) {
      for (const key of [...fields, 'signature_client_obligatoire', 'afficher_prix']) {
        const res = await t.as(admin, {
          method: 'PUT',
          url: '/api/settings/company',
          payload: { ...company, [key]: value },
        });
        if (res.statusCode >= 500) failures.push(`company ${key}=${JSON.stringify(value)} → ${res.statusCode}`);
      }
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      for (const key of ['role', 'nom', 'qualite', 'signe_le', 'change_id']) {
        const res = await t.as(admin, {
          method: 'POST',
          url: `/api/interventions/${i.id}/signatures`,
          ...multipartBody(
            {
              role: 'CLIENT',
              nom: 'Client Test',
              signe_le: new Date().toISOString(),
              [key]: text.replaceAll(String.fromCharCode(0), ''),
            },
            [
              {
                field: 'image',
                filename: 's.png',
                type: 'image/png',
                content: key === 'role' ? Buffer.from(text) : signaturePng({ stroke: false }),
              },
            ],
          ),
        });
        if (res.statusCode >= 500) failures.push(`signature ${key}=${JSON.stringify(value)} → ${res.statusCode}`);
        if (res.statusCode < 300) failures.push(`signature ${key}=${JSON.stringify(value)} accepted a blank image`);
      }
      const query = await t.as(admin, {
        method: 'GET',
        url: `/api/reports/interventions/${i.id}/pdf?version=${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?'))}`,
      });
      if (query.statusCode >= 500) failures.push(`pdf version=${text} → ${query.statusCode}`);
    }
    expect(failures).toEqual([]);
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM intervention_signatures WHERE intervention_id = ${i.id}`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
