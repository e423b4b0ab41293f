import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed-demo.ts';
import { SCALES, seedScale } from '../src/db/seed-scale.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * Issue 31: both demo seeds give most clients a contract the API reads like any other (version 1, guarantees, pause
 * statuses, covered equipment, some expiring soon).
 */
let demo: TestApp;
let scale: TestApp;
beforeAll(async () => {
  [demo, scale] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await demo.close();
  await scale.close();
});

const FACTS = sql`SELECT
    (SELECT count(*)::int FROM clients) AS clients,
    (SELECT count(DISTINCT client_id)::int FROM contracts WHERE deleted_at IS NULL) AS covered,
    (SELECT count(*)::int FROM contracts k WHERE NOT EXISTS (
       SELECT 1 FROM contract_versions v JOIN contract_guarantees g ON g.contract_version_id = v.id
       JOIN contract_pause_statuses p ON p.contract_version_id = v.id WHERE v.contract_id = k.id AND v.version = 1)) AS incomplete,
    (SELECT count(*)::int FROM contracts WHERE NOT all_equipment) AS listed,
    (SELECT count(*)::int FROM contracts k WHERE NOT k.all_equipment
       AND NOT EXISTS (SELECT 1 FROM contract_equipment ce WHERE ce.contract_id = k.id)) AS empty_lists`;

describe('demo contracts', () => {
  it.each([
    ['npm run seed:demo', () => seedDemo(demo.database.db).then(() => demo)],
    [
      'the large seed (tiny scale)',
      () => seedScale(scale.database.db, SCALES.tiny, { today: '2026-11-24' }).then(() => scale),
    ],
  ])('%s gives most clients a complete contract', async (_name, seed) => {
    const t = await seed();
    const [facts] = (await t.database.db.execute<Record<string, number>>(FACTS)).rows;
    expect(facts!.covered / facts!.clients).toBeGreaterThanOrEqual(0.75);
    expect(facts).toMatchObject({ incomplete: 0, empty_lists: 0 });
    expect(facts!.listed).toBeGreaterThan(0);
    const admin = await t.adminToken();
    const list = (await t.as(admin, { method: 'GET', url: '/api/contracts?limit=1000' })).json();
    expect(list.pagination.total).toBe(facts!.covered);
    const one = (await t.as(admin, { method: 'GET', url: `/api/contracts/${list.data[0].id}` })).json().data;
    expect(one.versions).toHaveLength(1);
    expect(one.garanties.length).toBeGreaterThan(0);
  });

  it('both seeds give the covered interventions their SLA clocks (the card and the filters have rows) and mark the uncovered hors contrat', async () => {
    for (const t of [demo, scale]) {
      const [f] = (
        await t.database.db.execute<Record<string, number>>(sql`SELECT
          (SELECT count(*)::int FROM intervention_sla) AS clocks,
          (SELECT count(DISTINCT etat)::int FROM intervention_sla) AS states,
          (SELECT count(*)::int FROM interventions WHERE hors_contrat AND deleted_at IS NULL AND archived_at IS NULL)
            AS hors_contrat,
          -- every clock's intervention is of its contract's client, created within the contract
          (SELECT count(*)::int FROM intervention_sla s JOIN interventions i ON i.id = s.intervention_id
             JOIN contract_versions v ON v.id = s.contract_version_id JOIN contracts k ON k.id = v.contract_id
             WHERE k.client_id <> i.client_id OR (i.created_at AT TIME ZONE 'Africa/Casablanca')::date
               NOT BETWEEN k.date_debut AND k.date_fin) AS misplaced,
          -- a billable intervention has no clock; a reached clock has its instant, a running one none
          (SELECT count(*)::int FROM intervention_sla s JOIN interventions i ON i.id = s.intervention_id
             WHERE i.hors_contrat) AS billable_with_clock,
          (SELECT count(*)::int FROM intervention_sla WHERE (etat = 'RESPECTE') <> (atteint_le IS NOT NULL AND atteint_le <= echeance)
             OR (etat IN ('EN_COURS', 'EN_PAUSE') AND atteint_le IS NOT NULL)) AS inconsistent`)
      ).rows;
      expect(f).toMatchObject({ misplaced: 0, billable_with_clock: 0, inconsistent: 0 });
      expect(f!.clocks).toBeGreaterThan(0);
      expect(f!.states).toBeGreaterThanOrEqual(3);
      expect(f!.hors_contrat).toBeGreaterThan(0);
      const admin = await t.adminToken();
      const card = (await t.as(admin, { method: 'GET', url: '/api/dashboard/sla' })).json().data;
      const total = async (q: string) =>
        (await t.as(admin, { method: 'GET', url: `/api/interventions?${q}&limit=1` })).json().pagination.total;
      expect(await total('sla=A_RISQUE')).toBe(card.aRisque);
      expect(await total('sla=DEPASSE&open=true')).toBe(card.depassees);
      expect(await total('sla=HORS_CONTRAT')).toBe(f!.hors_contrat);
    }
  });
});

describe('demo agency (issue 33)', () => {
  it('k.amrani, Responsable d’agence, sees only the clients of Tanger, Tétouan and Kénitra', async () => {
    // the demo seed ran in the first test of this file (same app)
    const { rows } = await demo.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM clients`);
    if (rows[0]!.n === 0) await seedDemo(demo.database.db);
    const session = await demo.login('k.amrani', 'DemoGmao2024');
    const list = (await demo.as(session.token, { method: 'GET', url: '/api/clients?limit=100' })).json();
    const towns = new Set(list.data.map((c: { ville: string }) => c.ville));
    const seen = new Set(list.data.map((c: { id: number }) => c.id));
    expect([...towns].sort()).toEqual(['Kénitra', 'Tanger', 'Tétouan']);
    const all = (await demo.as(await demo.adminToken(), { method: 'GET', url: '/api/clients?limit=100' })).json();
    expect(all.pagination.total).toBeGreaterThan(list.pagination.total);
    const work = (await demo.as(session.token, { method: 'GET', url: '/api/interventions?limit=100' })).json();
    expect(work.pagination.total).toBeGreaterThan(0);
    expect(work.data.every((i: { client_id: number }) => seen.has(i.client_id))).toBe(true);
  });
});

describe('demo client portal (issue 33)', () => {
  it('gives two client companies a portal account that logs in and sees its own company', async () => {
    await seedDemo(demo.database.db); // a no-op when the test above seeded it already
    const seen: string[] = [];
    for (const [username, droit] of [
      ['portail.demandeur', 'DEMANDEUR'],
      ['portail.lecture', 'LECTURE'],
    ] as const) {
      const { token } = await demo.login(username, DEMO_PASSWORD);
      const me = (await demo.as(token, { method: 'GET', url: '/api/portal/me' })).json().data;
      expect(me.droit).toBe(droit);
      seen.push(me.entreprise.nom);
      const equipment = await demo.as(token, { method: 'GET', url: '/api/portal/equipment' });
      expect(equipment.json().pagination.total).toBeGreaterThan(0);
      expect((await demo.as(token, { method: 'GET', url: '/api/clients' })).statusCode).toBe(403);
    }
    expect(new Set(seen).size).toBe(2);
    const { token } = await demo.login('portail.demandeur', DEMO_PASSWORD);
    const requests = await demo.as(token, { method: 'GET', url: '/api/portal/requests' });
    expect(requests.json().data.some((r: { source: string }) => r.source === 'PORTAIL')).toBe(true);
  });
});
