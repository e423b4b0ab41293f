import { randomBytes } from 'node:crypto';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { COMPLIANCE_TOLERANCE_DAYS } from '@gmao/domain/plans/plan-schemas';
import { addDays, occurrences, type SkipDate, skipChecker } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { GENERATION_BATCH, generateAllPlans } from '../src/modules/plans/plan-generation.service.ts';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createClient, createEquipment, createUser } from './helpers/factories.ts';

const t = useAdminTestApp();
const today = metricsToday();
let technicien: { id: number; token: string };
let consultation: string;
let templateId: number;
let groupeTemplateId: number;
let skips: SkipDate[];
let clientId: number;
let transfos: number[];

beforeAll(async () => {
  const tech = await createUser(t.database.db, { role: 'Technicien', nom: 'Karim Alaoui' });
  technicien = { id: tech.id, token: (await t.login(tech.username, tech.password)).token };
  const viewer = await createUser(t.database.db, { role: 'Consultation' });
  consultation = (await t.login(viewer.username, viewer.password)).token;
  const templates = (await t.asAdmin('GET', '/api/interventions/templates')).json().data;
  templateId = templates.find((x: { nom: string }) => x.nom === 'Visite annuelle transformateur').id;
  groupeTemplateId = templates.find((x: { nom: string }) => x.nom === 'Vidange groupe électrogène 250 h').id;
  const { rows } = await t.database.db.execute<{ jour: string; annuel: boolean }>(
    sql`SELECT jour::text AS jour, annuel FROM holidays`,
  );
  skips = rows;
  clientId = (await createClient(t.database.db)).id;
  transfos = [
    (await createEquipment(t.database.db, { proprietaireId: clientId })).id,
    (await createEquipment(t.database.db, { proprietaireId: clientId })).id,
  ];
  // Not targeted: another type of the same client, and a transformer of another client.
  await createEquipment(t.database.db, { proprietaireId: clientId, typeEquipement: 'GROUPE_ELECTROGENE' });
  await createEquipment(t.database.db);
});

/** Due dates the plan must have generated for one equipment: rule dates from `from`, due up to the horizon. */
const expectedDues = (rrule: string, start: string, from: string, horizon: string) =>
  occurrences(rrule, start, from, horizon, skips)
    .filter((o) => o.due_date <= horizon)
    .map((o) => o.due_date);

