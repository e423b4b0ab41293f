import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { monthBounds } from '@gmao/domain/dashboard/sla-card-schemas';
import { casablancaToday } from '@gmao/domain/interventions/due-day';
import { dayStartInstant } from '@gmao/domain/interventions/planning-clock';
import { addDays } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createIntervention, createRole, createUser } from './helpers/factories.ts';

/**
 * GET /api/dashboard/sla, the card "Délais garantis" (issue 31), on a hand-built set of clocks whose figures are
 * known: at risk and breached now (the totals of the lists the card links to), and this month's GTI / GTR compliance
 * (the decided clocks whose deadline falls in the Casablanca month; hidden interventions left out).
 */
let t: TestApp;
let admin: string;
let versionId: number;
let equipementId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const client = await createClient(t.database.db);
  equipementId = (await createEquipment(t.database.db, { proprietaireId: client.id })).id;
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`SELECT id FROM business_calendars WHERE nom = 'Astreinte 24/7'`,
  );
  const today = metricsToday();
  const res = await t.as(admin, {
    method: 'POST',
    url: '/api/contracts',
    payload: {
      client_id: client.id,
      numero: 'CARD-1',
      type: 'COMPLET',
      date_debut: addDays(today, -400),
      date_fin: addDays(today, 300),
      reconduction_tacite: false,
      equipement_ids: null,
      calendrier_id: rows[0]!.id,
      montant_annuel_ht: '1000.00',
      garanties: [{ urgence: false, cible: 'RETABLISSEMENT', minutes: 600 }],
      statuts_pause: [],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const v = await t.database.db.execute<{ id: number }>(
    sql`SELECT v.id FROM contract_versions v WHERE v.contract_id = ${res.json().data.id}`,
  );
  versionId = v.rows[0]!.id;
});
afterAll(() => t.close());

type Clock = { cible: 'PRISE_EN_COMPTE' | 'SUR_SITE' | 'RETABLISSEMENT'; etat: string; echeance: Date; alerte?: Date };

/** An intervention (no clocks from its creation: the factory writes the row) with exactly these clocks. */
async function withClocks(
  clocks: Clock[],
  opts: { statut?: 'PLANIFIEE' | 'EN_COURS' | 'TERMINEE'; hidden?: 'deleted' | 'archived' } = {},
) {
  const i = await createIntervention(t.database.db, {
    equipementId,
    statut: opts.statut ?? 'EN_COURS',
    ...(opts.hidden === 'deleted' ? { deletedAt: new Date() } : {}),
    ...(opts.hidden === 'archived' ? { archivedAt: new Date() } : {}),
  });
  for (const c of clocks) {
    const alerte = c.alerte ?? new Date(c.echeance.getTime() - 60 * 60_000);
    await t.database.db.execute(sql`
      INSERT INTO intervention_sla (intervention_id, cible, contract_version_id, objectif_minutes, demarre_le, echeance, alerte_le, etat, atteint_le)
      VALUES (${i.id}, ${c.cible}, ${versionId}, 600, ${new Date(c.echeance.getTime() - 600 * 60_000).toISOString()}::timestamptz,
              ${c.echeance.toISOString()}::timestamptz, ${alerte.toISOString()}::timestamptz, ${c.etat},
              ${c.etat === 'RESPECTE' ? c.echeance.toISOString() : null}::timestamptz)`);
  }
  return i.id;
}

const card = async (token = admin) => {
  const res = await t.as(token, { method: 'GET', url: '/api/dashboard/sla' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const listTotal = async (query: string) => {
  const res = await t.as(admin, { method: 'GET', url: `/api/interventions?${query}&limit=1` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.total as number;
};

describe('GET /api/dashboard/sla (issue 31)', () => {
  it('is empty on a company without clocks: zeros, and no compliance rather than a misleading 0 % or 100 %', async () => {
    const now = new Date();
    expect(await card()).toEqual({
      aRisque: 0,
      depassees: 0,
      mois: casablancaToday(now).slice(0, 7),
      gti: { respectees: 0, depassees: 0, taux: null },
      gtr: { respectees: 0, depassees: 0, taux: null },
    });
  });

  it('counts at risk and breached now, and the month’s GTI / GTR compliance, of visible interventions only', async () => {
    const now = Date.now();
    const monthStart = dayStartInstant(monthBounds(casablancaToday()).from).getTime();
    // Inside this month and already past: halfway between the month's first instant and now.
    const inMonth = new Date(monthStart + (now - monthStart) / 2);
    const lastMonth = new Date(monthStart - 2 * 86_400_000);
    const future = new Date(now + 5 * 3_600_000);
    const past = new Date(now - 60_000);

    // At risk: 2 visible interventions (one with two risky clocks: counted once).
    await withClocks([{ cible: 'RETABLISSEMENT', etat: 'EN_COURS', echeance: future, alerte: past }]);
    await withClocks([
      { cible: 'SUR_SITE', etat: 'EN_COURS', echeance: future, alerte: past },
      { cible: 'RETABLISSEMENT', etat: 'EN_COURS', echeance: future, alerte: past },
    ]);
    // Running, not yet at 75 %; paused past its alert instant: neither is at risk.
    await withClocks([{ cible: 'RETABLISSEMENT', etat: 'EN_COURS', echeance: future }]);
    await withClocks([{ cible: 'RETABLISSEMENT', etat: 'EN_PAUSE', echeance: future, alerte: past }]);
    // Breached now: 1 open intervention (its GTI breached this month); a finished one breached is not "now" but
    // counts in the month's GTR compliance.
    await withClocks([{ cible: 'SUR_SITE', etat: 'DEPASSE', echeance: inMonth }]);
    await withClocks([{ cible: 'RETABLISSEMENT', etat: 'DEPASSE', echeance: inMonth }], { statut: 'TERMINEE' });
    // Respected this month: GTI 3, GTR 1; last month's do not count.
    for (let k = 0; k < 3; k++) await withClocks([{ cible: 'SUR_SITE', etat: 'RESPECTE', echeance: inMonth }]);
    await withClocks([{ cible: 'RETABLISSEMENT', etat: 'RESPECTE', echeance: inMonth }], { statut: 'TERMINEE' });
    await withClocks([{ cible: 'SUR_SITE', etat: 'DEPASSE', echeance: lastMonth }], { statut: 'TERMINEE' });
    await withClocks([{ cible: 'RETABLISSEMENT', etat: 'RESPECTE', echeance: lastMonth }], { statut: 'TERMINEE' });
    // PRISE_EN_COMPTE is neither GTI nor GTR.
    await withClocks([{ cible: 'PRISE_EN_COMPTE', etat: 'RESPECTE', echeance: inMonth }], { statut: 'TERMINEE' });
    // Hidden (trash, archive): counted nowhere.
    for (const hidden of ['deleted', 'archived'] as const) {
      await withClocks(
        [
          { cible: 'SUR_SITE', etat: 'DEPASSE', echeance: inMonth },
          { cible: 'RETABLISSEMENT', etat: 'EN_COURS', echeance: future, alerte: past },
        ],
        { hidden },
      );
    }

    const data = await card();
    expect(data).toEqual({
      aRisque: 2,
      depassees: 1,
      mois: casablancaToday().slice(0, 7),
      gti: { respectees: 3, depassees: 1, taux: 75 },
      gtr: { respectees: 1, depassees: 1, taux: 50 },
    });
    // The card's figures are the totals of the lists it links to.
    expect(await listTotal('sla=A_RISQUE')).toBe(data.aRisque);
    expect(await listTotal('sla=DEPASSE&open=true')).toBe(data.depassees);
  });

  it('answers 403 to a reader without interventions:read (the block’s permission)', async () => {
    await createRole(t.database.db, 'Contrats seuls', ['contracts:read']);
    const u = await createUser(t.database.db, { role: 'Contrats seuls' });
    const token = (await t.login(u.username, u.password)).token;
    expect((await t.as(token, { method: 'GET', url: '/api/dashboard/sla' })).statusCode).toBe(403);
    const tech = await createUser(t.database.db, { role: 'Technicien' });
    const techToken = (await t.login(tech.username, tech.password)).token;
    expect((await card(techToken)).aRisque).toBe(2);
  });
});
