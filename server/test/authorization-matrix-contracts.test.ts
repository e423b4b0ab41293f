import { addDays } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createRole, createUser } from './helpers/factories.ts';

/**
 * Issue 31: every contract and calendar route × every kind of user, written out (the generated matrix of
 * authorization-matrix.test.ts only checks that the declared access is applied; these rows pin the access itself),
 * on objects that exist, so an admitted call really reads or writes. Then a fuzz pass of every new body on real rows.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const names = ['Administrateur', 'Responsable', 'Technicien', 'Consultation', 'Aucun droit'] as const;
let calendarId: number;
let clientId: number;
let equipmentIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  await createRole(t.database.db, 'Aucun droit', []);
  for (const role of names) {
    const u = await createUser(t.database.db, { role });
    tokens[role] = (await t.login(u.username, u.password)).token;
  }
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`SELECT id FROM business_calendars ORDER BY id LIMIT 1`,
  );
  calendarId = rows[0]!.id;
  clientId = (await createClient(t.database.db)).id;
  equipmentIds = [];
  for (let i = 0; i < 6; i++)
    equipmentIds.push((await createEquipment(t.database.db, { proprietaireId: clientId })).id);
});
afterAll(() => t.close());

const OK = 200;
const NEW = 201;
const NO = 403;

let seq = 0;
/** A contract body on the n-th equipment of the client (one year each, so successive ones never overlap). */
const contractBody = () => {
  seq++;
  return {
    client_id: clientId,
    numero: `MX-${seq}`,
    type: 'CURATIF',
    date_debut: `${2030 + seq}-01-01`,
    date_fin: `${2030 + seq}-12-31`,
    equipement_ids: [equipmentIds[seq % equipmentIds.length]],
    calendrier_id: calendarId,
    garanties: [{ urgence: true, cible: 'SUR_SITE', minutes: 240 }],
  };
};
const calendarBody = () => ({ nom: `Cal ${++seq}`, plages: [{ jour: 1, debut: '08:00', fin: '12:00' }] });