const createPlan = async (body: Record<string, unknown>) => {
  const res = await t.asAdmin('POST', '/api/plans', {
    nom: 'Visite transformateurs',
    template_id: templateId,
    rrule: 'FREQ=WEEKLY',
    date_debut: today,
    jours_avance: 7,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; [k: string]: unknown };
};
const generate = async (id: number) => {
  const res = await t.asAdmin('POST', `/api/plans/${id}/generate`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { created: number; intervention_ids: number[] };
};
const planInterventions = async (planId: number) => {
  const res = await t.asAdmin('GET', `/api/interventions?plan_id=${planId}&limit=1000`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: number;
    date: string;
    equipement_id: number;
    statut: string;
    technicianId: number | null;
    planId: number | null;
    plannedAt: string | null;
    description: string;
  }[];
};
const countRows = async (query: ReturnType<typeof sql>) =>
  (await t.database.db.execute<{ n: number }>(query)).rows[0].n;

describe('a plan for every transformer of a client, with catch-up', () => {
  let planId: number;
  const start = addDays(today, -33);
  const horizon = addDays(today, 7);

  it('creates the plan (one client + one type) and lists it with its next due date', async () => {
    const plan = await createPlan({
      client_id: clientId,
      type_equipement: 'TRANSFORMATEUR',
      date_debut: start,
      technicien_id: technicien.id,
    });
    planId = plan.id;
    expect(plan).toMatchObject({
      client_id: clientId,
      type_equipement: 'TRANSFORMATEUR',
      equipement_id: null,
      equipements: 2,
      technicien_id: technicien.id,
      technicien_nom: 'Karim Alaoui',
      template_nom: 'Visite annuelle transformateur',
      rrule: 'FREQ=WEEKLY',
      actif: true,
      generated_through: null,
    });
    expect(plan.prochaine_echeance).toBe(expectedDues('FREQ=WEEKLY', start, today, addDays(today, 30))[0]);
    const byEquipment = await t.asAdmin('GET', `/api/plans?equipement_id=${transfos[0]}`);
    expect(byEquipment.json().data.map((p: { id: number }) => p.id)).toEqual([planId]);
  });

  it('generates every missed occurrence since date_debut up to today + jours_avance, once per equipment', async () => {
    const dues = expectedDues('FREQ=WEEKLY', start, start, horizon);
    expect(dues.length).toBeGreaterThanOrEqual(5);
    const mark = await countRows(sql`SELECT COALESCE(max(id), 0)::int AS n FROM notifications`);
    const result = await generate(planId);
    expect(result.created).toBe(dues.length * 2);
    const list = await planInterventions(planId);
    expect(list).toHaveLength(dues.length * 2);
    for (const e of transfos) {
      expect(
        list
          .filter((i) => i.equipement_id === e)
          .map((i) => i.date)
          .sort(),
      ).toEqual(dues);
    }
    for (const i of list) {
      expect(i.planId).toBe(planId);
      expect(i.statut).toBe('PLANIFIEE');
      expect(i.technicianId).toBe(technicien.id);
      expect(i.plannedAt).not.toBeNull();
      expect(i.description).toMatch(/Visite préventive annuelle du transformateur/);
    }
    // The template's checklist and planned materials are copied; the assignee is notified of each one.
    const one = list[0].id;
    expect(
      await countRows(sql`SELECT count(*)::int AS n FROM intervention_checklist_items WHERE intervention_id = ${one}`),
    ).toBe(8);
    expect(
      await countRows(sql`SELECT count(*)::int AS n FROM intervention_materials WHERE intervention_id = ${one}`),
    ).toBe(2);
    const notified = await countRows(
      sql`SELECT count(*)::int AS n FROM notifications WHERE id > ${mark} AND user_id = ${technicien.id} AND event = 'intervention_assigned'`,
    );
    expect(notified).toBe(dues.length * 2);
    const plan = (await t.asAdmin('GET', `/api/plans/${planId}`)).json().data;
    expect(plan.generated_through).toBe(horizon);
  });

  it('a second generation creates nothing', async () => {
    expect(await generate(planId)).toEqual({ created: 0, intervention_ids: [] });
    expect(await generateAllPlans(t.database.db)).toBe(0);
  });

  it('new equipment of the type joins at the next generation, from today on (no back-fill)', async () => {
    const added = (await createEquipment(t.database.db, { proprietaireId: clientId })).id;
    const result = await generate(planId);
    const dues = expectedDues('FREQ=WEEKLY', start, today, horizon);
    expect(result.created).toBe(dues.length);
    const mine = (await planInterventions(planId)).filter((i) => i.equipement_id === added);
    expect(mine.map((i) => i.date).sort()).toEqual(dues);
    expect((await t.asAdmin('GET', `/api/plans/${planId}`)).json().data.equipements).toBe(3);
  });

  it('lists generated occurrences with their intervention and the virtual ones to come', async () => {
    const to = addDays(today, 30);
    const res = await t.asAdmin('GET', `/api/plans/${planId}/occurrences?from=${today}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const occ = res.json().data as { generated: boolean; due_date: string; intervention_id: number | null }[];
    const generated = occ.filter((o) => o.generated);
    const virtual = occ.filter((o) => !o.generated);
    expect(generated.length).toBeGreaterThan(0);
    expect(generated.every((o) => o.intervention_id !== null && o.due_date <= horizon)).toBe(true);
    expect(virtual.length).toBe(3 * expectedDues('FREQ=WEEKLY', start, addDays(horizon, 1), to).length);
    expect(virtual.every((o) => o.intervention_id === null && o.due_date > horizon)).toBe(true);
  });
});

describe('a long catch-up', () => {
  it('commits in batches and creates every missed occurrence', async () => {
    const equipment = (await createEquipment(t.database.db)).id;
    const start = addDays(today, -(GENERATION_BATCH + 60));
    const plan = await createPlan({
      equipement_id: equipment,
      date_debut: start,
      rrule: 'FREQ=DAILY',
      jours_avance: 0,
    });
    const dues = expectedDues('FREQ=DAILY', start, start, today);
    expect(dues.length).toBeGreaterThan(GENERATION_BATCH);
    const result = await generate(plan.id);
    expect(result.created).toBe(dues.length);
    expect(new Set(result.intervention_ids).size).toBe(dues.length);
    expect((await planInterventions(plan.id)).map((i) => i.date).sort()).toEqual(dues);
    expect((await generate(plan.id)).created).toBe(0);
  });
});

describe('concurrent generation creates each occurrence once', () => {
  it('three simultaneous generate calls on one instance', async () => {
    const plan = await createPlan({ equipement_id: transfos[0], date_debut: addDays(today, -20) });
    const results = await Promise.all([generate(plan.id), generate(plan.id), generate(plan.id)]);
    const dues = expectedDues('FREQ=WEEKLY', addDays(today, -20), addDays(today, -20), addDays(today, 7));
    expect(results.reduce((n, r) => n + r.created, 0)).toBe(dues.length);
    expect((await planInterventions(plan.id)).map((i) => i.date).sort()).toEqual(dues);
  });

  it('two server instances on the same database (API and periodic run at once)', async () => {
    const plan = await createPlan({ equipement_id: transfos[1], date_debut: addDays(today, -40), rrule: 'FREQ=DAILY' });
    const url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const second: Database = openDatabase(url, { max: 5 });
    let app2: FastifyInstance | undefined;
    try {
      const other = await buildApp({
        database: second,
        jwtSecret: randomBytes(32).toString('hex'),
        logLevel: 'silent',
      });
      app2 = other;
      await other.ready();
      const login = await other.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: 'AdminGmao2024!' },
      });
      const token2 = login.json().data.token;
      const gen2 = () =>
        other.inject({
          method: 'POST',
          url: `/api/plans/${plan.id}/generate`,
          headers: { authorization: `Bearer ${token2}` },
        });
      const [a, b, c, d] = await Promise.all([
        generate(plan.id),
        gen2(),
        generateAllPlans(second.db),
        generateAllPlans(t.database.db),
      ]);
      expect(b.statusCode, b.body).toBe(200);
      const dues = expectedDues('FREQ=DAILY', addDays(today, -40), addDays(today, -40), addDays(today, 7));
      const list = await planInterventions(plan.id);
      expect(list.map((i) => i.date).sort()).toEqual(dues);
      expect(new Set(list.map((i) => i.date)).size).toBe(list.length);
      // Each run reports what it created itself (the other plans are generated already): together, each once.
      expect(a.created + b.json().data.created + c + d).toBe(dues.length);
      expect(await countRows(sql`SELECT count(*)::int AS n FROM plan_occurrences WHERE plan_id = ${plan.id}`)).toBe(
        dues.length,
      );
    } finally {
      await app2?.close();
      await second.close();
    }
  });
});

describe('pause, edit and delete', () => {
  it('a paused plan generates nothing', async () => {
    const plan = await createPlan({ equipement_id: transfos[0], date_debut: addDays(today, -10), actif: false });
    expect(await generate(plan.id)).toEqual({ created: 0, intervention_ids: [] });
    expect(await planInterventions(plan.id)).toHaveLength(0);
    const occ = await t.asAdmin('GET', `/api/plans/${plan.id}/occurrences?from=${today}&to=${addDays(today, 30)}`);
    expect(occ.json().data).toEqual([]);
    expect(await generateAllPlans(t.database.db)).toBe(0);

    // Resumed: generation starts today; the paused period is not back-filled.
    const body = {
      nom: 'Visite transformateurs',
      template_id: templateId,
      equipement_id: transfos[0],
      rrule: 'FREQ=WEEKLY',
    };
    const resumed = await t.asAdmin('PUT', `/api/plans/${plan.id}`, {
      ...body,
      date_debut: addDays(today, -10),
      actif: true,
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    await generate(plan.id);
    const dates = (await planInterventions(plan.id)).map((i) => i.date).sort();
    expect(dates).toEqual(expectedDues('FREQ=WEEKLY', addDays(today, -10), today, addDays(today, 7)));
  });

  it('editing the rule changes only the occurrences not generated yet', async () => {
    const start = addDays(today, -3);
    const body = { nom: 'Contrôle hebdo', template_id: templateId, equipement_id: transfos[1], date_debut: start };
    const plan = await createPlan({ ...body, rrule: 'FREQ=WEEKLY', jours_avance: 14 });
    await generate(plan.id);
    const before = await planInterventions(plan.id);
    const firstDues = expectedDues('FREQ=WEEKLY', start, start, addDays(today, 14));
    expect(before.map((i) => i.date).sort()).toEqual(firstDues);

    const put = await t.asAdmin('PUT', `/api/plans/${plan.id}`, { ...body, rrule: 'FREQ=DAILY', jours_avance: 20 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.rrule).toBe('FREQ=DAILY');
    await generate(plan.id);
    const after = await planInterventions(plan.id);
    // The generated ones are untouched; the new rule applies after the last generated rule date.
    const kept = after.filter((i) => before.some((b) => b.id === i.id));
    expect(kept.map((i) => i.date).sort()).toEqual(firstDues);
    const lastRule = occurrences('FREQ=WEEKLY', start, start, addDays(today, 14), skips)
      .filter((o) => o.due_date <= addDays(today, 14))
      .at(-1)!.rule_date;
    const added = after.filter((i) => !before.some((b) => b.id === i.id));
    expect(added.map((i) => i.date).sort()).toEqual(
      expectedDues('FREQ=DAILY', start, addDays(lastRule, 1), addDays(today, 20)),
    );
  });

  it('deleting a plan keeps its interventions (plan_id stays) and stops generation', async () => {
    const plan = await createPlan({ equipement_id: transfos[0], date_debut: addDays(today, -7) });
    const { created } = await generate(plan.id);
    expect(created).toBeGreaterThan(0);
    expect((await t.asAdmin('DELETE', `/api/plans/${plan.id}`)).statusCode).toBe(200);
    expect((await t.asAdmin('GET', `/api/plans/${plan.id}`)).statusCode).toBe(404);
    expect((await t.asAdmin('POST', `/api/plans/${plan.id}/generate`)).statusCode).toBe(404);
    expect(await planInterventions(plan.id)).toHaveLength(created);
    const list = (await t.asAdmin('GET', '/api/plans')).json().data;
    expect(list.some((p: { id: number }) => p.id === plan.id)).toBe(false);
  });
});

describe('compliance', () => {
  it('counts on time, late, missed and open, and follows a late completion', async () => {
    const client = (await createClient(t.database.db)).id;
    const equipment = (await createEquipment(t.database.db, { proprietaireId: client })).id;
    const start = addDays(today, -30);
    const plan = await createPlan({ equipement_id: equipment, date_debut: start, jours_avance: 0 });
    await generate(plan.id);
    const list = (await planInterventions(plan.id)).sort((a, b) => a.date.localeCompare(b.date));
    const dues = list.map((i) => i.date);
    expect(dues).toEqual(expectedDues('FREQ=WEEKLY', start, start, today));
    const limitPassed = (d: string) => today > addDays(d, COMPLIANCE_TOLERANCE_DAYS);
    const url = `/api/plans/compliance?from=${start}&to=${today}&client_id=${client}`;
    const get = async () => {
      const res = await t.asAdmin('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const missed = dues.filter(limitPassed).length;
    const before = await get();
    expect(before.tolerance_days).toBe(COMPLIANCE_TOLERANCE_DAYS);
    expect(before.total).toEqual({
      due: dues.length,
      on_time: 0,
      late: 0,
      missed,
      open: dues.length - missed,
      on_time_pct: missed > 0 ? 0 : null,
    });
    expect(before.plans).toEqual([
      expect.objectContaining({ plan_id: plan.id, client_id: client, due: dues.length, missed }),
    ]);

    // The oldest one (due ~30 days ago) completed now: late. The newest one completed now: on time.
    const complete = (id: number) =>
      t.database.db.execute(sql`UPDATE interventions SET statut = 'TERMINEE', completed_at = now() WHERE id = ${id}`);
    await complete(list[0].id);
    await complete(list[list.length - 1].id);
    const after = await get();
    expect(after.total).toMatchObject({
      due: dues.length,
      late: 1,
      on_time: 1,
      missed: missed - 1,
      open: dues.length - missed - 1,
    });
    expect(after.total.on_time_pct).toBe(Math.round((1 / (1 + 1 + missed - 1)) * 100));
    // Other clients' plans are not counted; without client_id they are.
    const all = (await t.asAdmin('GET', `/api/plans/compliance?from=${start}&to=${today}`)).json().data;
    expect(all.total.due).toBeGreaterThan(dues.length);

    // The same figures as a CSV for the client: one line per plan, then the total.
    const csv = await t.asAdmin('GET', url.replace('/compliance?', '/compliance.csv?'));
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`conformite-preventive_${start}_${today}.csv`);
    const n = after.total;
    const pct = n.on_time_pct ?? '';
    const nom = after.plans[0].nom_entreprise;
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual([
      'Plan;Client;Échéances;À temps;En retard;Manquées;En cours;À temps (%)',
      `${after.plans[0].nom};${nom};${n.due};${n.on_time};${n.late};${n.missed};${n.open};${pct}`,
      `Total;;${n.due};${n.on_time};${n.late};${n.missed};${n.open};${pct}`,
    ]);
  });

  it('refuses an inverted or too long period', async () => {
    expect((await t.asAdmin('GET', `/api/plans/compliance?from=${today}&to=${addDays(today, -1)}`)).statusCode).toBe(
      400,
    );
    expect((await t.asAdmin('GET', `/api/plans/compliance?from=2020-01-01&to=2026-01-01`)).statusCode).toBe(400);
  });
});

describe('skip dates (holidays)', () => {
  it('ships the Moroccan public holidays, editable with plans:manage; an occurrence on one moves', async () => {
    const list = (await t.asAdmin('GET', '/api/plans/holidays')).json().data as { jour: string; annuel: boolean }[];
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ jour: '2000-11-06', annuel: true, libelle: 'Marche Verte' }),
        expect.objectContaining({ jour: '2000-07-30', annuel: true }),
        expect.objectContaining({ jour: '2026-05-27', annuel: false }),
      ]),
    );
    // A yearly day about 10 days from now that is not a skip date yet.
    const isSkip = skipChecker(skips);
    let target = addDays(today, 10);
    while (isSkip(target)) target = addDays(target, 1);
    const created = await t.asAdmin('POST', '/api/plans/holidays', {
      jour: target,
      annuel: true,
      libelle: 'Fête locale',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ jour: `2000${target.slice(4)}`, annuel: true });
    const again = await t.asAdmin('POST', '/api/plans/holidays', { jour: target, annuel: true, libelle: 'Doublon' });
    expect(again.statusCode).toBe(409);
    const refused = await t.as(technicien.token, {
      method: 'POST',
      url: '/api/plans/holidays',
      payload: { jour: target, libelle: 'x' },
    });
    expect(refused.statusCode).toBe(403);

    const plan = await createPlan({ equipement_id: transfos[0], rrule: 'FREQ=DAILY;COUNT=1', date_debut: target });
    const occ = await t.asAdmin('GET', `/api/plans/${plan.id}/occurrences?from=${today}&to=${addDays(today, 30)}`);
    const [only] = occ.json().data;
    expect(only.rule_date).toBe(target);
    expect(only.due_date > target).toBe(true);
    expect([0, 6]).not.toContain(new Date(`${only.due_date}T00:00:00Z`).getUTCDay());

    expect((await t.asAdmin('DELETE', `/api/plans/holidays/${created.json().data.id}`)).statusCode).toBe(200);
    const after = await t.asAdmin('GET', `/api/plans/${plan.id}/occurrences?from=${today}&to=${addDays(today, 30)}`);
    expect(after.json().data[0].due_date).toBe(target);
  });

  it('writes the plan changes to the audit log', async () => {
    const plan = await createPlan({ equipement_id: transfos[0], nom: 'Plan audité' });
    const { rows } = await t.database.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity_id = ${String(plan.id)} AND action LIKE 'plan.%'`,
    );
    expect(rows.map((r) => r.action)).toEqual(['plan.create']);
  });
});

describe('validation and permissions', () => {
  it('needs plans:manage to write, plans:read to read', async () => {
    const body = {
      nom: 'x',
      template_id: templateId,
      equipement_id: transfos[0],
      rrule: 'FREQ=WEEKLY',
      date_debut: today,
    };
    const post = await t.as(technicien.token, { method: 'POST', url: '/api/plans', payload: body });
    expect(post.statusCode).toBe(403);
    expect((await t.as(technicien.token, { method: 'GET', url: '/api/plans' })).statusCode).toBe(200);
    expect((await t.as(consultation, { method: 'GET', url: '/api/plans' })).statusCode).toBe(200);
    const gen = await t.as(consultation, { method: 'POST', url: '/api/plans/1/generate' });
    expect(gen.statusCode).toBe(403);
  });

  it('refuses a bad target, a bad rule, a template of another type, an unknown technician', async () => {
    const base = { nom: 'x', template_id: templateId, rrule: 'FREQ=WEEKLY', date_debut: today };
    const both = await t.asAdmin('POST', '/api/plans', {
      ...base,
      equipement_id: transfos[0],
      client_id: clientId,
      type_equipement: 'TRANSFORMATEUR',
    });
    expect(both.statusCode).toBe(400);
    const neither = await t.asAdmin('POST', '/api/plans', base);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBeTruthy();
    const badRule = await t.asAdmin('POST', '/api/plans', {
      ...base,
      equipement_id: transfos[0],
      rrule: 'TOUS LES JOURS',
    });
    expect(badRule.statusCode).toBe(400);
    const wrongType = await t.asAdmin('POST', '/api/plans', {
      ...base,
      template_id: groupeTemplateId,
      client_id: clientId,
      type_equipement: 'TRANSFORMATEUR',
    });
    expect(wrongType.statusCode).toBe(422);
    const noTech = await t.asAdmin('POST', '/api/plans', {
      ...base,
      equipement_id: transfos[0],
      technicien_id: 987654,
    });
    expect(noTech.statusCode).toBe(400);
    const noEquipment = await t.asAdmin('POST', '/api/plans', { ...base, equipement_id: 987654 });
    expect(noEquipment.statusCode).toBe(400);
  });
});
