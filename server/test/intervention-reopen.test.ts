import { REVIEW_MESSAGES } from '@gmao/domain/interventions/review-schemas';
import { REOPEN_MESSAGES } from '@gmao/domain/interventions/workflow';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';

/**
 * Issue 30 item 1: reopening a finished intervention needs a motif, an approved one an approver; the review history
 * and timestamps are kept; the toast's undo restores exactly what was there; a technician's change to a submitted or
 * approved record sends it back to review.
 */
let t: TestApp;
let tech: { id: number; token: string };
let boss: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const u = await createUser(t.database.db, { nom: 'Tarik Technicien', role: 'Technicien' });
  tech = { id: u.id, token: (await t.login(u.username, u.password)).token };
  const r = await createUser(t.database.db, { nom: 'Rachid Responsable', role: 'Responsable' });
  boss = { id: r.id, token: (await t.login(r.username, r.password)).token };
});
afterAll(() => t.close());

const put = (token: string, url: string, payload: object) => t.as(token, { method: 'PUT', url, payload });
const status = (token: string, id: number, payload: object) => put(token, `/api/interventions/${id}/status`, payload);
const review = (token: string, id: number, s: string, payload: object = {}) =>
  t.as(token, { method: 'POST', url: `/api/interventions/${id}/review/${s}`, payload });

/** The state a reopening must keep or restore: status, timestamps to the microsecond, the review row. */
async function state(id: number) {
  const { rows } = await t.database.db.execute<{
    statut: string;
    started_at: string | null;
    completed_at: string | null;
    review: string | null;
  }>(sql`SELECT i.statut, i.started_at::text AS started_at, i.completed_at::text AS completed_at,
           (SELECT row(r.*)::text FROM intervention_reviews r WHERE r.intervention_id = i.id) AS review
         FROM interventions i WHERE i.id = ${id}`);
  return rows[0];
}
async function moves(id: number) {
  const { rows } = await t.database.db.execute<{ move: string; note: string | null }>(
    sql`SELECT from_statut || '→' || to_statut AS move, note FROM intervention_history
        WHERE intervention_id = ${id} AND to_statut IS NOT NULL AND from_statut IS NOT NULL ORDER BY created_at, id`,
  );
  return rows;
}
async function notificationsOf(userId: number, id: number) {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND intervention_id = ${id}`,
  );
  return rows[0]?.n ?? 0;
}

/** Finished by the technician through the API (real started/completed times), then submitted and maybe approved. */
async function finishedJob(opts: { approved?: boolean; submitted?: boolean } = {}) {
  const i = await createIntervention(t.database.db, { technicianId: tech.id, creerPar: boss.id });
  expect((await status(tech.token, i.id, { statut: 'EN_COURS' })).statusCode).toBe(200);
  expect((await status(tech.token, i.id, { statut: 'TERMINEE' })).statusCode).toBe(200);
  if (opts.submitted || opts.approved) expect((await review(tech.token, i.id, 'submit')).statusCode).toBe(200);
  if (opts.approved) expect((await review(boss.token, i.id, 'approve')).statusCode).toBe(200);
  return i.id;
}

describe('reopening a finished intervention, behind every door', () => {
  it('without a motif is a 400 naming the motif (status, PUT /:id, bulk status, bulk edit, sync): nothing changes', async () => {
    const id = await finishedJob({ submitted: true });
    const before = await state(id);
    const answers = [
      await status(tech.token, id, { statut: 'PLANIFIEE' }),
      await status(tech.token, id, { statut: 'PLANIFIEE', motif: '   ' }),
      await put(tech.token, `/api/interventions/${id}`, { statut: 'PLANIFIEE' }),
      await put(tech.token, '/api/interventions/bulk/status', { ids: [id], status: 'PLANIFIEE' }),
      await put(tech.token, '/api/interventions/bulk', { ids: [id], data: { statut: 'PLANIFIEE' } }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: REOPEN_MESSAGES.motifRequired });
    }
    expect(answers[0]?.json().details).toEqual([{ field: 'motif', msg: REOPEN_MESSAGES.motifRequired }]);
    const version = (await t.as(tech.token, { method: 'GET', url: `/api/interventions/${id}` })).json().data.version;
    const synced = await t.as(tech.token, {
      method: 'POST',
      url: `/api/interventions/${id}/sync`,
      payload: {
        baseVersion: version,
        changes: [{ clientId: 'c1', at: new Date().toISOString(), type: 'status', payload: { statut: 'PLANIFIEE' } }],
      },
    });
    expect(synced.statusCode).toBe(200);
    expect(synced.json().data.conflicts).toEqual([{ clientId: 'c1', reason: REOPEN_MESSAGES.motifRequired }]);
    expect(await state(id)).toEqual(before);
  });

  it('an approved one by a user who may not approve is a 403 with the French reason, even with a motif', async () => {
    const id = await finishedJob({ approved: true });
    const before = await state(id);
    const answers = [
      await status(tech.token, id, { statut: 'PLANIFIEE', motif: 'Fuite revue' }),
      await put(tech.token, `/api/interventions/${id}`, { statut: 'PLANIFIEE', motif: 'Fuite revue' }),
      await put(tech.token, '/api/interventions/bulk/status', { ids: [id], status: 'PLANIFIEE', motif: 'Fuite' }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, message: REOPEN_MESSAGES.approvedRefused });
    }
    expect(await state(id)).toEqual(before);
  });

  it('by an approver with a motif: reopened, the motif in history and audit, the past approval kept', async () => {
    const id = await finishedJob({ approved: true });
    const approvedAt = (await t.as(boss.token, { method: 'GET', url: `/api/interventions/${id}/review` })).json().data
      .reviewedAt;
    const before = await state(id);
    const res = await status(boss.token, id, { statut: 'PLANIFIEE', motif: 'Fuite constatée par le client' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ statut: 'PLANIFIEE', reviewStatus: null });
    const after = await state(id);
    expect(after).toMatchObject({ statut: 'PLANIFIEE', completed_at: null, review: null });
    expect(after?.started_at).toBe(before?.started_at);
    expect((await moves(id)).at(-1)).toEqual({
      move: 'TERMINEE→PLANIFIEE',
      note: REOPEN_MESSAGES.historyNote('Fuite constatée par le client', null),
    });
    // The review history: nothing current, the approval superseded by the reopening, its dates intact.
    const history = await t.as(tech.token, { method: 'GET', url: `/api/interventions/${id}/review/history` });
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toMatchObject({
      current: null,
      superseded: [
        {
          status: 'APPROUVEE',
          submittedBy: { id: tech.id },
          reviewedBy: { id: boss.id, nom: 'Rachid Responsable' },
          reviewedAt: approvedAt,
          supersededBy: { id: boss.id },
          supersededMotif: 'Fuite constatée par le client',
        },
      ],
    });
    const notes = (await t.as(boss.token, { method: 'GET', url: `/api/interventions/${id}/workflow/history` }))
      .json()
      .data.map((h: { note: string | null }) => h.note);
    expect(notes).toContain(REVIEW_MESSAGES.historyApproved);
    const { rows } = await t.database.db.execute<{ after: { motif?: string } }>(
      sql`SELECT after FROM audit_log WHERE action = 'intervention.status' AND entity_id = ${String(id)}
          ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]?.after.motif).toBe('Fuite constatée par le client');
  });

  it("the toast's undo restores the completion time and the approval exactly, no fake move, no new notification", async () => {
    // (the reopening's notification, still unread, is withdrawn: the move it announced did not stick)
    const id = await finishedJob({ approved: true });
    const before = await state(id);
    const movesBefore = await moves(id);
    const techNotes = await notificationsOf(tech.id, id);
    expect((await status(boss.token, id, { statut: 'PLANIFIEE', motif: 'Erreur de saisie' })).statusCode).toBe(200);
    expect(await notificationsOf(tech.id, id)).toBe(techNotes + 1);
    const undo = await t.as(boss.token, { method: 'POST', url: `/api/interventions/${id}/status/undo` });
    expect(undo.statusCode).toBe(200);
    expect(undo.json().data).toMatchObject({ statut: 'TERMINEE', reviewStatus: 'APPROUVEE' });
    expect(await state(id)).toEqual(before);
    expect(await moves(id)).toEqual(movesBefore);
    expect(await notificationsOf(tech.id, id)).toBe(techNotes);
    const history = await t.as(tech.token, { method: 'GET', url: `/api/interventions/${id}/review/history` });
    expect(history.json().data).toMatchObject({ current: { status: 'APPROUVEE' }, superseded: [] });
  });

  it('a finished, not submitted one: the technician reopens it with a motif', async () => {
    const id = await finishedJob();
    const res = await status(tech.token, id, { statut: 'PLANIFIEE', motif: 'Pièce mal serrée' });
    expect(res.statusCode).toBe(200);
    expect((await state(id))?.statut).toBe('PLANIFIEE');
  });
});

