import { ASSIGNMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createRole, createUser } from './helpers/factories.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const assign = (id: number, technicianId: number, token = admin) =>
  t.as(token, { method: 'PUT', url: `/api/interventions/${id}/assign`, payload: { technicianId } });
const technicianOf = async (id: number) =>
  (
    await t.database.db.execute<{ tid: number | null }>(
      sql`SELECT technician_id AS tid FROM interventions WHERE id = ${id}`,
    )
  ).rows[0].tid;
const notes = async (id: number) =>
  (
    await t.database.db.execute<{ note: string }>(
      sql`SELECT note FROM intervention_history WHERE intervention_id = ${id} AND to_statut IS NULL ORDER BY id`,
    )
  ).rows.map((r) => r.note);

describe('technician assignment', () => {
  it('assigns, shows the technician on the detail and the list, filters by technician, and unassigns', async () => {
    const tech = await createUser(t.database.db, { nom: 'Karim Alaoui' });
    const i = await createIntervention(t.database.db);
    const other = await createIntervention(t.database.db);
    const res = await assign(i.id, tech.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ASSIGNMENT_MESSAGES.assigned);
    expect(res.json().data.technician).toEqual({ id: tech.id, nom: 'Karim Alaoui' });
    expect(res.json().data.technicianId).toBe(tech.id);

    const list = await t.as(admin, { method: 'GET', url: `/api/interventions?technician_id=${tech.id}` });
    expect(list.json().pagination.total).toBe(1);
    expect(list.json().data[0]).toMatchObject({ id: i.id, technician: { id: tech.id, nom: 'Karim Alaoui' } });
    const counts = await t.as(admin, {
      method: 'GET',
      url: `/api/interventions/status-counts?technician_id=${tech.id}`,
    });
    expect(counts.json().data).toMatchObject({ total: 1, statuts: { PLANIFIEE: 1 } });
    const detail = await t.as(admin, { method: 'GET', url: `/api/interventions/${other.id}` });
    expect(detail.json().data.technician).toBeNull();

    const removed = await t.as(admin, { method: 'DELETE', url: `/api/interventions/${i.id}/assign` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(ASSIGNMENT_MESSAGES.unassigned);
    expect(removed.json().data.technician).toBeNull();
    expect(await notes(i.id)).toEqual([
      ASSIGNMENT_MESSAGES.historyAssigned('Karim Alaoui'),
      ASSIGNMENT_MESSAGES.historyUnassigned('Karim Alaoui'),
    ]);
  });

  it('re-assigning the same technician writes no second history note', async () => {
    const tech = await createUser(t.database.db, { nom: 'Samir Tazi' });
    const i = await createIntervention(t.database.db);
    await assign(i.id, tech.id);
    await assign(i.id, tech.id);
    expect(await notes(i.id)).toHaveLength(1);
  });

  it('refuses a disabled, deleted or unknown user (422) and an unknown intervention (404), writing nothing', async () => {
    const disabled = await createUser(t.database.db, { enabled: false });
    const deleted = await createUser(t.database.db);
    await t.database.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${deleted.id}`);
    const i = await createIntervention(t.database.db);
    for (const id of [disabled.id, deleted.id, 999_999]) {
      const res = await assign(i.id, id);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(ASSIGNMENT_MESSAGES.technicianNotFound);
    }
    expect(await technicianOf(i.id)).toBeNull();
    expect(await notes(i.id)).toEqual([]);
    const tech = await createUser(t.database.db);
    expect((await assign(999_999, tech.id)).statusCode).toBe(404);
    const bad = await t.as(admin, { method: 'PUT', url: `/api/interventions/${i.id}/assign`, payload: {} });
    expect(bad.statusCode).toBe(400);
  });

  it('needs interventions:update to assign and interventions:read to list technicians', async () => {
    await createRole(t.database.db, 'Lecteur interventions', ['interventions:read']);
    const reader = await createUser(t.database.db, { role: 'Lecteur interventions' });
    const { token } = await t.login(reader.username, reader.password);
    const i = await createIntervention(t.database.db);
    expect((await assign(i.id, reader.id, token)).statusCode).toBe(403);
    const del = await t.as(token, { method: 'DELETE', url: `/api/interventions/${i.id}/assign` });
    expect(del.statusCode).toBe(403);
    const lookup = await t.as(token, { method: 'GET', url: '/api/interventions/technicians' });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().data).toContainEqual({
      id: reader.id,
      nom: reader.nom,
      username: reader.username,
      role: 'Lecteur interventions',
    });
  });

  it('the lookup lists only enabled, non-deleted users', async () => {
    const disabled = await createUser(t.database.db, { enabled: false });
    const deleted = await createUser(t.database.db);
    await t.database.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${deleted.id}`);
    const res = await t.as(admin, { method: 'GET', url: '/api/interventions/technicians' });
    const ids = res.json().data.map((u: { id: number }) => u.id);
    expect(ids).not.toContain(disabled.id);
    expect(ids).not.toContain(deleted.id);
  });
});

describe('PUT /api/interventions/bulk/assign', () => {
  it('assigns all in one go', async () => {
    const tech = await createUser(t.database.db, { nom: 'Hamid Chraibi' });
    const a = await createIntervention(t.database.db);
    const b = await createIntervention(t.database.db);
    const res = await t.as(admin, {
      method: 'PUT',
      url: '/api/interventions/bulk/assign',
      payload: { ids: [a.id, b.id, a.id], technicianId: tech.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { count: 2 }, message: ASSIGNMENT_MESSAGES.bulkAssigned(2) });
    expect([await technicianOf(a.id), await technicianOf(b.id)]).toEqual([tech.id, tech.id]);
  });

  it('is all or nothing: an unknown id rolls every assignment back', async () => {
    const tech = await createUser(t.database.db);
    const a = await createIntervention(t.database.db);
    const res = await t.as(admin, {
      method: 'PUT',
      url: '/api/interventions/bulk/assign',
      payload: { ids: [a.id, 999_998], technicianId: tech.id },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ASSIGNMENT_MESSAGES.interventionsNotFound([999_998]));
    expect(await technicianOf(a.id)).toBeNull();
    expect(await notes(a.id)).toEqual([]);
  });

  it('validates the body', async () => {
    const res = await t.as(admin, {
      method: 'PUT',
      url: '/api/interventions/bulk/assign',
      payload: { ids: [], technicianId: 1 },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('PUT /api/interventions/bulk/status', () => {
  const bulk = (payload: object) => t.as(admin, { method: 'PUT', url: '/api/interventions/bulk/status', payload });
  const statutOf = async (id: number) =>
    (await t.database.db.execute<{ s: string }>(sql`SELECT statut AS s FROM interventions WHERE id = ${id}`)).rows[0].s;
  const historyRows = async (id: number) =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM intervention_history WHERE intervention_id = ${id} AND to_statut IS NOT NULL`,
      )
    ).rows[0].n;

  it('moves every intervention through the workflow with a history row each; ones already there are skipped', async () => {
    const a = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    const b = await createIntervention(t.database.db, { statut: 'EN_PAUSE' });
    const c = await createIntervention(t.database.db, { statut: 'ANNULEE' });
    const res = await bulk({ ids: [a.id, b.id], status: 'ANNULEE', note: 'Contrat résilié' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { count: 2 }, message: ASSIGNMENT_MESSAGES.bulkStatusUpdated(2) });
    expect([await statutOf(a.id), await statutOf(b.id)]).toEqual(['ANNULEE', 'ANNULEE']);
    expect([await historyRows(a.id), await historyRows(b.id)]).toEqual([1, 1]);
    expect((await bulk({ ids: [c.id], status: 'ANNULEE' })).json().data.count).toBe(0);
  });

  it('one refused move refuses the whole batch (422 naming it), writing nothing', async () => {
    const ok = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    const refused = await createIntervention(t.database.db, { statut: 'PLANIFIEE' });
    const res = await bulk({ ids: [ok.id, refused.id], status: 'TERMINEE' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain(`Intervention #${refused.id}`);
    expect(await statutOf(ok.id)).toBe('EN_COURS');
    expect(await historyRows(ok.id)).toBe(0);
    expect((await bulk({ ids: [ok.id], status: 'FINI' })).statusCode).toBe(400);
  });
});
