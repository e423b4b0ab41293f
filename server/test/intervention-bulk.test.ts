import { BULK_MESSAGES as M } from '@gmao/domain/interventions/bulk-schemas';
import { LIFECYCLE_MESSAGES } from '@gmao/domain/interventions/lifecycle-schemas';
import { ASSIGNMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { POLICY_MESSAGES } from '@gmao/domain/interventions/policy';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const edit = (payload: unknown, token = admin) =>
  t.as(token, { method: 'PUT', url: '/api/interventions/bulk', payload: payload as object });
const trash = (payload: unknown, token = admin) =>
  t.as(token, { method: 'DELETE', url: '/api/interventions/bulk', payload: payload as object });

type State = {
  id: number;
  statut: string;
  urgence: boolean;
  date: string;
  technician_id: number | null;
  deleted: boolean;
  history: number;
  audits: number;
};
/** Everything a bulk call may change on these interventions, to compare before and after. */
const states = async (ids: number[]) =>
  (
    await t.database.db.execute<State>(
      sql`SELECT i.id, i.statut, i.urgence, i.date::text AS date, i.technician_id, i.deleted_at IS NOT NULL AS deleted,
            (SELECT count(*)::int FROM intervention_history h WHERE h.intervention_id = i.id) AS history,
            (SELECT count(*)::int FROM audit_log a WHERE a.entity_type = 'intervention' AND a.entity_id = i.id::text)
              AS audits
          FROM interventions i WHERE i.id IN (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}) ORDER BY i.id`,
    )
  ).rows;
const notes = async (id: number) =>
  (
    await t.database.db.execute<{ note: string }>(
      sql`SELECT note FROM intervention_history WHERE intervention_id = ${id} AND to_statut IS NULL ORDER BY id`,
    )
  ).rows.map((r) => r.note);
const auditActions = async (id: number) =>
  (
    await t.database.db.execute<{ action: string; before: unknown; after: unknown }>(
      sql`SELECT action, before, after FROM audit_log WHERE entity_type = 'intervention' AND entity_id = ${String(id)}
          ORDER BY id`,
    )
  ).rows;
const tokenOf = async (role: string, nom?: string) => {
  const u = await createUser(t.database.db, { role, nom });
  return { user: u, token: (await t.login(u.username, u.password)).token };
};

describe('PUT /interventions/bulk {ids, data}', () => {
  it('changes urgence and date on every id, with a history note and an audit row each; equal values are left alone', async () => {
    const a = await createIntervention(t.database.db, { date: '2026-11-02' });
    const b = await createIntervention(t.database.db, { date: '2026-11-03', urgence: true });
    const res = await edit({ ids: [b.id, a.id, a.id], data: { urgence: true, date: '2026-12-15' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { count: 2, ids: [a.id, b.id] }, message: M.updated(2) });
    expect(await states([a.id, b.id])).toMatchObject([
      { urgence: true, date: '2026-12-15', statut: 'PLANIFIEE' },
      { urgence: true, date: '2026-12-15' },
    ]);
    expect(await notes(a.id)).toEqual(['Modification groupée : urgente non → oui, date 02/11/2026 → 15/12/2026']);
    expect(await notes(b.id)).toEqual(['Modification groupée : date 03/11/2026 → 15/12/2026']);
    expect(await auditActions(a.id)).toEqual([
      {
        action: 'intervention.bulk_update',
        before: { urgence: false, date: '2026-11-02' },
        after: { urgence: true, date: '2026-12-15' },
      },
    ]);

    const again = await edit({ ids: [a.id, b.id], data: { urgence: true } });
    expect(again.json().data).toEqual({ count: 0, ids: [] });
    expect(await notes(a.id)).toHaveLength(1);
  });

  it('moves the statut through the workflow (history and status audit per id) and assigns or unassigns', async () => {
    const tech = await createUser(t.database.db, { nom: 'Karim Alaoui' });
    const a = await createIntervention(t.database.db);
    const b = await createIntervention(t.database.db, { statut: 'EN_PAUSE' });
    const res = await edit({ ids: [a.id, b.id], data: { statut: 'EN_COURS', technicianId: tech.id } });
    expect(res.statusCode).toBe(200);
    expect(await states([a.id, b.id])).toMatchObject([
      { statut: 'EN_COURS', technician_id: tech.id },
      { statut: 'EN_COURS', technician_id: tech.id },
    ]);
    const { rows } = await t.database.db.execute<{ from_statut: string; to_statut: string }>(
      sql`SELECT from_statut, to_statut FROM intervention_history WHERE intervention_id = ${b.id} AND to_statut IS NOT NULL`,
    );
    expect(rows).toEqual([{ from_statut: 'EN_PAUSE', to_statut: 'EN_COURS' }]);
    expect((await auditActions(b.id)).map((r) => r.action)).toEqual([
      'intervention.status',
      'intervention.bulk_update',
    ]);
    expect(await notes(b.id)).toEqual([ASSIGNMENT_MESSAGES.historyAssigned('Karim Alaoui')]);

    const unassigned = await edit({ ids: [a.id, b.id], data: { technicianId: null } });
    expect(unassigned.json().data.count).toBe(2);
    expect(await states([a.id])).toMatchObject([{ technician_id: null }]);
    expect((await notes(a.id)).at(-1)).toBe(ASSIGNMENT_MESSAGES.historyUnassigned('Karim Alaoui'));
  });

  it('all or nothing: a mixed selection changes nothing and lists EVERY failure with its reason (422)', async () => {
    const ok = await createIntervention(t.database.db);
    const done = await createIntervention(t.database.db, { statut: 'TERMINEE' });
    const trashed = await createIntervention(t.database.db, { deletedAt: new Date() });
    const archived = await createIntervention(t.database.db, { statut: 'ANNULEE', archivedAt: new Date() });
    const ids = [ok.id, done.id, trashed.id, archived.id];
    const before = await states(ids);
    const res = await edit({ ids: [...ids, 987654321], data: { statut: 'EN_COURS', urgence: true } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, message: M.refused(4, 5) });
    expect(res.json().failed).toEqual([
      { id: done.id, reason: WORKFLOW_MESSAGES.transitionRefused('TERMINEE', 'EN_COURS') },
      { id: trashed.id, reason: M.notFound },
      { id: archived.id, reason: M.notFound },
      { id: 987654321, reason: M.notFound },
    ]);
    expect(await states(ids)).toEqual(before);
  });

  it('applies the access policy to each id: 403 when only rights fail, with the refused ids', async () => {
    const me = await tokenOf('Technicien');
    const other = await tokenOf('Technicien');
    const mine = await createIntervention(t.database.db, { creerPar: me.user.id });
    const theirs = await createIntervention(t.database.db, { creerPar: other.user.id });
    const free = await createIntervention(t.database.db, { creerPar: other.user.id });
    const before = await states([mine.id, theirs.id, free.id]);

    const refused = await edit({ ids: [mine.id, theirs.id], data: { urgence: true } }, me.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().failed).toEqual([{ id: theirs.id, reason: POLICY_MESSAGES.notInvolved }]);
    const mixed = await edit({ ids: [theirs.id, 987654321], data: { urgence: true } }, me.token);
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().failed).toHaveLength(2);
    // Assigning someone else needs interventions:assign, on every intervention.
    const assign = await edit({ ids: [mine.id], data: { technicianId: other.user.id } }, me.token);
    expect(assign.statusCode).toBe(403);
    expect(assign.json().failed).toEqual([{ id: mine.id, reason: POLICY_MESSAGES.assignRequired }]);
    expect(await states([mine.id, theirs.id, free.id])).toEqual(before);

    // …but a technician may take for himself interventions nobody holds, and edit his own.
    const taken = await edit({ ids: [mine.id, free.id], data: { technicianId: me.user.id } }, me.token);
    expect(taken.statusCode).toBe(200);
    expect((await edit({ ids: [mine.id, free.id], data: { urgence: true } }, me.token)).statusCode).toBe(200);

    const reader = await tokenOf('Consultation');
    expect((await edit({ ids: [mine.id], data: { urgence: false } }, reader.token)).statusCode).toBe(403);
    const responsable = await tokenOf('Responsable');
    const all = await edit({ ids: [mine.id, theirs.id], data: { technicianId: other.user.id } }, responsable.token);
    expect(all.json().data.count).toBe(2);
  });

  it('validates the body: allowed fields only (400 naming the others), something to change, 1 to 500 ids', async () => {
    const i = await createIntervention(t.database.db);
    const before = await states([i.id]);
    const cases: [unknown, string][] = [
      [
        { ids: [i.id], data: { description: 'x', equipement_id: 3 } },
        M.fieldNotAllowed(['description', 'equipement_id']),
      ],
      [{ ids: [i.id], data: {} }, M.nothingToChange],
      [{ ids: [i.id] }, M.dataRequired],
      [{ ids: [], data: { urgence: true } }, ASSIGNMENT_MESSAGES.idsRequired],
      [{ ids: Array.from({ length: 501 }, (_, n) => n + 1), data: { urgence: true } }, ASSIGNMENT_MESSAGES.idsMax],
    ];
    for (const [payload, message] of cases) {
      const res = await edit(payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message, message).toBe(message);
    }
    expect((await edit({ ids: [i.id], data: { statut: 'FINI' } })).statusCode).toBe(400);
    expect((await edit({ ids: [i.id], data: { date: '2026-02-30' } })).statusCode).toBe(400);
    const ghost = await edit({ ids: [i.id], data: { technicianId: 987654321 } });
    expect(ghost.statusCode).toBe(422);
    expect(ghost.json().message).toBe(ASSIGNMENT_MESSAGES.technicianNotFound);
    expect(await states([i.id])).toEqual(before);
  });
});

describe('DELETE /interventions/bulk {ids}', () => {
  it('moves every id to the Corbeille, with the history note and audit row of a single trash', async () => {
    const tag = `bulk-trash-${Date.now()}`;
    const a = await createIntervention(t.database.db, { description: tag });
    const b = await createIntervention(t.database.db, { description: tag, statut: 'TERMINEE', archivedAt: new Date() });
    const res = await trash({ ids: [a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { count: 2, ids: [a.id, b.id] }, message: M.trashed(2) });
    const inTrash = await t.as(admin, { method: 'GET', url: `/api/interventions?scope=deleted&search=${tag}` });
    expect(inTrash.json().pagination.total).toBe(2);
    expect(await notes(a.id)).toEqual([LIFECYCLE_MESSAGES.historySoftDeleted]);
    expect((await auditActions(b.id)).map((r) => r.action)).toEqual(['intervention.trash']);
    // Restored one by one, as usual.
    expect((await t.as(admin, { method: 'PUT', url: `/api/interventions/${a.id}/restore` })).statusCode).toBe(200);
  });

  it('all or nothing: a running timer, an intervention already in the Corbeille or a missing id refuse the lot', async () => {
    const ok = await createIntervention(t.database.db);
    const running = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    const gone = await createIntervention(t.database.db, { deletedAt: new Date() });
    await t.as(admin, { method: 'POST', url: `/api/interventions/${running.id}/timer/start` });
    const before = await states([ok.id, running.id, gone.id]);
    const res = await trash({ ids: [gone.id, running.id, ok.id, 987654321] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(M.refused(3, 4));
    expect(res.json().failed).toEqual([
      { id: running.id, reason: LIFECYCLE_MESSAGES.runningTimer },
      { id: gone.id, reason: LIFECYCLE_MESSAGES.alreadyDeleted },
      { id: 987654321, reason: M.notFound },
    ]);
    expect(await states([ok.id, running.id, gone.id])).toEqual(before);
  });

  it('needs interventions:delete, and a JSON body with ids', async () => {
    const i = await createIntervention(t.database.db);
    const tech = await tokenOf('Technicien');
    expect((await trash({ ids: [i.id] }, tech.token)).statusCode).toBe(403);
    expect((await t.as(admin, { method: 'DELETE', url: '/api/interventions/bulk' })).statusCode).toBe(400);
    expect((await trash({ ids: [] })).json().message).toBe(ASSIGNMENT_MESSAGES.idsRequired);
    expect((await states([i.id]))[0]?.deleted).toBe(false);
    const responsable = await tokenOf('Responsable');
    expect((await trash({ ids: [i.id] }, responsable.token)).statusCode).toBe(200);
  });
});

describe('versions', () => {
  it('a bulk edit and a bulk trash raise the version of each intervention they change, once', async () => {
    const a = await createIntervention(t.database.db, { urgence: false });
    const b = await createIntervention(t.database.db, { urgence: false });
    const version = async (id: number) =>
      (await t.database.db.execute<{ version: number }>(sql`SELECT version FROM interventions WHERE id = ${id}`))
        .rows[0]?.version;
    const before = [await version(a.id), await version(b.id)];
    const edit = await t.as(admin, {
      method: 'PUT',
      url: '/api/interventions/bulk',
      payload: { ids: [a.id, b.id], data: { urgence: true } },
    });
    expect(edit.statusCode).toBe(200);
    expect([await version(a.id), await version(b.id)]).toEqual(before.map((v) => (v ?? 0) + 1));
    const trash = await t.as(admin, { method: 'DELETE', url: '/api/interventions/bulk', payload: { ids: [a.id] } });
    expect(trash.statusCode).toBe(200);
    expect(await version(a.id)).toBe((before[0] ?? 0) + 2);
  });
});
