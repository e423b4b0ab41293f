import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { DECIMAL_MESSAGE } from '@gmao/domain/equipment/decimal';
import { EQUIPMENT_MESSAGES } from '@gmao/domain/equipment/equipment-schemas';
import { EQUIPMENT_TYPES } from '@gmao/domain/equipment/equipment-types';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createClient, createEquipment, createIntervention, createRole, createUser } from './helpers/factories.ts';

const t = useAdminTestApp();

const tag = `E${Date.now().toString(36)}`;
const get = (url: string, token = t.admin) => t.as(token, { method: 'GET', url });
const ids = async (q: string) => (await get(`/api/equipment?${q}`)).json().data.map((r: { id: number }) => r.id);

describe('equipment CRUD', () => {
  it('creates, reads and updates with exact decimals (round-trip to 2 decimals)', async () => {
    const owner = await createClient(t.database.db, { nomEntreprise: `${tag} Maroc Agro SA`, ville: 'Meknès' });
    const payload = {
      nom: `${tag} Groupe électrogène A1`,
      marque: 'Caterpillar',
      modele: 'C18 550 kVA',
      type_equipement: 'GROUPE_ELECTROGENE',
      etatDeReception: 'Bon état',
      valeur: 1234567.89,
      cout: '0.1',
      proprietaire_id: owner.id,
    };
    const res = await t.as(t.admin, { method: 'POST', url: '/api/equipment', payload });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MUTATION_MESSAGES.equipmentCreate.success);
    expect(body.data).toMatchObject({
      nom: payload.nom,
      valeur: '1234567.89',
      cout: '0.10',
      proprietaire: { id: owner.id, nom_entreprise: owner.nomEntreprise, ville: 'Meknès' },
      latestInterventionStatus: null,
      maintenanceStats: { totalInterventions: 0, completedInterventions: 0, urgentInterventions: 0 },
      interventions: [],
    });

    const id = body.data.id;
    const put = await t.as(t.admin, {
      method: 'PUT',
      url: `/api/equipment/${id}`,
      payload: { ...payload, valeur: '999999999999.99', cout: null },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().message).toBe(MUTATION_MESSAGES.equipmentUpdate.success);
    const one = await get(`/api/equipment/${id}`);
    expect(one.json().data).toMatchObject({ valeur: '999999999999.99', cout: null });
  });

  it('validates required fields, amounts, type and owner', async () => {
    const res = await t.as(t.admin, { method: 'POST', url: '/api/equipment', payload: { nom: ' ', valeur: '12.345' } });
    expect(res.statusCode).toBe(400);
    const msgs = res.json().details.map((d: { msg: string }) => d.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([
        EQUIPMENT_MESSAGES.nomRequired,
        EQUIPMENT_MESSAGES.proprietaireRequired,
        DECIMAL_MESSAGE,
      ]),
    );
    const badType = await t.as(t.admin, {
      method: 'POST',
      url: '/api/equipment',
      payload: { nom: 'X', proprietaire_id: 1, type_equipement: 'FUSEE' },
    });
    expect(badType.json().details.map((d: { msg: string }) => d.msg)).toContain(EQUIPMENT_MESSAGES.typeInvalid);
    const noOwner = await t.as(t.admin, {
      method: 'POST',
      url: '/api/equipment',
      payload: { nom: 'X', proprietaire_id: 999999 },
    });
    expect(noOwner.statusCode).toBe(400);
    expect(noOwner.json().message).toBe(EQUIPMENT_MESSAGES.proprietaireNotFound);
  });

  it('returns the server list of types', async () => {
    const res = await get('/api/equipment/types');
    expect(res.json().data).toEqual([...EQUIPMENT_TYPES]);
    expect(res.json().data).toContain('GROUPE_ELECTROGENE');
  });
});

