import { TEMPLATE_MESSAGES } from '@gmao/domain/templates/template-schemas';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { uniqueName } from './helpers/admin-factories.ts';
import { createEquipment, createUser } from './helpers/factories.ts';

const t = useAdminTestApp();
let technicien: string;
let consultation: string;
beforeAll(async () => {
  const tech = await createUser(t.database.db, { role: 'Technicien' });
  technicien = (await t.login(tech.username, tech.password)).token;
  const viewer = await createUser(t.database.db, { role: 'Consultation' });
  consultation = (await t.login(viewer.username, viewer.password)).token;
});

const payload = (overrides: Record<string, unknown> = {}) => ({
  nom: uniqueName('Contrôle cellule HTA'),
  description: 'Contrôle annuel des cellules HTA',
  type_equipement: 'CELLULE_HTA',
  urgence: false,
  duree_estimee: 90,
  checklist: ['Consignation', 'Contrôle des verrouillages', 'Essais de manœuvre'],
  materiaux: [{ designation: 'Graisse contacts', reference: 'GR-01', quantite: '0,5', prixUnitaire: '80' }],
  ...overrides,
});

describe('the starter set and the list', () => {
  it('ships templates of the trade, filtered by equipment type (untyped ones fit all) and text', async () => {
    const all = await t.asAdmin('GET', '/api/interventions/templates');
    expect(all.statusCode).toBe(200);
    const names = all.json().data.map((x: { nom: string }) => x.nom);
    expect(names).toEqual(
      expect.arrayContaining([
        'Visite annuelle transformateur',
        'Vidange groupe électrogène 250 h',
        'Thermographie TGBT',
      ]),
    );
    const transfo = await t.asAdmin('GET', '/api/interventions/templates?type_equipement=TRANSFORMATEUR');
    const types = new Set(transfo.json().data.map((x: { type_equipement: string | null }) => x.type_equipement));
    expect([...types].sort()).toEqual(['TRANSFORMATEUR', null].sort());
    const search = await t.asAdmin('GET', `/api/interventions/templates?search=${encodeURIComponent('vidange')}`);
    expect(search.json().data.map((x: { nom: string }) => x.nom)).toEqual(['Vidange groupe électrogène 250 h']);
    const visite = search.json().data[0];
    expect(visite.checklist.length).toBeGreaterThan(5);
    expect(visite.materiaux[0]).toMatchObject({
      designation: 'Huile moteur 15W40',
      quantite: '20',
      prixUnitaire: '45.00',
    });
  });

  it('is readable by whoever may create interventions, managed only with templates:manage', async () => {
    expect((await t.as(technicien, { method: 'GET', url: '/api/interventions/templates' })).statusCode).toBe(200);
    expect((await t.as(consultation, { method: 'GET', url: '/api/interventions/templates' })).statusCode).toBe(403);
    const refused = await t.as(technicien, { method: 'POST', url: '/api/interventions/templates', payload: payload() });
    expect(refused.statusCode).toBe(403);
  });
});

