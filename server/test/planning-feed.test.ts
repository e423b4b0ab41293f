import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';

/**
 * Issue 30 item 2: the planning showed only the interventions with a planned time ("1 of 241"). Its feed is now
 * `due_from`/`due_to` — planned within the Casablanca days, or not planned and dated within them — and its
 * « À planifier » list `unscheduled=true&open=true`; both through the list's one scope, with the technician filter
 * his agenda opens on.
 */
let t: TestApp;
let adminToken: string;
let techToken: string;
let techId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  adminToken = (await t.login('admin', 'AdminGmao2024!')).token;
  const tech = await createUser(db, { nom: 'Karim Alaoui', role: 'Technicien' });
  techToken = (await t.login(tech.username, tech.password)).token;
  techId = tech.id;
  const other = await createUser(db, { nom: 'Autre technicien', role: 'Technicien' });
  const make = async (key: string, technicianId: number, date: string, plannedAt?: string, statut?: 'TERMINEE') => {
    const row = await createIntervention(db, { technicianId, date, description: key, ...(statut ? { statut } : {}) });
    if (plannedAt)
      await db.execute(sql`UPDATE interventions SET planned_at = ${plannedAt}::timestamptz WHERE id = ${row.id}`);
    ids[key] = row.id;
  };
  await make('Planifiée le 2 à 09:00', tech.id, '2026-12-02', '2026-12-02T08:00:00Z');
  await make('Datée du 3, sans heure', tech.id, '2026-12-03');
  await make('Datée du 20, sans heure', tech.id, '2026-12-20');
  // dated in the week but planned later: it is due when it is planned
  await make('Datée du 2, planifiée le 20', tech.id, '2026-12-02', '2026-12-20T09:00:00Z');
  // planned at 00:30 Casablanca on the 8th (23:30 UTC on the 7th): outside a week ending on the 7th
  await make('Planifiée le 8 à 00:30', tech.id, '2026-12-01', '2026-12-07T23:30:00Z');
  await make('Terminée sans heure', tech.id, '2026-12-04', undefined, 'TERMINEE');
  await make('Autre, datée du 3', other.id, '2026-12-03');
});
afterAll(() => t.close());

async function list(token: string, query: string) {
  const res = await t.as(token, { method: 'GET', url: `/api/interventions?${query}&limit=100` });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { description: string }[]).map((i) => i.description).sort();
}

describe('the planning feed', () => {
  it('holds the week’s planned interventions and those dated in it without a time', async () => {
    expect(await list(adminToken, 'due_from=2026-12-01&due_to=2026-12-07')).toEqual([
      'Autre, datée du 3',
      'Datée du 3, sans heure',
      'Planifiée le 2 à 09:00',
      'Terminée sans heure',
    ]);
    // the old feed (planned only) missed every one without a time
    expect(await list(adminToken, 'planned_from=2026-12-01&planned_to=2026-12-07')).toEqual(['Planifiée le 2 à 09:00']);
  });

  it('counts a planned time by its Casablanca day', async () => {
    expect(await list(adminToken, 'due_from=2026-12-08&due_to=2026-12-08')).toEqual(['Planifiée le 8 à 00:30']);
  });

  it('gives a technician his own agenda', async () => {
    expect(await list(techToken, `due_from=2026-12-01&due_to=2026-12-07&technician_id=${techId}`)).toEqual([
      'Datée du 3, sans heure',
      'Planifiée le 2 à 09:00',
      'Terminée sans heure',
    ]);
  });

  it('lists the open interventions without a planned time (« À planifier »)', async () => {
    expect(await list(techToken, `unscheduled=true&open=true&technician_id=${techId}`)).toEqual([
      'Datée du 20, sans heure',
      'Datée du 3, sans heure',
    ]);
  });

  it('refuses a day that is not one', async () => {
    const res = await t.as(adminToken, { method: 'GET', url: '/api/interventions?due_from=2026-13-01' });
    expect(res.statusCode).toBe(400);
  });
});
