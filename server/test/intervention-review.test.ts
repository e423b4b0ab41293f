import { REVIEW_MESSAGES } from '@gmao/domain/interventions/review-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';

let t: TestApp;
let admin: string;
let tech: { id: number; token: string };
let boss: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const u = await createUser(t.database.db, { nom: 'Tarik Technicien' });
  tech = { id: u.id, token: (await t.login(u.username, u.password)).token };
  const r = await createUser(t.database.db, { nom: 'Rachid Responsable', role: 'Responsable' });
  boss = { id: r.id, token: (await t.login(r.username, r.password)).token };
});
afterAll(() => t.close());

/** Work assigned to the technician, who submits it (domain/src/interventions/policy.ts). */
const techJob = (overrides: Parameters<typeof createIntervention>[1]) =>
  createIntervention(t.database.db, { technicianId: tech.id, ...overrides });
const step = (id: number, s: string, token: string, payload: object = {}) =>
  t.as(token, { method: 'POST', url: `/api/interventions/${id}/review/${s}`, payload });
const history = async (id: number) =>
  (await t.as(admin, { method: 'GET', url: `/api/interventions/${id}/workflow/history` })).json().data as {
    note: string;
  }[];

describe('review sub-flow', () => {
  it('submit (update) then approve (approve permission), each with a history note', async () => {
    const i = await techJob({ statut: 'TERMINEE' });
    const s = await step(i.id, 'submit', tech.token, { comment: 'Travaux finis' });
    expect(s.statusCode).toBe(200);
    expect(s.json()).toMatchObject({
      message: REVIEW_MESSAGES.submitted,
      data: { status: 'SOUMISE', comment: 'Travaux finis', submittedBy: { id: tech.id } },
    });
    expect((await step(i.id, 'approve', tech.token)).statusCode).toBe(403);
    const a = await step(i.id, 'approve', boss.token);
    expect(a.statusCode).toBe(200);
    expect(a.json().data).toMatchObject({
      status: 'APPROUVEE',
      reviewedBy: { id: boss.id, nom: 'Rachid Responsable' },
    });
    const got = await t.as(tech.token, { method: 'GET', url: `/api/interventions/${i.id}/review` });
    expect(got.json().data.status).toBe('APPROUVEE');
    expect((await history(i.id)).map((h) => h.note)).toEqual([
      'Soumise pour validation : Travaux finis',
      'Validation approuvée',
    ]);
    const again = await step(i.id, 'submit', tech.token);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(REVIEW_MESSAGES.alreadyApproved);
  });

  it('reject needs a reason, shows it, and may be submitted again', async () => {
    const i = await techJob({ statut: 'TERMINEE' });
    expect((await step(i.id, 'submit', tech.token)).statusCode).toBe(200);
    const noReason = await step(i.id, 'reject', boss.token, { reason: '  ' });
    expect(noReason.statusCode).toBeGreaterThanOrEqual(400);
    expect(noReason.body).toContain(REVIEW_MESSAGES.reasonRequired);
    const r = await step(i.id, 'reject', boss.token, { reason: 'Photos manquantes' });
    expect(r.json()).toMatchObject({
      message: REVIEW_MESSAGES.rejected,
      data: { status: 'REJETEE', reason: 'Photos manquantes' },
    });
    expect((await history(i.id)).at(-1)?.note).toBe('Validation rejetée : Photos manquantes');
    const intervention = await t.as(admin, { method: 'GET', url: `/api/interventions/${i.id}` });
    expect(intervention.json().data.statut).toBe('TERMINEE');
    const resubmit = await step(i.id, 'submit', tech.token);
    expect(resubmit.json().data).toMatchObject({ status: 'SOUMISE', reason: null, reviewedBy: null });
  });

  it('invalid steps are 422 in French', async () => {
    const open = await techJob({ statut: 'EN_COURS' });
    const s = await step(open.id, 'submit', tech.token);
    expect(s.statusCode).toBe(422);
    expect(s.json().message).toBe(REVIEW_MESSAGES.notFinished);
    const done = await techJob({ statut: 'TERMINEE' });
    const a = await step(done.id, 'approve', boss.token);
    expect(a.statusCode).toBe(422);
    expect(a.json().message).toBe(REVIEW_MESSAGES.notSubmitted);
    await step(done.id, 'submit', tech.token);
    expect((await step(done.id, 'submit', tech.token)).json().message).toBe(REVIEW_MESSAGES.alreadySubmitted);
    expect((await step(999999, 'submit', tech.token)).statusCode).toBe(404);
  });

  it('reopening (TERMINEE → PLANIFIEE, with its motif) ends the current review; the past one is kept (issue 30)', async () => {
    const i = await techJob({ statut: 'TERMINEE' });
    await step(i.id, 'submit', tech.token);
    await step(i.id, 'reject', boss.token, { reason: 'À refaire' });
    const reopen = await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${i.id}/status`,
      payload: { statut: 'PLANIFIEE', motif: 'À refaire' },
    });
    expect(reopen.statusCode).toBe(200);
    expect((await t.as(admin, { method: 'GET', url: `/api/interventions/${i.id}/review` })).json().data).toBeNull();
    const past = await t.as(admin, { method: 'GET', url: `/api/interventions/${i.id}/review/history` });
    expect(past.json().data.superseded).toMatchObject([{ status: 'REJETEE', reason: 'À refaire' }]);
  });

  it('the Responsable role holds interventions:approve', async () => {
    const { rows } = await t.database.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM role_permissions rp JOIN roles r ON r.id = rp.role_id
      JOIN permissions p ON p.id = rp.permission_id
      WHERE r.nom = 'Responsable' AND p.module = 'interventions' AND p.action = 'approve'`);
    expect(rows[0].n).toBe(1);
  });
});

describe('list', () => {
  it('shows the review state and filters review=SOUMISE', async () => {
    const waiting = await techJob({ statut: 'TERMINEE', description: 'Revue liste A' });
    const other = await techJob({ statut: 'TERMINEE', description: 'Revue liste B' });
    await step(waiting.id, 'submit', tech.token);
    const res = await t.as(admin, { method: 'GET', url: '/api/interventions?review=SOUMISE&search=Revue%20liste' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { id: number; reviewStatus: string }) => [r.id, r.reviewStatus])).toEqual([
      [waiting.id, 'SOUMISE'],
    ]);
    expect(res.json().pagination.total).toBe(1);
    const all = await t.as(admin, { method: 'GET', url: '/api/interventions?search=Revue%20liste' });
    const byId = Object.fromEntries(
      all.json().data.map((r: { id: number; reviewStatus: string }) => [r.id, r.reviewStatus]),
    );
    expect(byId[other.id]).toBeNull();
  });
});
