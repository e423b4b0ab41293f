import { HABILITATION_MESSAGES as M } from '@gmao/domain/habilitations/symbols';
import { addDays } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createEquipment, createIntervention, createRole, createUser } from './helpers/factories.ts';
import { postPlan, requestGeneration } from './helpers/plan-fixtures.ts';

/** Issue 34: habilitation titles, and the check at every assignment door. */
const t = useAdminTestApp();
const db = () => t.database.db;

const DAY = '2027-03-15';
const fr = (d: string) => d.split('-').reverse().join('/');

let responsable: string;
let consultation: string;

beforeAll(async () => {
  const r = await createUser(db(), { role: 'Responsable', nom: 'Nadia Responsable' });
  responsable = (await t.login(r.username, r.password)).token;
  const c = await createUser(db(), { role: 'Consultation' });
  consultation = (await t.login(c.username, c.password)).token;
});

const title = (over: Record<string, unknown> = {}) => ({
  symbole: 'H2V',
  domaine: 'HTA',
  champ: 'Postes HTA/BT des clients',
  restrictions: '',
  delivree_le: '2026-01-01',
  valide_jusqu_au: '2028-12-31',
  signataire: 'M. Bennani, directeur technique',
  ...over,
});
const addTitle = (userId: number, over: Record<string, unknown> = {}, token = t.admin) =>
  t.as(token, { method: 'POST', url: `/api/users/${userId}/habilitations`, payload: title(over) });

/** An HTA transformer whose work hors tension requires H2V, and an intervention of that kind on DAY. */
async function job(over: { date?: string; technicianId?: number | null } = {}) {
  const equipment = await createEquipment(db(), {
    typeEquipement: 'TRANSFORMATEUR',
    domaineTension: 'HTA',
    exigences: [{ travail: 'HORS_TENSION', symboles: ['H2V'] }],
  });
  const i = await createIntervention(db(), {
    equipementId: equipment.id,
    clientId: equipment.proprietaireId,
    date: over.date ?? DAY,
    typeTravail: 'HORS_TENSION',
    technicianId: over.technicianId ?? null,
  });
  return { equipment, id: i.id };
}
const technicianOf = async (id: number) =>
  (await db().execute<{ tid: number | null }>(sql`SELECT technician_id AS tid FROM interventions WHERE id = ${id}`))
    .rows[0]?.tid ?? null;

async function technician(nom: string, qualified: boolean) {
  const u = await createUser(db(), { role: 'Technicien', nom });
  if (qualified) expect((await addTitle(u.id)).statusCode).toBe(201);
  return { ...u, token: (await t.login(u.username, u.password)).token };
}

