import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { planningToday } from '@gmao/domain/interventions/schedule-schemas';
import { addDays, nextAfterCompletion, type SkipDate } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { generatePlan } from '../src/modules/plans/plan-generation.service.ts';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createEquipment, createUser } from './helpers/factories.ts';
import { postPlan, requestGeneration } from './helpers/plan-fixtures.ts';

/**
 * The two other triggers of preventive plans (issue 17): "N days after the last completion" and the meter (running
 * hours entered on the equipment), against the real database.
 */
const t = useAdminTestApp();
const today = metricsToday();
let skips: SkipDate[];
let templateId: number;
let groupeTemplateId: number;
let consultation: string;

beforeAll(async () => {
  const { rows } = await t.database.db.execute<{ jour: string; annuel: boolean }>(
    sql`SELECT jour::text AS jour, annuel FROM holidays`,
  );
  skips = rows;
  const templates = (await t.asAdmin('GET', '/api/interventions/templates')).json().data;
  templateId = templates.find((x: { nom: string }) => x.nom === 'Visite annuelle transformateur').id;
  groupeTemplateId = templates.find((x: { nom: string }) => x.nom === 'Vidange groupe électrogène 250 h').id;
  const viewer = await createUser(t.database.db, { role: 'Consultation' });
  consultation = (await t.login(viewer.username, viewer.password)).token;
});

const createPlan = (body: Record<string, unknown>) =>
  postPlan(t, { nom: 'Visite après réalisation', template_id: templateId, jours_avance: 7, ...body });
const generate = (id: number) => requestGeneration(t, id);
const generatedRows = async (planId: number, declencheur?: string) =>
  (
    await t.database.db.execute<{ id: number; date: string; statut: string; declencheur: string }>(sql`
      SELECT i.id, i.date::text AS date, i.statut, o.declencheur FROM plan_occurrences o
      JOIN interventions i ON i.id = o.intervention_id
      WHERE o.plan_id = ${planId} ${declencheur ? sql`AND o.declencheur = ${declencheur}` : sql``}
      ORDER BY i.date, i.id`)
  ).rows;
/** Completes an intervention at noon (Casablanca) of `day`; `day` omitted: now. */
const complete = (id: number, day?: string) =>
  t.database.db.execute(
    day
      ? sql`UPDATE interventions SET statut = 'TERMINEE',
          completed_at = (${day}::date + time '12:00') AT TIME ZONE 'Africa/Casablanca' WHERE id = ${id}`
      : sql`UPDATE interventions SET statut = 'TERMINEE', completed_at = now() WHERE id = ${id}`,
  );

