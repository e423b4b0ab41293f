import { CUSTOM_FIELD_MESSAGES as M } from '@gmao/domain/custom-fields/custom-field-schemas';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createEquipment, createIntervention, createUser } from './helpers/factories.ts';

const t = useAdminTestApp();
let techA: { id: number; token: string };
let techB: { id: number; token: string };
beforeAll(async () => {
  for (const which of ['A', 'B'] as const) {
    const u = await createUser(t.database.db, { nom: `Technicien ${which}` });
    const actor = { id: u.id, token: (await t.login(u.username, u.password)).token };
    if (which === 'A') techA = actor;
    else techB = actor;
  }
  // Definitions used by every test: a global required text, and three for transformers.
  for (const def of [
    { cle: 'bon_commande', libelle: 'Bon de commande client', type: 'TEXTE', obligatoire: true, position: 0 },
    {
      cle: 'puissance',
      libelle: 'Puissance',
      type: 'NOMBRE',
      unite: 'kVA',
      type_equipement: 'TRANSFORMATEUR',
      position: 1,
    },
    {
      cle: 'refroidissement',
      libelle: 'Refroidissement',
      type: 'LISTE',
      options: ['ONAN', 'ONAF'],
      type_equipement: 'TRANSFORMATEUR',
      position: 2,
    },
    { cle: 'essai_le', libelle: "Date d'essai", type: 'DATE', type_equipement: 'TRANSFORMATEUR', position: 3 },
    { cle: 'batteries_ok', libelle: 'Batteries conformes', type: 'OUI_NON', type_equipement: 'ONDULEUR', position: 4 },
  ]) {
    const res = await t.asAdmin('POST', '/api/interventions/custom-fields', def);
    expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
  }
});

const put = (token: string, id: number, values: Record<string, unknown>) =>
  t.as(token, { method: 'PUT', url: `/api/interventions/${id}/custom-fields`, payload: { values } });

