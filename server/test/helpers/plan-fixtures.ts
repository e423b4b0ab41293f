import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { occurrences, type SkipDate } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { AdminTestApp } from './admin-app.ts';
import { createClient, createEquipment, createUser } from './factories.ts';

/** What the plan tests start from (plans.test.ts, plans-generation.test.ts). */
export interface PlanFixtures {
  /** A technician (Karim Alaoui) and his token. */
  technicien: { id: number; token: string };
  /** The token of a Consultation user. */
  consultation: string;
  /** The seeded templates « Visite annuelle transformateur » and « Vidange groupe électrogène 250 h ». */
  templateId: number;
  groupeTemplateId: number;
  /** The holidays as seeded. */
  skips: SkipDate[];
  /** A client with two transformers (`transfos`), one generator, and a transformer of another client. */
  clientId: number;
  transfos: number[];
}

/** POST /api/plans as the admin, expecting 201: the plan created. */
export async function postPlan(t: AdminTestApp, body: Record<string, unknown>) {
  const res = await t.asAdmin('POST', '/api/plans', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; [k: string]: unknown };
}

/** POST /api/plans/:id/generate as the admin, expecting 200: what the generation created. */
export async function requestGeneration(t: AdminTestApp, id: number) {
  const res = await t.asAdmin('POST', `/api/plans/${id}/generate`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { created: number; intervention_ids: number[] };
}

/**
 * The per-file set-up of the plan tests: registers the hook that creates the fixtures (after the app's own) and
 * returns them with the requests the tests repeat. Call it at the top level of a test file, after useAdminTestApp;
 * `fixtures` is filled in beforeAll.
 */
export function usePlanFixtures(t: AdminTestApp) {
  const today = metricsToday();
  const fixtures = {} as PlanFixtures;

  beforeAll(async () => {
    const tech = await createUser(t.database.db, { role: 'Technicien', nom: 'Karim Alaoui' });
    const technicien = { id: tech.id, token: (await t.login(tech.username, tech.password)).token };
    const viewer = await createUser(t.database.db, { role: 'Consultation' });
    const consultation = (await t.login(viewer.username, viewer.password)).token;
    const templates = (await t.asAdmin('GET', '/api/interventions/templates')).json().data;
    const templateId = templates.find((x: { nom: string }) => x.nom === 'Visite annuelle transformateur').id;
    const groupeTemplateId = templates.find((x: { nom: string }) => x.nom === 'Vidange groupe électrogène 250 h').id;
    const { rows } = await t.database.db.execute<{ jour: string; annuel: boolean }>(
      sql`SELECT jour::text AS jour, annuel FROM holidays`,
    );
    const skips = rows;
    const clientId = (await createClient(t.database.db)).id;
    const transfos = [
      (await createEquipment(t.database.db, { proprietaireId: clientId })).id,
      (await createEquipment(t.database.db, { proprietaireId: clientId })).id,
    ];
    // Not targeted: another type of the same client, and a transformer of another client.
    await createEquipment(t.database.db, { proprietaireId: clientId, typeEquipement: 'GROUPE_ELECTROGENE' });
    await createEquipment(t.database.db);
    Object.assign(fixtures, { technicien, consultation, templateId, groupeTemplateId, skips, clientId, transfos });
  });

  /** Due dates the plan must have generated for one equipment: rule dates from `from`, due up to the horizon. */
  const expectedDues = (rrule: string, start: string, from: string, horizon: string) =>
    occurrences(rrule, start, from, horizon, fixtures.skips)
      .filter((o) => o.due_date <= horizon)
      .map((o) => o.due_date);

  const createPlan = (body: Record<string, unknown>) =>
    postPlan(t, {
      nom: 'Visite transformateurs',
      template_id: fixtures.templateId,
      rrule: 'FREQ=WEEKLY',
      date_debut: today,
      jours_avance: 7,
      ...body,
    });
  const generate = (id: number) => requestGeneration(t, id);
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

  return { fixtures, expectedDues, createPlan, generate, planInterventions, countRows };
}