describe('N days after the last completion', () => {
  let planId: number;
  let equipementId: number;
  const start = addDays(today, -60);

  it('creates the plan without a calendar rule and describes the mode', async () => {
    equipementId = (await createEquipment(t.database.db)).id;
    const plan = await createPlan({
      equipement_id: equipementId,
      mode: 'APRES_REALISATION',
      intervalle_jours: 30,
      date_debut: start,
    });
    planId = plan.id;
    expect(plan).toMatchObject({ mode: 'APRES_REALISATION', intervalle_jours: 30, seuil_heures: null });
    expect(plan.prochaine_echeance).toBe(nextAfterCompletion(start, 30, null, skips).due_date);
  });

  it('generates the first occurrence at the start, then nothing while it is open', async () => {
    expect((await generate(planId)).created).toBe(1);
    expect((await generate(planId)).created).toBe(0);
    const rows = await generatedRows(planId);
    expect(rows.map((r) => [r.date, r.declencheur])).toEqual([
      [nextAfterCompletion(start, 30, null, skips).due_date, 'APRES_REALISATION'],
    ]);
  });

  it('after a completion, the next one is due N days after the completion day, not before; idempotent', async () => {
    const [first] = await generatedRows(planId);
    const done = addDays(today, -45);
    await complete(first.id, done);
    expect((await generate(planId)).created).toBe(1);
    expect((await generate(planId)).created).toBe(0);
    const rows = await generatedRows(planId);
    expect(rows).toHaveLength(2);
    const expected = nextAfterCompletion(start, 30, done, skips).due_date;
    expect(rows[1].date).toBe(expected);
    expect(expected >= addDays(done, 30)).toBe(true);
  });

  it('a late completion shifts the next one: it appears only when its date enters the lead time', async () => {
    const rows = await generatedRows(planId);
    const done = addDays(today, -2); // due ~15 days ago, completed two days ago
    await complete(rows[1].id, done);
    const next = nextAfterCompletion(start, 30, done, skips);
    // today + 7 days of lead time does not reach done + 30: nothing yet, and the list shows the next due date.
    expect((await generate(planId)).created).toBe(0);
    const plan = (await t.asAdmin('GET', `/api/plans/${planId}`)).json().data;
    expect(plan.prochaine_echeance).toBe(next.due_date);
    const occ = await t.asAdmin('GET', `/api/plans/${planId}/occurrences?from=${today}&to=${addDays(today, 60)}`);
    expect(occ.json().data).toEqual([
      expect.objectContaining({ rule_date: next.rule_date, generated: false, declencheur: 'APRES_REALISATION' }),
    ]);
    // Three weeks later the job runner creates it, once.
    const later = addDays(today, 21);
    expect((await generatePlan(t.database.db, planId, later)).created).toBe(1);
    expect((await generatePlan(t.database.db, planId, later)).created).toBe(0);
    expect((await generatedRows(planId)).map((r) => r.date)).toEqual([rows[0].date, rows[1].date, next.due_date]);
  });

  it('a cancelled occurrence does not block the plan: the next one is N days after its rule date', async () => {
    const rows = await generatedRows(planId);
    const third = rows[2];
    const { rows: keys } = await t.database.db.execute<{ rule_date: string }>(
      sql`SELECT rule_date::text AS rule_date FROM plan_occurrences WHERE intervention_id = ${third.id}`,
    );
    await t.database.db.execute(sql`UPDATE interventions SET statut = 'ANNULEE' WHERE id = ${third.id}`);
    const next = nextAfterCompletion(start, 30, addDays(today, -2), skips, null, keys[0].rule_date);
    expect(next.rule_date).toBe(addDays(keys[0].rule_date, 30));
    const plan = (await t.asAdmin('GET', `/api/plans/${planId}`)).json().data;
    expect(plan.prochaine_echeance).toBe(next.due_date);
    const when = addDays(next.due_date, -7); // its due date enters the lead time
    expect((await generatePlan(t.database.db, planId, when)).created).toBe(1);
    expect((await generatePlan(t.database.db, planId, when)).created).toBe(0);
    expect((await generatedRows(planId)).map((r) => r.date)).toContain(next.due_date);
  });

  it('refuses the mode without its number of days', async () => {
    const res = await t.asAdmin('POST', '/api/plans', {
      nom: 'Sans délai',
      template_id: templateId,
      equipement_id: equipementId,
      mode: 'APRES_REALISATION',
      date_debut: today,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'intervalle_jours' })]);
  });
});