describe('definitions', () => {
  it('are managed by administrators; read by whoever reads interventions, filtered by equipment type', async () => {
    const forTransfo = await t.as(techA.token, {
      method: 'GET',
      url: '/api/interventions/custom-fields?type_equipement=TRANSFORMATEUR',
    });
    expect(forTransfo.statusCode).toBe(200);
    expect(forTransfo.json().data.map((f: { cle: string }) => f.cle)).toEqual([
      'bon_commande',
      'puissance',
      'refroidissement',
      'essai_le',
    ]);
    const refused = await t.as(techA.token, {
      method: 'POST',
      url: '/api/interventions/custom-fields',
      payload: { cle: 'x_y', libelle: 'X', type: 'TEXTE' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('keep their key and type once created, and refuse a taken key', async () => {
    const dup = await t.asAdmin('POST', '/api/interventions/custom-fields', {
      cle: 'puissance',
      libelle: 'P',
      type: 'NOMBRE',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(M.cleTaken);
    const list = await t.asAdmin('GET', '/api/interventions/custom-fields?actif=all');
    const puissance = list.json().data.find((f: { cle: string }) => f.cle === 'puissance');
    const retyped = await t.asAdmin('PUT', `/api/interventions/custom-fields/${puissance.id}`, {
      ...puissance,
      type: 'TEXTE',
      unite: null,
    });
    expect(retyped.statusCode).toBe(422);
    expect(retyped.json().message).toBe(M.keyTypeLocked);
    const relabelled = await t.asAdmin('PUT', `/api/interventions/custom-fields/${puissance.id}`, {
      ...puissance,
      libelle: 'Puissance nominale',
    });
    expect(relabelled.json().data.libelle).toBe('Puissance nominale');
    await t.asAdmin('PUT', `/api/interventions/custom-fields/${puissance.id}`, { ...puissance, libelle: 'Puissance' });
  });
});

describe('PUT /interventions/{id}/custom-fields', () => {
  it('stores checked values, answers the intervention with them and notes the change in the history', async () => {
    const transfo = await createEquipment(t.database.db, { typeEquipement: 'TRANSFORMATEUR' });
    const i = await createIntervention(t.database.db, { equipementId: transfo.id, creerPar: techA.id });
    const res = await put(techA.token, i.id, {
      bon_commande: 'BC-2026-114',
      puissance: '630,5',
      refroidissement: 'ONAN',
      essai_le: '2026-03-02',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.saved);
    expect(res.json().data.custom_fields).toEqual({
      bon_commande: 'BC-2026-114',
      puissance: 630.5,
      refroidissement: 'ONAN',
      essai_le: '2026-03-02',
    });
    const detail = await t.as(techA.token, { method: 'GET', url: `/api/interventions/${i.id}` });
    expect(detail.json().data.custom_fields.puissance).toBe(630.5);
    const history = await t.as(techA.token, { method: 'GET', url: `/api/interventions/${i.id}/workflow/history` });
    expect(JSON.stringify(history.json().data)).toContain('Puissance : 630,5 kVA');

    // Clearing an optional value.
    const cleared = await put(techA.token, i.id, {
      bon_commande: 'BC-2026-114',
      puissance: null,
      refroidissement: 'ONAN',
    });
    expect(cleared.json().data.custom_fields).toEqual({ bon_commande: 'BC-2026-114', refroidissement: 'ONAN' });
  });

  it('refuses wrong, missing, unknown and other-type fields with their messages and changes nothing', async () => {
    const transfo = await createEquipment(t.database.db, { typeEquipement: 'TRANSFORMATEUR' });
    const i = await createIntervention(t.database.db, { equipementId: transfo.id });
    for (const [values, message] of [
      [{ puissance: 400 }, M.required('Bon de commande client')],
      [{ bon_commande: 'x', refroidissement: 'KNAN' }, M.notChoice('Refroidissement', ['ONAN', 'ONAF'])],
      [{ bon_commande: 'x', puissance: 'beaucoup' }, M.notNumber('Puissance')],
      [{ bon_commande: 'x', batteries_ok: true }, M.unknownField('batteries_ok')],
    ] as const) {
      const res = await put(t.admin, i.id, values);
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const { rows } = await t.database.db.execute<{ custom_fields: object }>(
      sql`SELECT custom_fields FROM interventions WHERE id = ${i.id}`,
    );
    expect(rows[0]?.custom_fields).toEqual({});
  });

  it('follows the object rule: a technician changes only interventions he created or holds', async () => {
    const i = await createIntervention(t.database.db, { creerPar: techA.id });
    const refused = await put(techB.token, i.id, { bon_commande: 'BC-1' });
    expect(refused.statusCode).toBe(403);
    expect((await put(techA.token, i.id, { bon_commande: 'BC-1' })).statusCode).toBe(200);
  });
});

describe('in the list and the exports', () => {
  it('filters the list by a field value and adds a column per field to the CSV', async () => {
    const transfo = await createEquipment(t.database.db, {
      typeEquipement: 'TRANSFORMATEUR',
      nom: 'Transfo filtre CF',
    });
    const a = await createIntervention(t.database.db, { equipementId: transfo.id });
    const b = await createIntervention(t.database.db, { equipementId: transfo.id });
    await put(t.admin, a.id, { bon_commande: 'BC-A', puissance: 1000, refroidissement: 'ONAF' });
    await put(t.admin, b.id, { bon_commande: 'BC-B', puissance: 250, refroidissement: 'ONAN' });
    const onaf = await t.asAdmin(
      'GET',
      `/api/interventions?equipement_id=${transfo.id}&champ=refroidissement&valeur=ONAF`,
    );
    expect(onaf.json().data.map((x: { id: number }) => x.id)).toEqual([a.id]);
    const kva = await t.asAdmin('GET', `/api/interventions?equipement_id=${transfo.id}&champ=puissance&valeur=250`);
    expect(kva.json().data.map((x: { id: number }) => x.id)).toEqual([b.id]);

    const csv = await t.asAdmin('GET', `/api/interventions/export/csv?equipement_id=${transfo.id}`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain(';Bon de commande client;Puissance (kVA);Refroidissement;');
    const rowA = lines.find((l) => l.startsWith(`${a.id};`));
    expect(rowA).toContain(';BC-A;1\u202f000 kVA;ONAF;');
  });
});
