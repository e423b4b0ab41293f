import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interventionReportDetails } from '../src/modules/reports/intervention-report-details.repository.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

async function fullIntervention() {
  const db = t.database.db;
  const tech = await createUser(db, { nom: 'Karim Technicien' });
  const other = await createUser(db, { nom: 'Sara Aide' });
  const i = await createIntervention(db, { statut: 'TERMINEE', technicianId: tech.id });
  await db.execute(sql`
    INSERT INTO intervention_diagnostics (intervention_id, constat, causes, gravite, user_id)
    VALUES (${i.id}, 'Fuite hydraulique', 'Joint usé', 'ELEVEE', ${tech.id})`);
  await db.execute(sql`
    INSERT INTO intervention_planifications (intervention_id, date_prevue, duree_estimee, user_id)
    VALUES (${i.id}, '2026-01-10', 2.5, ${tech.id})`);
  await db.execute(sql`
    INSERT INTO intervention_quality_controls (intervention_id, resultat, controle_le, controle_par)
    VALUES (${i.id}, 'CONFORME', '2026-01-11', ${other.id})`);
  await db.execute(sql`
    INSERT INTO intervention_checklist_items (intervention_id, position, label, checked, checked_by)
    VALUES (${i.id}, 1, 'Couper le courant', true, ${tech.id}), (${i.id}, 2, 'Nettoyer', false, null)`);
  await db.execute(sql`
    INSERT INTO intervention_materials (intervention_id, designation, quantite, prix_unitaire)
    VALUES (${i.id}, 'Joint', 3, 12.5), (${i.id}, 'Huile', 1.5, 100.333)`);
  await db.execute(sql`
    INSERT INTO intervention_timer_sessions (intervention_id, user_id, started_at, stopped_at)
    VALUES (${i.id}, ${tech.id}, now() - interval '3 hours', now() - interval '1 hour'),
           (${i.id}, ${tech.id}, now() - interval '50 minutes', now() - interval '20 minutes'),
           (${i.id}, ${other.id}, now() - interval '15 minutes', now() - interval '5 minutes')`);
  await db.execute(sql`
    INSERT INTO intervention_history (intervention_id, from_statut, to_statut, note, user_id)
    VALUES (${i.id}, null, null, 'Note de suivi', ${tech.id})`);
  return { i, tech, other };
}

describe('one-intervention PDF content', () => {
  it('gathers records, checklist, materials (line totals and total) and time per person', async () => {
    const { i } = await fullIntervention();
    const d = await interventionReportDetails(t.database.db, i.id);
    expect(d.diagnostic).toMatchObject({ constat: 'Fuite hydraulique', gravite: 'ELEVEE', user: 'Karim Technicien' });
    expect(d.planification).toMatchObject({ date_prevue: '2026-01-10', duree_estimee: '2.50' });
    expect(d.qualityControl).toMatchObject({ resultat: 'CONFORME', user: 'Sara Aide' });
    expect(d.checklist.map((c) => [c.label, c.checked])).toEqual([
      ['Couper le courant', true],
      ['Nettoyer', false],
    ]);
    expect(d.materials.map((m) => m.total)).toEqual(['37.50', '150.50']);
    expect(d.materialsTotal).toBe('188.00');
    expect(d.time).toEqual([
      { user: 'Karim Technicien', seconds: 9000 },
      { user: 'Sara Aide', seconds: 600 },
    ]);
    expect(d.totalSeconds).toBe(9600);
  });

  it('is empty-safe for an intervention without records', async () => {
    const i = await createIntervention(t.database.db);
    const d = await interventionReportDetails(t.database.db, i.id);
    expect(d).toMatchObject({ diagnostic: null, planification: null, qualityControl: null, checklist: [] });
    expect(d.materialsTotal).toBe('0.00');
    expect(d.totalSeconds).toBe(0);
  });

  it('renders the PDF with all sections', async () => {
    const { i } = await fullIntervention();
    const res = await t.as(admin, { method: 'GET', url: `/api/reports/interventions/${i.id}/pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
