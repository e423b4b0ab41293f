import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { addDays, type SkipDate, skipChecker } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateAllPlans } from '../src/modules/plans/plan-generation.service.ts';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createEquipment } from './helpers/factories.ts';
import { usePlanFixtures } from './helpers/plan-fixtures.ts';

/**
 * Preventive maintenance plans (issue 17): a plan for every transformer of a client (creation, catch-up, occurrences),
 * skip dates, validation and permissions. Generation at scale, concurrency, pause/edit/delete and compliance are in
 * plans-generation.test.ts.
 */
const t = useAdminTestApp();
const today = metricsToday();
const { fixtures, expectedDues, createPlan, generate, planInterventions, countRows } = usePlanFixtures(t);
let technicien: { id: number; token: string };
let consultation: string;
let templateId: number;
let groupeTemplateId: number;
let skips: SkipDate[];
let clientId: number;
let transfos: number[];

beforeAll(() => {
  ({ technicien, consultation, templateId, groupeTemplateId, skips, clientId, transfos } = fixtures);
});

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