describe('habilitation titles', () => {
  it('records, lists (history, expiry filter), corrects and deletes titles; a technician reads his own only', async () => {
    const tech = await technician('Karim Alaoui', false);
    const other = await technician('Omar Idrissi', false);
    const first = await addTitle(tech.id, { symbole: 'b2v', domaine: 'BT', valide_jusqu_au: '2026-12-31' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      symbole: 'B2V',
      domaine: 'BT',
      user_nom: 'Karim Alaoui',
      document: false,
    });
    // A renewal is a new row: both stay.
    const renewal = await addTitle(tech.id, {
      symbole: 'B2V',
      domaine: 'BT',
      delivree_le: '2026-12-01',
      valide_jusqu_au: '2029-11-30',
    });
    expect(renewal.statusCode).toBe(201);
    const own = await t.as(tech.token, { method: 'GET', url: `/api/users/${tech.id}/habilitations` });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.titres.map((x: { valide_jusqu_au: string }) => x.valide_jusqu_au)).toEqual([
      '2029-11-30',
      '2026-12-31',
    ]);
    expect((await t.as(other.token, { method: 'GET', url: `/api/users/${tech.id}/habilitations` })).statusCode).toBe(
      403,
    );
    const soon = await t.as(responsable, {
      method: 'GET',
      url: `/api/habilitations?expire_avant=2027-01-01&search=Alaoui`,
    });
    expect(soon.statusCode).toBe(200);
    expect(soon.json().data.map((x: { id: number }) => x.id)).toEqual([first.json().data.id]);

    const hid = first.json().data.id;
    const fixed = await t.as(t.admin, {
      method: 'PUT',
      url: `/api/habilitations/${hid}`,
      payload: title({ symbole: 'BR', domaine: 'BT', valide_jusqu_au: '2026-12-31' }),
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.symbole).toBe('BR');
    expect((await t.as(tech.token, { method: 'DELETE', url: `/api/habilitations/${hid}` })).statusCode).toBe(403);
    expect((await t.as(t.admin, { method: 'DELETE', url: `/api/habilitations/${hid}` })).statusCode).toBe(200);
    expect((await t.as(t.admin, { method: 'DELETE', url: `/api/habilitations/${hid}` })).statusCode).toBe(404);
    const audit = await db().execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity_type = 'habilitation' ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['habilitation.create', 'habilitation.update', 'habilitation.delete']),
    );
  });

  it.each([
    [{ symbole: 'B0V' }, M.symbolUnknown('B0V')],
    [{ symbole: 'BE', domaine: 'BT' }, M.attributeRequired('BE')],
    [{ symbole: 'B2V', domaine: 'HTA' }, M.domainMismatch('B2V', 'HTA')],
    [{ delivree_le: '2027-01-01', valide_jusqu_au: '2026-12-31' }, M.expiryBeforeIssue],
  ])('refuses %o with a French 400, writing nothing', async (over, message) => {
    const tech = await technician('Samir Tazi', false);
    const res = await addTitle(tech.id, over);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const n = await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM habilitations WHERE user_id = ${tech.id}`,
    );
    expect(n.rows[0].n).toBe(0);
  });

  it('titles are managed by habilitations:manage only', async () => {
    const tech = await technician('Hamza Naciri', false);
    expect((await addTitle(tech.id, {}, tech.token)).statusCode).toBe(403);
    expect((await addTitle(tech.id, {}, consultation)).statusCode).toBe(403);
    expect((await addTitle(tech.id, {}, responsable)).statusCode).toBe(201);
    expect((await t.as(tech.token, { method: 'GET', url: '/api/habilitations' })).statusCode).toBe(403);
  });
});

/** Each assignment door: sends `technicianId` onto the intervention `id` (unassigned, or assigned for the edits). */
type Door = {
  name: string;
  /** The intervention starts assigned to the technician (doors that change an assigned intervention). */
  preassigned?: boolean;
  /** The technician acts himself (« M'affecter »). */
  self?: boolean;
  /** Creates the intervention itself: returns its id from the answer. */
  creates?: boolean;
  send: (a: { id: number; equipementId: number; technicianId: number; token: string }) => {
    method: 'PUT' | 'POST';
    url: string;
    payload: object;
    headers?: Record<string, string>;
  };
};
const doors: Door[] = [
  {
    name: 'PUT /:id/assign',
    send: (a) => ({
      method: 'PUT',
      url: `/api/interventions/${a.id}/assign`,
      payload: { technicianId: a.technicianId },
    }),
  },
  {
    name: 'POST /:id/assign',
    send: (a) => ({
      method: 'POST',
      url: `/api/interventions/${a.id}/assign`,
      payload: { technicianId: a.technicianId },
    }),
  },
  {
    name: "« M'affecter »",
    self: true,
    send: (a) => ({
      method: 'PUT',
      url: `/api/interventions/${a.id}/assign`,
      payload: { technicianId: a.technicianId },
    }),
  },
  {
    name: 'bulk assign',
    send: (a) => ({
      method: 'PUT',
      url: '/api/interventions/bulk/assign',
      payload: { ids: [a.id], technicianId: a.technicianId },
    }),
  },
  {
    name: 'bulk edit',
    send: (a) => ({
      method: 'PUT',
      url: '/api/interventions/bulk',
      payload: { ids: [a.id], data: { technicianId: a.technicianId } },
    }),
  },
  {
    name: 'planification',
    send: (a) => ({
      method: 'PUT',
      url: `/api/interventions/${a.id}/planification`,
      payload: { datePrevue: DAY, technicianId: a.technicianId },
    }),
  },
  {
    name: 'creation with a technician',
    creates: true,
    send: (a) => ({
      method: 'POST',
      url: '/api/interventions',
      payload: { equipement_id: a.equipementId, date: DAY, type_travail: 'HORS_TENSION', technicianId: a.technicianId },
    }),
  },
  {
    name: 'offline draft (Idempotency-Key)',
    creates: true,
    send: (a) => ({
      method: 'POST',
      url: '/api/interventions',
      headers: { 'idempotency-key': `draft-${a.equipementId}-${a.technicianId}` },
      payload: { equipement_id: a.equipementId, date: DAY, type_travail: 'HORS_TENSION', technicianId: a.technicianId },
    }),
  },
  {
    name: 'planning drag (reschedule)',
    preassigned: true,
    send: (a) => ({
      method: 'PUT',
      url: `/api/interventions/${a.id}/schedule`,
      payload: { date: `${DAY}T09:00`, duree: 60 },
    }),
  },
  {
    name: 'edit (kind of work)',
    preassigned: true,
    send: (a) => ({ method: 'PUT', url: `/api/interventions/${a.id}`, payload: { type_travail: 'HORS_TENSION' } }),
  },
];

describe('every assignment door checks the habilitations', () => {
  it.each(doors)('$name: refuses the unqualified (422, nothing written) and accepts the qualified', async (door) => {
    for (const qualified of [false, true]) {
      const tech = await technician(qualified ? 'Karim Alaoui' : 'Yassine Amrani', qualified);
      const { equipment, id } = await job({ date: door.name.startsWith('planning') ? '2027-01-01' : DAY });
      if (door.preassigned) {
        await db().execute(sql`UPDATE interventions SET technician_id = ${tech.id} WHERE id = ${id}`);
        if (door.name.startsWith('edit')) {
          await db().execute(sql`UPDATE interventions SET type_travail = 'NON_ELECTRIQUE' WHERE id = ${id}`);
        }
      }
      const token = door.self ? tech.token : t.admin;
      const req = door.send({ id, equipementId: equipment.id, technicianId: tech.id, token });
      const res = await t.as(token, req);
      if (!qualified) {
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toMatchObject({
          code: 'HABILITATION_REQUISE',
          message: `${M.required('H2V')} — ${M.noTitle('Yassine Amrani')}`,
          manquantes: [{ travail: 'HORS_TENSION', symboles: ['H2V'] }],
        });
        if (!door.preassigned) expect(await technicianOf(id)).toBeNull();
        if (door.creates) {
          const n = await db().execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM interventions WHERE equipement_id = ${equipment.id}`,
          );
          expect(n.rows[0].n).toBe(1);
        }
      } else {
        expect(res.statusCode, res.body).toBeLessThan(300);
        const assigned = door.creates ? res.json().data.id : id;
        expect(await technicianOf(assigned)).toBe(tech.id);
      }
    }
  });

  it('an expired titre refuses from the day after its last valid day, naming the date', async () => {
    const tech = await createUser(db(), { role: 'Technicien', nom: 'K. Alaoui' });
    expect((await addTitle(tech.id, { valide_jusqu_au: '2026-10-12' })).statusCode).toBe(201);
    const onLastDay = await job({ date: '2026-10-12' });
    const dayAfter = await job({ date: '2026-10-13' });
    const ok = await t.as(t.admin, {
      method: 'PUT',
      url: `/api/interventions/${onLastDay.id}/assign`,
      payload: { technicianId: tech.id },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const refused = await t.as(t.admin, {
      method: 'PUT',
      url: `/api/interventions/${dayAfter.id}/assign`,
      payload: { technicianId: tech.id },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Habilitation H2V requise — celle de K. Alaoui a expiré le 12/10/2026');
  });

  it('a recorded medical fitness must be valid on the planned day', async () => {
    const tech = await technician('Rachid Berrada', true);
    const set = await t.as(t.admin, {
      method: 'PUT',
      url: `/api/users/${tech.id}/aptitude-medicale`,
      payload: { aptitude_medicale_jusqu_au: addDays(DAY, -1) },
    });
    expect(set.statusCode, set.body).toBe(200);
    const { id } = await job();
    const res = await t.as(t.admin, {
      method: 'PUT',
      url: `/api/interventions/${id}/assign`,
      payload: { technicianId: tech.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      `${M.required('H2V')} — ${M.medicalExpired('Rachid Berrada', fr(addDays(DAY, -1)))}`,
    );
  });

  it('the standard implications count only when the company enables them', async () => {
    const tech = await createUser(db(), { role: 'Technicien', nom: 'Ali Chraibi' });
    expect((await addTitle(tech.id, { symbole: 'H2V' })).statusCode).toBe(201);
    const equipment = await createEquipment(db(), {
      domaineTension: 'HTA',
      exigences: [{ travail: 'HORS_TENSION', symboles: ['H1V'] }],
    });
    const i = await createIntervention(db(), {
      equipementId: equipment.id,
      clientId: equipment.proprietaireId,
      date: DAY,
      typeTravail: 'HORS_TENSION',
    });
    const assign = () =>
      t.as(t.admin, { method: 'PUT', url: `/api/interventions/${i.id}/assign`, payload: { technicianId: tech.id } });
    expect((await assign()).statusCode).toBe(422);
    const company = (await t.as(t.admin, { method: 'GET', url: '/api/settings/company' })).json().data;
    const { logo_url: _, ...profile } = company;
    const saved = await t.as(t.admin, {
      method: 'PUT',
      url: '/api/settings/company',
      payload: { ...profile, habilitations_implications: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await assign()).statusCode).toBe(200);
    await t.as(t.admin, {
      method: 'PUT',
      url: '/api/settings/company',
      payload: { ...profile, habilitations_implications: false },
    });
  });

  it('a derogation needs habilitations:override; it is recorded on the intervention and in the audit log', async () => {
    const tech = await technician('Mehdi Fassi', false);
    const { id } = await job();
    const derogation = { motif: 'Astreinte de nuit, titre en cours de renouvellement' };
    const denied = await t.as(responsable, {
      method: 'PUT',
      url: `/api/interventions/${id}/assign`,
      payload: { technicianId: tech.id, derogation },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(M.overrideForbidden);
    expect(await technicianOf(id)).toBeNull();

    const forced = await t.as(t.admin, {
      method: 'PUT',
      url: `/api/interventions/${id}/assign`,
      payload: { technicianId: tech.id, derogation },
    });
    expect(forced.statusCode, forced.body).toBe(200);
    const detail = (await t.as(t.admin, { method: 'GET', url: `/api/interventions/${id}` })).json().data;
    expect(detail.derogation).toMatchObject({
      motif: derogation.motif,
      technician_id: tech.id,
      par: { nom: expect.any(String) },
    });
    const audit = await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'intervention.habilitation_derogation' AND entity_id = ${String(id)}`,
    );
    expect(audit.rows[0].n).toBe(1);
    // The derogation covers this technician on this intervention: a reschedule keeps it.
    const moved = await t.as(t.admin, {
      method: 'PUT',
      url: `/api/interventions/${id}/schedule`,
      payload: { date: `${DAY}T14:00`, duree: 60 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('a role holding habilitations:override may force', async () => {
    const role = await createRole(db(), 'Chef de poste', [
      'interventions:read',
      'interventions:update',
      'interventions:assign',
      'habilitations:override',
    ]);
    const chef = await createUser(db(), { role: role.nom });
    const token = (await t.login(chef.username, chef.password)).token;
    const tech = await technician('Anas Kettani', false);
    const { id } = await job();
    const res = await t.as(token, {
      method: 'PUT',
      url: `/api/interventions/${id}/assign`,
      payload: { technicianId: tech.id, derogation: { motif: 'Urgence client' } },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('plan generation leaves an unqualified technician unassigned and notifies the responsables', async () => {
    const tech = await technician('Said Ouazzani', false);
    const equipment = await createEquipment(db(), {
      domaineTension: 'HTA',
      exigences: [{ travail: 'HORS_TENSION', symboles: ['H2V'] }],
    });
    const templates = (await t.as(t.admin, { method: 'GET', url: '/api/interventions/templates' })).json().data;
    const template = templates.find((x: { nom: string }) => x.nom === 'Visite annuelle transformateur');
    await db().execute(
      sql`UPDATE intervention_templates SET type_travail = 'HORS_TENSION', type_equipement = NULL WHERE id = ${template.id}`,
    );
    const today = new Date().toISOString().slice(0, 10);
    const plan = await postPlan(t, {
      nom: 'Visite HTA',
      template_id: template.id,
      rrule: 'FREQ=WEEKLY',
      date_debut: today,
      jours_avance: 0,
      equipement_id: equipment.id,
      technicien_id: tech.id,
    });
    const result = await requestGeneration(t, plan.id);
    expect(result.created).toBeGreaterThan(0);
    for (const iid of result.intervention_ids) expect(await technicianOf(iid)).toBeNull();
    const notes = await db().execute<{ message: string }>(
      sql`SELECT message FROM notifications WHERE event = 'habilitation_alert' AND intervention_id = ${result.intervention_ids[0]}`,
    );
    expect(notes.rows.length).toBeGreaterThan(0);
    expect(notes.rows[0].message).toContain(M.required('H2V'));
  });
});

describe('the technician picker', () => {
  it('lists the qualified first, the others with the reason', async () => {
    const good = await technician('Zakaria Habilité', true);
    const bad = await technician('Zakaria Sans Titre', false);
    const { id } = await job();
    const res = await t.as(t.admin, { method: 'GET', url: `/api/interventions/technicians?intervention_id=${id}` });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as { id: number; habilitation: { ok: boolean; raison: string | null } }[];
    const rank = (uid: number) => list.findIndex((x) => x.id === uid);
    expect(list[rank(good.id)].habilitation).toEqual({ ok: true, raison: null });
    expect(list[rank(bad.id)].habilitation).toEqual({
      ok: false,
      raison: `${M.required('H2V')} — ${M.noTitle('Zakaria Sans Titre')}`,
    });
    expect(rank(good.id)).toBeLessThan(rank(bad.id));
    expect(list.findIndex((x) => !x.habilitation.ok)).toBeGreaterThan(list.findLastIndex((x) => x.habilitation.ok));
  });
});