describe('a submitted or approved record changed by the technician goes back to review', () => {
  it('approved: his checklist change is accepted, the review returns to SOUMISE, the answer says so', async () => {
    const id = await finishedJob({ approved: true });
    const res = await t.as(tech.token, {
      method: 'POST',
      url: `/api/interventions/${id}/checklist`,
      payload: { label: 'Contrôle supplémentaire' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(REVIEW_MESSAGES.backToReview);
    const history = (await t.as(tech.token, { method: 'GET', url: `/api/interventions/${id}/review/history` })).json()
      .data;
    expect(history).toMatchObject({
      current: { status: 'SOUMISE', submittedBy: { id: tech.id } },
      superseded: [{ status: 'APPROUVEE', reviewedBy: { id: boss.id } }],
    });
    const material = await t.as(tech.token, {
      method: 'POST',
      url: `/api/interventions/${id}/materials`,
      payload: { designation: 'Joint', quantite: '1', prixUnitaire: '10' },
    });
    expect(material.statusCode).toBe(201);
    expect(material.json().message).toBe(REVIEW_MESSAGES.backToReview);
  });

  it("an offline device's material (sync batch) sends it back to review the same way", async () => {
    const id = await finishedJob({ approved: true });
    const version = (await t.as(tech.token, { method: 'GET', url: `/api/interventions/${id}` })).json().data.version;
    const synced = await t.as(tech.token, {
      method: 'POST',
      url: `/api/interventions/${id}/sync`,
      payload: {
        baseVersion: version,
        changes: [
          {
            clientId: 'm1',
            at: new Date().toISOString(),
            type: 'material',
            payload: { designation: 'Courroie', quantite: '1', prixUnitaire: '80' },
          },
        ],
      },
    });
    expect(synced.statusCode).toBe(200);
    expect(synced.json().data).toMatchObject({
      applied: ['m1'],
      conflicts: [],
      intervention: { reviewStatus: 'SOUMISE' },
    });
  });

  it('a holder of interventions:approve is not held by the lock', async () => {
    const id = await finishedJob({ approved: true });
    const res = await t.as(boss.token, {
      method: 'POST',
      url: `/api/interventions/${id}/checklist`,
      payload: { label: 'Contrôle du responsable' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).not.toBe(REVIEW_MESSAGES.backToReview);
    expect((await state(id))?.review).toContain('APPROUVEE');
  });
});
