import { randomBytes } from 'node:crypto';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { COMPLIANCE_TOLERANCE_DAYS } from '@gmao/domain/plans/plan-schemas';
import { addDays, occurrences, type SkipDate } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { GENERATION_BATCH, generateAllPlans } from '../src/modules/plans/plan-generation.service.ts';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createClient, createEquipment } from './helpers/factories.ts';
import { usePlanFixtures } from './helpers/plan-fixtures.ts';

/**
 * Plan generation over time: a long catch-up in batches, concurrent runs (one instance, two instances), pause, edit
 * and delete, and the compliance of the generated occurrences (which counts the other plans of this file too).
 */
const t = useAdminTestApp();
const today = metricsToday();
const { fixtures, expectedDues, createPlan, generate, planInterventions, countRows } = usePlanFixtures(t);
let templateId: number;
let skips: SkipDate[];
let transfos: number[];

beforeAll(() => {
  ({ templateId, skips, transfos } = fixtures);
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