describe('managing templates', () => {
  it('creates, reads, updates, deactivates and deletes; names are unique in any case', async () => {
    const body = payload();
    const created = await t.asAdmin('POST', '/api/interventions/templates', body);
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(TEMPLATE_MESSAGES.created);
    const tpl = created.json().data;
    expect(tpl).toMatchObject({
      nom: body.nom,
      type_equipement: 'CELLULE_HTA',
      duree_estimee: 90,
      checklist: body.checklist,
      materiaux: [{ designation: 'Graisse contacts', reference: 'GR-01', quantite: '0.5', prixUnitaire: '80' }],
      actif: true,
      usageCount: 0,
    });
    const dup = await t.asAdmin('POST', '/api/interventions/templates', payload({ nom: body.nom.toUpperCase() }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(TEMPLATE_MESSAGES.nomTaken);

    const updated = await t.asAdmin('PUT', `/api/interventions/templates/${tpl.id}`, {
      ...body,
      actif: false,
      checklist: ['Une'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ actif: false, checklist: ['Une'] });
    const active = await t.asAdmin('GET', '/api/interventions/templates');
    expect(active.json().data.some((x: { id: number }) => x.id === tpl.id)).toBe(false);
    const every = await t.asAdmin('GET', '/api/interventions/templates?actif=all');
    expect(every.json().data.some((x: { id: number }) => x.id === tpl.id)).toBe(true);

    expect((await t.asAdmin('DELETE', `/api/interventions/templates/${tpl.id}`)).statusCode).toBe(200);
    expect((await t.asAdmin('GET', `/api/interventions/templates/${tpl.id}`)).statusCode).toBe(404);
  });

  it('refuses invalid input with the domain messages and changes nothing', async () => {
    const before = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM intervention_templates`,
    );
    for (const [bad, message] of [
      [{ nom: '' }, TEMPLATE_MESSAGES.nomRequired],
      [{ type_equipement: 'FUSEE' }, TEMPLATE_MESSAGES.typeInvalid],
      [{ checklist: [''] }, TEMPLATE_MESSAGES.stepRequired],
      [{ materiaux: [{ designation: 'x', quantite: '-1', prixUnitaire: '1' }] }, TEMPLATE_MESSAGES.quantiteInvalid],
      [{ duree_estimee: 0 }, TEMPLATE_MESSAGES.dureeInvalid],
    ] as const) {
      const res = await t.asAdmin('POST', '/api/interventions/templates', payload(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const after = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM intervention_templates`,
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describe('POST /interventions/templates/{tid}/create', () => {
  it('creates a PLANIFIEE intervention with the template description, checklist, materials and a history note', async () => {
    const tpl = (await t.asAdmin('POST', '/api/interventions/templates', payload())).json().data;
    const cell = await createEquipment(t.database.db, { typeEquipement: 'CELLULE_HTA', nom: 'Cellule arrivée SM6' });
    const res = await t.as(technicien, {
      method: 'POST',
      url: `/api/interventions/templates/${tpl.id}/create`,
      payload: { equipement_id: cell.id, date: '2026-12-15' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(TEMPLATE_MESSAGES.interventionCreated);
    const i = res.json().data;
    expect(i).toMatchObject({
      statut: 'PLANIFIEE',
      description: 'Contrôle annuel des cellules HTA',
      urgence: false,
      date: '2026-12-15',
    });

    const checklist = await t.as(technicien, { method: 'GET', url: `/api/interventions/${i.id}/checklist` });
    expect(checklist.json().data.items.map((x: { label: string }) => x.label)).toEqual(tpl.checklist);
    const materials = await t.as(technicien, { method: 'GET', url: `/api/interventions/${i.id}/materials` });
    expect(JSON.stringify(materials.json().data)).toContain('Graisse contacts');
    const history = await t.as(technicien, { method: 'GET', url: `/api/interventions/${i.id}/workflow/history` });
    expect(JSON.stringify(history.json().data)).toContain(TEMPLATE_MESSAGES.historyNote(tpl.nom));
    expect((await t.asAdmin('GET', `/api/interventions/templates/${tpl.id}`)).json().data.usageCount).toBe(1);

    // Deleting the template keeps the intervention and its copy of the steps.
    await t.asAdmin('DELETE', `/api/interventions/templates/${tpl.id}`);
    const again = await t.as(technicien, { method: 'GET', url: `/api/interventions/${i.id}/checklist` });
    expect(again.json().data.items).toHaveLength(tpl.checklist.length);
  });

  it('takes a description and urgency for this job; refuses another type, an inactive template, a missing equipment', async () => {
    const tpl = (await t.asAdmin('POST', '/api/interventions/templates', payload())).json().data;
    const cell = await createEquipment(t.database.db, { typeEquipement: 'CELLULE_HTA' });
    const own = await t.asAdmin('POST', `/api/interventions/templates/${tpl.id}/create`, {
      equipement_id: cell.id,
      date: '2026-12-16',
      description: 'Défaut de verrouillage signalé',
      urgence: true,
    });
    expect(own.json().data).toMatchObject({ description: 'Défaut de verrouillage signalé', urgence: true });

    const transfo = await createEquipment(t.database.db, { typeEquipement: 'TRANSFORMATEUR' });
    const wrong = await t.asAdmin('POST', `/api/interventions/templates/${tpl.id}/create`, {
      equipement_id: transfo.id,
      date: '2026-12-16',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(TEMPLATE_MESSAGES.wrongType('CELLULE_HTA', 'TRANSFORMATEUR'));

    const missing = await t.asAdmin('POST', `/api/interventions/templates/${tpl.id}/create`, {
      equipement_id: 987654321,
      date: '2026-12-16',
    });
    expect(missing.statusCode).toBe(400);

    await t.asAdmin('PUT', `/api/interventions/templates/${tpl.id}`, { ...payload({ nom: tpl.nom }), actif: false });
    const inactive = await t.asAdmin('POST', `/api/interventions/templates/${tpl.id}/create`, {
      equipement_id: cell.id,
      date: '2026-12-16',
    });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().message).toBe(TEMPLATE_MESSAGES.inactive);
    expect(
      (
        await t.as(consultation, {
          method: 'POST',
          url: `/api/interventions/templates/${tpl.id}/create`,
          payload: { equipement_id: cell.id, date: '2026-12-16' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
