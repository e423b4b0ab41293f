import { PARTS_DOWNTIME_LABELS } from '@gmao/domain/reports/report-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { addHistory, daysAgo, hoursAgo } from './helpers/dashboard-factories.ts';
import { createEquipment, createIntervention, createUser } from './helpers/factories.ts';
import { pdfText } from './helpers/pdf-text.ts';

/**
 * GET /api/reports/parts-downtime (issue 18): parts ranked by the equipment-down time of the interventions that
 * waited for them, on a hand-built set whose answers are known:
 *
 *  intervention  date  equipment  waited (EN_ATTENTE_PDR)          requests (not cancelled)
 *  I1 TERMINEE   −5    A          72 h                             ROUL 2 + JOINT 1, and ROUL 1 again
 *  I2 TERMINEE   −3    B          10 h + 14 h = 24 h               ROUL 1
 *  I3 waiting    −1    B          30 h so far (open wait)          FILTRE 4
 *  I4 TERMINEE   −4    A          100 h                            JOINT 5 — cancelled: not counted
 *  I5 TERMINEE   −60   A          500 h                            FILTRE 1 (outside 30 days)
 */
let t: TestApp;
let admin: string;
const ids: Record<string, number> = {};

async function partRequest(db: Db, interventionId: number, lines: [string, number][], statut = 'OUVERTE') {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO part_requests (intervention_id, fournisseur, date_commande, statut)
    VALUES (${interventionId}, 'Fournisseur test', CURRENT_DATE, ${statut}) RETURNING id`);
  for (const [ref, q] of lines) {
    await db.execute(sql`INSERT INTO part_request_lines (request_id, part_id, quantite)
                         VALUES (${rows[0]?.id}, ${ids[ref]}, ${q})`);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const db = t.database.db;
  for (const [ref, designation] of [
    ['ROUL-6204', 'Roulement 6204'],
    ['JOINT-12', 'Joint torique 12 mm'],
    ['FILTRE-9', 'Filtre à huile'],
  ]) {
    const { rows } = await db.execute<{ id: number }>(sql`
      INSERT INTO parts (reference, designation, unite) VALUES (${ref}, ${designation}, 'u') RETURNING id`);
    ids[ref as string] = rows[0]?.id as number;
  }
  const tech = await createUser(db, { nom: 'Technicien Pièces' });
  ids.tech = tech.id;
  const eqA = await createEquipment(db, { nom: 'Pompe A' });
  const eqB = await createEquipment(db, { nom: 'Pompe B' });
  ids.eqA = eqA.id;

  const i1 = await createIntervention(db, {
    equipementId: eqA.id,
    statut: 'TERMINEE',
    date: daysAgo(5),
    technicianId: tech.id,
    createdAt: hoursAgo(120),
  });
  await addHistory(db, i1.id, [
    ['PLANIFIEE', 'EN_COURS', hoursAgo(100)],
    ['EN_COURS', 'EN_ATTENTE_PDR', hoursAgo(99)],
    ['EN_ATTENTE_PDR', 'EN_COURS', hoursAgo(27)],
    ['EN_COURS', 'TERMINEE', hoursAgo(26)],
  ]);
  ids.i1 = i1.id;
  await partRequest(db, i1.id, [
    ['ROUL-6204', 2],
    ['JOINT-12', 1],
  ]);
  await partRequest(db, i1.id, [['ROUL-6204', 1]]);

  const i2 = await createIntervention(db, {
    equipementId: eqB.id,
    statut: 'TERMINEE',
    date: daysAgo(3),
    createdAt: hoursAgo(80),
  });
  await addHistory(db, i2.id, [
    ['PLANIFIEE', 'EN_ATTENTE_PDR', hoursAgo(70)],
    ['EN_ATTENTE_PDR', 'EN_COURS', hoursAgo(60)],
    ['EN_COURS', 'EN_ATTENTE_PDR', hoursAgo(50)],
    ['EN_ATTENTE_PDR', 'EN_COURS', hoursAgo(36)],
    ['EN_COURS', 'TERMINEE', hoursAgo(35)],
  ]);
  await partRequest(db, i2.id, [['ROUL-6204', 1]]);

  const i3 = await createIntervention(db, {
    equipementId: eqB.id,
    statut: 'EN_ATTENTE_PDR',
    date: daysAgo(1),
    createdAt: hoursAgo(40),
  });
  await addHistory(db, i3.id, [
    ['PLANIFIEE', 'EN_COURS', hoursAgo(32)],
    ['EN_COURS', 'EN_ATTENTE_PDR', hoursAgo(30)],
  ]);
  await partRequest(db, i3.id, [['FILTRE-9', 4]]);

  const i4 = await createIntervention(db, {
    equipementId: eqA.id,
    statut: 'TERMINEE',
    date: daysAgo(4),
    createdAt: hoursAgo(200),
  });
  await addHistory(db, i4.id, [
    ['PLANIFIEE', 'EN_ATTENTE_PDR', hoursAgo(190)],
    ['EN_ATTENTE_PDR', 'EN_COURS', hoursAgo(90)],
    ['EN_COURS', 'TERMINEE', hoursAgo(89)],
  ]);
  await partRequest(db, i4.id, [['JOINT-12', 5]], 'ANNULEE');

  const i5 = await createIntervention(db, {
    equipementId: eqA.id,
    statut: 'TERMINEE',
    date: daysAgo(60),
    createdAt: hoursAgo(1600),
  });
  await addHistory(db, i5.id, [
    ['PLANIFIEE', 'EN_ATTENTE_PDR', hoursAgo(1550)],
    ['EN_ATTENTE_PDR', 'EN_COURS', hoursAgo(1050)],
    ['EN_COURS', 'TERMINEE', hoursAgo(1049)],
  ]);
  await partRequest(db, i5.id, [['FILTRE-9', 1]]);
});
afterAll(() => t.close());

const downtime = async (query: string, token = admin) => {
  const res = await t.as(token, { method: 'GET', url: `/api/reports/parts-downtime?${query}` });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as { reference: string; waitingHours: number }[];
};
const ranking = (rows: Record<string, unknown>[]) =>
  rows.map((r) => [r.reference, r.waitingHours, r.interventions, r.equipment, r.quantity]);

describe('GET /api/reports/parts-downtime', () => {
  it('ranks the parts by the waiting time of the interventions that asked for them', async () => {
    const rows = await downtime(`dateFrom=${daysAgo(29)}&dateTo=${daysAgo(0)}`);
    expect(ranking(rows)).toEqual([
      ['ROUL-6204', 96, 2, 2, 4], // I1 72 h (two requests, counted once) + I2 24 h
      ['JOINT-12', 72, 1, 1, 1], // I1 only: I4's request was cancelled
      ['FILTRE-9', 30, 1, 1, 4], // I3, still waiting: its open wait counts
    ]);
    expect(rows[0]).toMatchObject({ partId: ids['ROUL-6204'], designation: 'Roulement 6204', unite: 'u' });
  });

  it('follows the period and the report filters', async () => {
    const year = await downtime(`dateFrom=${daysAgo(364)}&dateTo=${daysAgo(0)}`);
    expect(ranking(year)[0]).toEqual(['FILTRE-9', 530, 2, 2, 5]);
    const eqA = await downtime(`dateFrom=${daysAgo(29)}&dateTo=${daysAgo(0)}&equipementId=${ids.eqA}`);
    expect(ranking(eqA)).toEqual([
      ['JOINT-12', 72, 1, 1, 1],
      ['ROUL-6204', 72, 1, 1, 3],
    ]);
    const tech = await downtime(`dateFrom=${daysAgo(29)}&dateTo=${daysAgo(0)}&technicianId=${ids.tech}`);
    expect(tech.map((r) => r.reference)).toEqual(['JOINT-12', 'ROUL-6204']); // I1 only: 72 h each, by reference
    expect(await downtime(`dateFrom=${daysAgo(400)}&dateTo=${daysAgo(370)}`)).toEqual([]);
  });

  it('the period CSV gives each intervention its hours waiting for parts, apart from its duration', async () => {
    const res = await t.as(admin, {
      method: 'GET',
      url: `/api/reports/export.csv?dateFrom=${daysAgo(29)}&dateTo=${daysAgo(0)}`,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain(';Durée (h);Attente pièces (h);Coût (MAD)');
    // I1: 74 h from start to finish, of which 72 h waiting for parts
    expect(lines.find((l) => l.startsWith(`${ids.i1};`))).toMatch(/;74,0;72,0;[\d,]*$/);
  });

  it('the period PDF lists them too, longest first', async () => {
    const res = await t.as(admin, {
      method: 'GET',
      url: `/api/reports/export.pdf?dateFrom=${daysAgo(29)}&dateTo=${daysAgo(0)}`,
    });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(PARTS_DOWNTIME_LABELS.title);
    const order = ['ROUL-6204', 'JOINT-12', 'FILTRE-9'].map((ref) => text.indexOf(ref));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('needs reports:read and a valid period', async () => {
    const url = `/api/reports/parts-downtime?dateFrom=${daysAgo(29)}&dateTo=${daysAgo(0)}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const tech = await createUser(t.database.db, { role: 'Technicien' });
    const techToken = (await t.login(tech.username, tech.password)).token;
    expect((await t.as(techToken, { method: 'GET', url })).statusCode).toBe(403);
    const bad = await t.as(admin, {
      method: 'GET',
      url: `/api/reports/parts-downtime?dateFrom=${daysAgo(0)}&dateTo=${daysAgo(5)}`,
    });
    expect(bad.statusCode).toBe(400);
  });
});