describe('running-hours readings', () => {
  let equipementId: number;

  it('are entered with equipment:update (not by Consultation), listed newest first with their author', async () => {
    equipementId = (await createEquipment(t.database.db, { typeEquipement: 'GROUPE_ELECTROGENE' })).id;
    const res = await t.asAdmin('POST', `/api/equipment/${equipementId}/readings`, {
      date: addDays(today, -20),
      valeur: 1000,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ equipement_id: equipementId, valeur: 1000, date: addDays(today, -20) });
    const list = await t.asAdmin('GET', `/api/equipment/${equipementId}/readings`);
    expect(list.json().data).toEqual([expect.objectContaining({ valeur: 1000, saisi_par_nom: expect.any(String) })]);
    const denied = await t.as(consultation, {
      method: 'POST',
      url: `/api/equipment/${equipementId}/readings`,
      payload: { date: today, valeur: 1100 },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('refuses a reading lower than the previous one (or above a later one), in French; and a future date', async () => {
    const lower = await t.asAdmin('POST', `/api/equipment/${equipementId}/readings`, {
      date: addDays(today, -15),
      valeur: 900,
    });
    expect(lower.statusCode).toBe(422);
    expect(lower.json().message).toBe(
      `Relevé refusé : le compteur ne peut pas descendre sous le relevé précédent (1000 h le ${addDays(today, -20)})`,
    );
    const earlierHigher = await t.asAdmin('POST', `/api/equipment/${equipementId}/readings`, {
      date: addDays(today, -25),
      valeur: 1500,
    });
    expect(earlierHigher.statusCode).toBe(422);
    const future = await t.asAdmin('POST', `/api/equipment/${equipementId}/readings`, {
      date: addDays(planningToday(), 1), // tomorrow in Casablanca
      valeur: 2000,
    });
    expect(future.statusCode).toBe(400);
    const unknown = await t.asAdmin('POST', '/api/equipment/987654321/readings', { date: today, valeur: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.database.db.execute(sql`SELECT 1 FROM compteur_releves WHERE equipement_id = ${equipementId}`)).rows,
    ).toHaveLength(1);
  });
});

describe('meter trigger: every N running hours', () => {
  let planId: number;
  let equipementId: number;
  // Readings are dated in Casablanca's calendar, like the completion day they are compared with: from 23:00 to 24:00
  // UTC that is already tomorrow's date (this test failed in that hour when it dated them in UTC).
  const reading = async (valeur: number, date = planningToday()) => {
    const res = await t.asAdmin('POST', `/api/equipment/${equipementId}/readings`, { date, valeur });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    equipementId = (await createEquipment(t.database.db, { typeEquipement: 'GROUPE_ELECTROGENE' })).id;
    // Spaced so that no reading runs faster than 24 h per calendar day (issue 29).
    await reading(1000, addDays(today, -60));
    planId = (
      await createPlan({
        nom: 'Vidange 250 h',
        template_id: groupeTemplateId,
        equipement_id: equipementId,
        rrule: 'FREQ=YEARLY',
        date_debut: addDays(today, -50),
        jours_avance: 0,
        seuil_heures: 250,
      })
    ).id;
  });

  it('nothing until 250 hours have run since the plan started', async () => {
    await generate(planId);
    await reading(1200, addDays(today, -45));
    await generate(planId);
    await reading(1249, addDays(today, -40));
    await generate(planId);
    expect(await generatedRows(planId, 'COMPTEUR')).toEqual([]);
  });

  it('one intervention when they are reached, once (idempotent), and not again while it is open', async () => {
    await reading(1250, addDays(today, -35));
    expect((await generate(planId)).created).toBe(1);
    expect((await generate(planId)).created).toBe(0);
    await reading(1600, addDays(today, -20));
    expect((await generate(planId)).created).toBe(0);
    const rows = await generatedRows(planId, 'COMPTEUR');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ statut: 'PLANIFIEE' });
    expect(rows[0].date >= today).toBe(true);
    const history = await t.database.db.execute<{ note: string }>(
      sql`SELECT note FROM intervention_history WHERE intervention_id = ${rows[0].id}`,
    );
    expect(history.rows.map((r) => r.note).join(' ')).toMatch(/250 heures de fonctionnement/);
  });

  it('after its completion, counts from the reading at the completion: 250 more hours make the next one', async () => {
    const [first] = await generatedRows(planId, 'COMPTEUR');
    await complete(first.id);
    expect((await generate(planId)).created).toBe(0);
    await reading(1849);
    expect((await generate(planId)).created).toBe(0);
    await reading(1850);
    expect((await generate(planId)).created).toBe(1);
    expect((await generate(planId)).created).toBe(0);
    const keys = await t.database.db.execute<{ base: number | null }>(
      sql`SELECT base_intervention_id AS base FROM plan_occurrences WHERE plan_id = ${planId} AND declencheur = 'COMPTEUR' ORDER BY id`,
    );
    expect(keys.rows.map((r) => r.base)).toEqual([null, first.id]);
  });

  it('the plan shows its threshold', async () => {
    const plan = (await t.asAdmin('GET', `/api/plans/${planId}`)).json().data;
    expect(plan).toMatchObject({ mode: 'CALENDRIER', seuil_heures: 250, rrule: 'FREQ=YEARLY' });
  });
});
