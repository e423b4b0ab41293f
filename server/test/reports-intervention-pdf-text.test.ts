import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createEquipment, createIntervention, createUser } from './helpers/factories.ts';
import { pdfText } from './helpers/pdf-text.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

describe('one-intervention PDF text', () => {
  it('shows technician, records, checklist N/M, materials in MAD, time per person, history notes and comptes rendus', async () => {
    const db = t.database.db;
    const tech = await createUser(db, { nom: 'Karim Technicien' });
    const i = await createIntervention(db, { statut: 'TERMINEE', technicianId: tech.id });
    await db.execute(sql`INSERT INTO intervention_diagnostics (intervention_id, constat, gravite, user_id)
      VALUES (${i.id}, 'Fuite hydraulique', 'ELEVEE', ${tech.id})`);
    await db.execute(sql`INSERT INTO intervention_planifications (intervention_id, date_prevue)
      VALUES (${i.id}, '2026-01-10')`);
    await db.execute(sql`INSERT INTO intervention_quality_controls (intervention_id, resultat, controle_le)
      VALUES (${i.id}, 'NON_CONFORME', '2026-01-11')`);
    await db.execute(sql`INSERT INTO intervention_checklist_items (intervention_id, position, label, checked)
      VALUES (${i.id}, 1, 'Couper le courant', true), (${i.id}, 2, 'Nettoyer le filtre', false)`);
    await db.execute(sql`INSERT INTO intervention_materials (intervention_id, designation, quantite, prix_unitaire)
      VALUES (${i.id}, 'Joint torique', 3, 12.5)`);
    await db.execute(sql`INSERT INTO intervention_timer_sessions (intervention_id, user_id, started_at, stopped_at)
      VALUES (${i.id}, ${tech.id}, now() - interval '2 hours', now())`);
    await db.execute(sql`INSERT INTO intervention_history (intervention_id, note, user_id)
      VALUES (${i.id}, 'Note de suivi', ${tech.id})`);
    await db.execute(sql`INSERT INTO intervention_reports (intervention_id, titre, contenu, user_id)
      VALUES (${i.id}, 'Bilan final', 'Tout est remis en service.', ${tech.id})`);

    await db.execute(sql`INSERT INTO custom_field_definitions (cle, libelle, type, unite)
      VALUES ('puissance_pdf', 'Puissance', 'NOMBRE', 'kVA'), ('huile_pdf', 'Huile changée', 'OUI_NON', NULL)`);
    await db.execute(
      sql`UPDATE interventions SET custom_fields = '{"puissance_pdf": 630, "huile_pdf": true}' WHERE id = ${i.id}`,
    );
    await db.execute(sql`INSERT INTO intervention_reviews (intervention_id, review_status, reason, reviewed_at)
      VALUES (${i.id}, 'REJETEE', 'Photos manquantes', now())`);
    const res = await t.as(admin, { method: 'GET', url: `/api/reports/interventions/${i.id}/pdf` });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    for (const s of [
      'Karim Technicien',
      'Diagnostic',
      'Fuite hydraulique',
      'Élevée',
      'Planification',
      'Contrôle qualité',
      'Non conforme',
      'Checklist (1/2)',
      'Nettoyer le filtre',
      'Matériaux utilisés',
      'Joint torique',
      'Total matériaux',
      'Temps passé',
      '2 h 00 min',
      'Note de suivi',
      'Comptes rendus',
      'Bilan final',
      'Tout est remis en service.',
      'Validation',
      'Rejetée',
      'Photos manquantes',
    ])
      expect(text, s).toContain(s);
    expect(text).toContain('Champs personnalisés');
    expect(text).toMatch(/Puissance[\s\S]{0,40}630 kVA/);
    expect(text).toMatch(/Huile changée[\s\S]{0,40}Oui/);
    expect(text).toMatch(/37,50\s?MAD/);
  });
});

describe('period report PDF text', () => {
  it("shows the period's preventive visits on time, late and missed, by plan, for the client to see", async () => {
    const db = t.database.db;
    const equipment = await createEquipment(db, {
      nom: 'Groupe électrogène GE-500',
      typeEquipement: 'GROUPE_ELECTROGENE',
    });
    const template = await t.as(admin, {
      method: 'POST',
      url: '/api/interventions/templates',
      payload: { nom: 'Entretien 250 h', type_equipement: 'GROUPE_ELECTROGENE', description: 'Vidange et filtres' },
    });
    expect(template.statusCode).toBe(201);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const plan = await t.as(admin, {
      method: 'POST',
      url: '/api/plans',
      payload: {
        nom: 'Entretien hebdomadaire du groupe',
        template_id: template.json().data.id,
        equipement_id: equipment.id,
        rrule: 'FREQ=WEEKLY',
        date_debut: day(-28),
        jours_avance: 0,
      },
    });
    expect(plan.statusCode).toBe(201);
    const generated = await t.as(admin, { method: 'POST', url: `/api/plans/${plan.json().data.id}/generate` });
    expect(generated.json().data.created).toBeGreaterThanOrEqual(4);
    const pdf = await t.as(admin, {
      method: 'GET',
      url: `/api/reports/export.pdf?dateFrom=${day(-60)}&dateTo=${day(0)}`,
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    const c = await t.as(admin, { method: 'GET', url: `/api/plans/compliance?from=${day(-60)}&to=${day(0)}` });
    const total = c.json().data.total;
    expect(text).toContain(`Maintenance préventive : ${total.on_time_pct} % à temps`);
    expect(text).toContain('Entretien hebdomadaire du groupe');
    expect(text).toContain(`Échéances de la période`);
  });
});
