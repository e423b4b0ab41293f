import { HABILITATION_MESSAGES as M } from '@gmao/domain/habilitations/symbols';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createEquipment, createIntervention, createUser } from './helpers/factories.ts';

/**
 * Issue 34 leftovers: « Habilitation expirée » on an open intervention whose technician's titre (or medical fitness)
 * ends before its planned day, for the page's rows and the detail; the kind of work edited on an intervention and on
 * a template.
 */
const t = useAdminTestApp();
const db = () => t.database.db;

const title = (over: Record<string, unknown> = {}) => ({
  symbole: 'H2V',
  domaine: 'HTA',
  champ: '',
  restrictions: '',
  delivree_le: '2026-01-01',
  valide_jusqu_au: '2027-03-01',
  signataire: 'M. Bennani',
  ...over,
});
const addTitle = async (userId: number, over: Record<string, unknown> = {}) => {
  const res = await t.asAdmin('POST', `/api/users/${userId}/habilitations`, title(over));
  expect(res.statusCode, res.body).toBe(201);
};

/** An HTA transformer requiring H2V for work hors tension; an intervention on `date` assigned to `technicianId`. */
async function job(technicianId: number, date: string, statut: 'PLANIFIEE' | 'TERMINEE' = 'PLANIFIEE') {
  const equipment = await createEquipment(db(), {
    typeEquipement: 'TRANSFORMATEUR',
    domaineTension: 'HTA',
    exigences: [{ travail: 'HORS_TENSION', symboles: ['H2V'] }],
  });
  // written as it stood before the titre's end was known (the assignment doors would refuse it today)
  const i = await createIntervention(db(), {
    equipementId: equipment.id,
    date,
    statut,
    typeTravail: 'HORS_TENSION',
    technicianId,
    ...(statut === 'TERMINEE' ? { startedAt: new Date(), completedAt: new Date() } : {}),
  });
  return i.id;
}

const listed = async (technicianId: number) => {
  const res = await t.asAdmin('GET', `/api/interventions?technician_id=${technicianId}&limit=50`);
  expect(res.statusCode, res.body).toBe(200);
  return new Map<number, string[] | null>(
    res.json().data.map((r: { id: number; habilitation_expiree: string[] | null }) => [r.id, r.habilitation_expiree]),
  );
};

describe('« Habilitation expirée » on assigned interventions', () => {
  it('flags an open intervention planned after the titre’s end, in the list and the detail; a renewal clears it', async () => {
    const tech = await createUser(db(), { role: 'Technicien', nom: 'Karim Alaoui' });
    await addTitle(tech.id);
    const after = await job(tech.id, '2027-03-15');
    const before = await job(tech.id, '2027-02-15');
    const lastDay = await job(tech.id, '2027-03-01');
    const closed = await job(tech.id, '2027-03-20', 'TERMINEE');
    const expected = [`${M.required('H2V')} — ${M.expired('Karim Alaoui', '01/03/2027')}`];

    const flags = await listed(tech.id);
    expect(flags.get(after)).toEqual(expected);
    expect(flags.get(before)).toBeNull();
    expect(flags.get(lastDay)).toBeNull();
    expect(flags.get(closed)).toBeNull();
    const detail = await t.asAdmin('GET', `/api/interventions/${after}`);
    expect(detail.json().data.habilitation_expiree).toEqual(expected);
    expect((await t.asAdmin('GET', `/api/interventions/${before}`)).json().data.habilitation_expiree).toBeNull();

    // renewed: a new titre valid on the planned day — no flag, on the same (possibly kept) page
    await addTitle(tech.id, { delivree_le: '2027-02-20', valide_jusqu_au: '2030-02-19' });
    expect((await listed(tech.id)).get(after)).toBeNull();
  });

  it('flags an expired medical fitness; not a technician who never held the symbol, nor a derogation', async () => {
    const fit = await createUser(db(), { role: 'Technicien', nom: 'Omar Idrissi' });
    await addTitle(fit.id, { valide_jusqu_au: '2030-01-01' });
    const fitness = await t.asAdmin('PUT', `/api/users/${fit.id}/aptitude-medicale`, {
      aptitude_medicale_jusqu_au: '2027-03-10',
    });
    expect(fitness.statusCode, fitness.body).toBe(200);
    const medical = await job(fit.id, '2027-03-15');
    expect((await listed(fit.id)).get(medical)).toEqual([
      `${M.required('H2V')} — ${M.medicalExpired('Omar Idrissi', '10/03/2027')}`,
    ]);

    const none = await createUser(db(), { role: 'Technicien', nom: 'Sans Titre' });
    const unqualified = await job(none.id, '2027-03-15');
    expect((await listed(none.id)).get(unqualified)).toBeNull();

    const forced = await createUser(db(), { role: 'Technicien', nom: 'Forcé' });
    await addTitle(forced.id);
    const derogation = await job(forced.id, '2027-03-15');
    await db().execute(
      sql`UPDATE interventions SET derogation_technician_id = ${forced.id}, derogation_motif = 'Urgence'
          WHERE id = ${derogation}`,
    );
    expect((await listed(forced.id)).get(derogation)).toBeNull();
  });
});

describe('the kind of work, edited', () => {
  it('on an assigned intervention: re-checked — 422 HABILITATION_REQUISE and nothing written, else saved', async () => {
    const tech = await createUser(db(), { role: 'Technicien', nom: 'Nabil Bennis' });
    const id = await job(tech.id, '2027-01-10');
    await db().execute(sql`UPDATE interventions SET type_travail = 'NON_ELECTRIQUE' WHERE id = ${id}`);
    const refused = await t.asAdmin('PUT', `/api/interventions/${id}`, { type_travail: 'HORS_TENSION' });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'HABILITATION_REQUISE',
      manquantes: [{ travail: 'HORS_TENSION', symboles: ['H2V'] }],
    });
    const kind = async () =>
      (await db().execute<{ k: string }>(sql`SELECT type_travail AS k FROM interventions WHERE id = ${id}`)).rows[0].k;
    expect(await kind()).toBe('NON_ELECTRIQUE');
    await addTitle(tech.id, { valide_jusqu_au: '2028-01-01' });
    const ok = await t.asAdmin('PUT', `/api/interventions/${id}`, { type_travail: 'HORS_TENSION' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.type_travail).toBe('HORS_TENSION');
  });

  it('on a template: set, changed, cleared; absent leaves it as it is', async () => {
    const body = { nom: 'Contrôle cellule HTA (type de travail)', checklist: [], materiaux: [] };
    const created = await t.asAdmin('POST', '/api/interventions/templates', { ...body, type_travail: 'MANOEUVRE' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.type_travail).toBe('MANOEUVRE');
    const put = (payload: object) => t.asAdmin('PUT', `/api/interventions/templates/${id}`, { ...body, ...payload });
    expect((await put({ type_travail: 'CONSIGNATION' })).json().data.type_travail).toBe('CONSIGNATION');
    expect((await put({})).json().data.type_travail).toBe('CONSIGNATION');
    expect((await put({ type_travail: null })).json().data.type_travail).toBeNull();
    expect((await put({ type_travail: 'AUTRE' })).statusCode).toBe(400);
  });
});