async function adminCreates(url: string, payload: object): Promise<number> {
  const res = await t.as(tokens.Administrateur!, { method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(NEW);
  return res.json().data.id;
}

describe('contracts and calendars × users (issue 31)', () => {
  // [method, url builder (fresh objects per call), body builder, statuses for the five users]
  type Row = [string, () => Promise<string>, (() => object) | null, number[]];
  const contract = () => adminCreates('/api/contracts', contractBody());
  const calendar = () => adminCreates('/api/calendars', calendarBody());
  const rows: Row[] = [
    ['GET', async () => '/api/contracts', null, [OK, OK, NO, OK, NO]],
    ['POST', async () => '/api/contracts', contractBody, [NEW, NEW, NO, NO, NO]],
    ['GET', async () => `/api/contracts/${await contract()}`, null, [OK, OK, NO, OK, NO]],
    ['PUT', async () => `/api/contracts/${await contract()}`, contractBody, [OK, OK, NO, NO, NO]],
    ['DELETE', async () => `/api/contracts/${await contract()}`, null, [OK, OK, NO, NO, NO]],
    ['GET', async () => `/api/contracts/${await contract()}/documents`, null, [OK, OK, NO, OK, NO]],
    ['GET', async () => '/api/calendars', null, [OK, OK, NO, OK, NO]],
    ['POST', async () => '/api/calendars', calendarBody, [NEW, NEW, NO, NO, NO]],
    ['GET', async () => `/api/calendars/${await calendar()}`, null, [OK, OK, NO, OK, NO]],
    ['PUT', async () => `/api/calendars/${await calendar()}`, calendarBody, [OK, OK, NO, NO, NO]],
    ['DELETE', async () => `/api/calendars/${await calendar()}`, null, [OK, OK, NO, NO, NO]],
    ['GET', async () => '/api/calendars/holidays', null, [OK, OK, NO, OK, NO]],
    [
      'POST',
      async () => '/api/calendars/holidays',
      () => ({ jour: addDays('2031-01-01', ++seq), libelle: 'Pont' }),
      [NEW, NEW, NO, NO, NO],
    ],
    [
      'DELETE',
      async () =>
        `/api/calendars/holidays/${await adminCreates('/api/calendars/holidays', { jour: addDays('2033-01-01', ++seq), libelle: 'X' })}`,
      null,
      [OK, OK, NO, NO, NO],
    ],
  ];

  it('answers each kind of user as contracts:read / contracts:manage say', async () => {
    const got: string[] = [];
    const want: string[] = [];
    for (const [method, url, body, statuses] of rows) {
      for (const [i, name] of names.entries()) {
        const target = await url();
        const res = await t.as(tokens[name]!, {
          method: method as 'GET',
          url: target,
          ...(body ? { payload: body() } : {}),
        });
        got.push(`${name} ${method} ${target.replace(/\d+/g, ':id')} → ${res.statusCode}`);
        want.push(`${name} ${method} ${target.replace(/\d+/g, ':id')} → ${statuses[i]}`);
      }
    }
    expect(got).toEqual(want);
  });

  it('declares the documents routes with the same permissions', () => {
    const access = (method: string, url: string) =>
      t.app.routeAccess.find((r) => r.method === method && r.url === url)?.access;
    expect(access('POST', '/api/contracts/:id/documents')).toEqual({ permission: 'contracts:manage' });
    expect(access('GET', '/api/contracts/:id/documents/:docId/download')).toEqual({ permission: 'contracts:read' });
    expect(access('DELETE', '/api/contracts/:id/documents/:docId')).toEqual({ permission: 'contracts:manage' });
  });
});

describe('fuzz: the contract and calendar bodies on rows that exist', () => {
  it('random values in every field of a real contract and calendar never give a 5xx', async () => {
    const admin = tokens.Administrateur!;
    const contractId = await adminCreates('/api/contracts', contractBody());
    const calId = await adminCreates('/api/calendars', calendarBody());
    const scalars = [
      null,
      '',
      'x'.repeat(300),
      -1,
      0,
      1.5,
      2 ** 31,
      Number.MAX_SAFE_INTEGER,
      1e21,
      '1e14',
      '2026-02-30',
      '9999-12-31',
      '24:00',
      '23:60',
      true,
      [],
      [null],
      [2 ** 31],
      {},
      '\u0000',
      '\ud800',
    ];
    const contract = contractBody();
    const calendar = calendarBody();
    const variants: [string, string, object][] = [];
    for (const [n, value] of scalars.entries()) {
      for (const key of Object.keys(contract)) {
        variants.push(['PUT', `/api/contracts/${contractId}`, { ...contract, [key]: value }]);
        if (n % 3 === 0) variants.push(['POST', '/api/contracts', { ...contract, [key]: value }]);
      }
      for (const sub of ['urgence', 'cible', 'minutes']) {
        variants.push([
          'PUT',
          `/api/contracts/${contractId}`,
          { ...contract, garanties: [{ ...contract.garanties[0], [sub]: value }] },
        ]);
      }
      variants.push(['PUT', `/api/contracts/${contractId}`, { ...contract, statuts_pause: [value] }]);
      for (const key of Object.keys(calendar)) {
        variants.push(['PUT', `/api/calendars/${calId}`, { ...calendar, [key]: value }]);
      }
      for (const sub of ['jour', 'debut', 'fin']) {
        variants.push([
          'PUT',
          `/api/calendars/${calId}`,
          { ...calendar, plages: [{ ...calendar.plages[0], [sub]: value }] },
        ]);
      }
      variants.push(['POST', '/api/calendars', { ...calendar, exceptions: [{ date: value, ouvert: value }] }]);
      variants.push(['POST', '/api/calendars/holidays', { jour: value, libelle: value }]);
      variants.push([
        'POST',
        '/api/calendars/holidays',
        { jour: addDays('2034-01-01', n), libelle: value, annuel: value },
      ]);
    }
    const failures: string[] = [];
    for (const [method, url, payload] of variants) {
      const res = await t.as(admin, { method: method as 'PUT', url, payload });
      if (res.statusCode >= 500)
        failures.push(`${method} ${url} ${JSON.stringify(payload).slice(0, 200)} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(variants.length).toBeGreaterThan(300);
  });
});