describe('GET /api/equipment (list) and detail', () => {
  it('searches name, brand, model and owner; filters owner and type; pages with totals', async () => {
    const db = t.database.db;
    const owner = await createClient(db, { nomEntreprise: `${tag} Kénitra Câblage SA` });
    const a = await createEquipment(db, {
      proprietaireId: owner.id,
      nom: `${tag}-L Onduleur`,
      typeEquipement: 'ONDULEUR',
      marque: 'Eaton',
    });
    const b = await createEquipment(db, {
      proprietaireId: owner.id,
      nom: `${tag}-L Pompe`,
      typeEquipement: 'POMPE',
      modele: 'NB 65-200',
    });
    const c = await createEquipment(db, {
      nom: `${tag}-L Moteur`,
      typeEquipement: 'MOTEUR_ELECTRIQUE',
      cout: '1500.50',
    });

    const res = await get(`/api/equipment?search=${encodeURIComponent(`${tag}-L`)}&limit=2`);
    expect(res.json().pagination).toEqual({ total: 3, pages: 2, page: 1, limit: 2 });
    expect(res.json().data.map((r: { id: number }) => r.id)).toEqual([c.id, a.id]);
    expect(res.json().data[0]).toMatchObject({ cout: '1500.50', latestInterventionStatus: null });

    expect(await ids('search=eaton')).toEqual([a.id]);
    expect(await ids('search=nb%2065')).toEqual([b.id]);
    expect(await ids(`search=${encodeURIComponent('kénitra câblage')}`)).toEqual([a.id, b.id]);
    expect(await ids(`proprietaire_id=${owner.id}`)).toEqual([a.id, b.id]);
    expect(await ids(`proprietaire_id=${owner.id}&type_equipement=POMPE`)).toEqual([b.id]);
  });

  it('carries the latest intervention status, maintenance stats and the five most recent interventions', async () => {
    const db = t.database.db;
    const e = await createEquipment(db);
    const dates = ['2024-01-10', '2024-02-10', '2024-03-10', '2024-04-10', '2024-05-10', '2024-06-10'];
    for (const [k, date] of dates.entries()) {
      await createIntervention(db, {
        equipementId: e.id,
        date,
        statut: k < 3 ? 'TERMINEE' : 'EN_COURS',
        urgence: k === 5,
      });
    }
    await createIntervention(db, { equipementId: e.id, date: '2024-07-01', deletedAt: new Date() });
    const list = await get(`/api/equipment?search=${encodeURIComponent(e.nom)}`);
    expect(list.json().data[0].latestInterventionStatus).toBe('EN_COURS');
    const one = (await get(`/api/equipment/${e.id}`)).json().data;
    expect(one.maintenanceStats).toEqual({ totalInterventions: 6, completedInterventions: 3, urgentInterventions: 1 });
    expect(one.interventions.map((i: { date: string }) => i.date)).toEqual(dates.slice(1).reverse());
    expect(one.interventions[0]).toMatchObject({ statut: 'EN_COURS', urgence: true });
  });
});

describe('DELETE /api/equipment/:id', () => {
  it('refuses equipment with interventions (409) and deletes one without', async () => {
    const db = t.database.db;
    const busy = await createEquipment(db);
    await createIntervention(db, { equipementId: busy.id });
    const refused = await t.as(t.admin, { method: 'DELETE', url: `/api/equipment/${busy.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(EQUIPMENT_MESSAGES.hasInterventions(1));

    const free = await createEquipment(db);
    const ok = await t.as(t.admin, { method: 'DELETE', url: `/api/equipment/${free.id}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MUTATION_MESSAGES.equipmentDelete.success);
    expect((await get(`/api/equipment/${free.id}`)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('needs equipment:* for each call', async () => {
    const db = t.database.db;
    const none = await createUser(db, { role: null });
    const noneToken = (await t.login(none.username, none.password)).token;
    expect((await get('/api/equipment', noneToken)).statusCode).toBe(403);
    expect((await get('/api/equipment/types', noneToken)).statusCode).toBe(403);

    // Technicien: read and update, no create or delete.
    const tech = await createUser(db, { role: 'Technicien' });
    const techToken = (await t.login(tech.username, tech.password)).token;
    const e = await createEquipment(db);
    const body = { nom: 'Renommé', proprietaire_id: e.proprietaireId };
    expect((await get(`/api/equipment/${e.id}`, techToken)).statusCode).toBe(200);
    expect((await t.as(techToken, { method: 'PUT', url: `/api/equipment/${e.id}`, payload: body })).statusCode).toBe(
      200,
    );
    expect((await t.as(techToken, { method: 'POST', url: '/api/equipment', payload: body })).statusCode).toBe(403);
    expect((await t.as(techToken, { method: 'DELETE', url: `/api/equipment/${e.id}` })).statusCode).toBe(403);

    const role = await createRole(db, `${tag} créateur`, ['equipment:create']);
    const creator = await createUser(db, { role: role.nom });
    const creatorToken = (await t.login(creator.username, creator.password)).token;
    expect((await t.as(creatorToken, { method: 'POST', url: '/api/equipment', payload: body })).statusCode).toBe(201);
  });
});
