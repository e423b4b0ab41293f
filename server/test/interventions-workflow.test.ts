import { STATUT_LABELS, STATUTS, type Statut } from '@gmao/domain/interventions/status';
import { canTransition } from '@gmao/domain/interventions/workflow';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createOpenPartRequest } from './helpers/factories.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

// Leaving TERMINEE needs a motif (issue 30, server/test/intervention-reopen.test.ts): these walks give one.
const setStatus = (id: number, statut: string, note?: string) =>
  t.as(admin, {
    method: 'PUT',
    url: `/api/interventions/${id}/status`,
    payload: { statut, note, motif: 'Réouverture de test' },
  });
const history = async (id: number) =>
  (await t.as(admin, { method: 'GET', url: `/api/interventions/${id}/workflow/history` })).json().data as {
    fromStatut: string | null;
    toStatut: string | null;
    note: string | null;
  }[];
const workflow = async (id: number) =>
  (await t.as(admin, { method: 'GET', url: `/api/interventions/${id}/workflow` })).json().data;
const historyCount = async (id: number) =>
  (
    await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM intervention_history WHERE intervention_id = ${id}`,
    )
  ).rows[0].n;

describe('PUT /api/interventions/:id/status', () => {
  it('walks the spec buttons: start, pause, resume, finish — stamps and one history row per change', async () => {
    const i = await createIntervention(t.database.db);
    const started = await setStatus(i.id, 'EN_COURS', 'Arrivée sur site');
    expect(started.statusCode).toBe(200);
    expect(started.json().message).toBe('Statut mis à jour avec succès');
    const startedAt = started.json().data.startedAt;
    expect(startedAt).not.toBeNull();
    expect((await setStatus(i.id, 'EN_PAUSE')).statusCode).toBe(200);
    const resumed = (await setStatus(i.id, 'EN_COURS')).json().data;
    expect(resumed.startedAt).toBe(startedAt); // only the first EN_COURS stamps it
    const done = (await setStatus(i.id, 'TERMINEE')).json().data;
    expect(done.completedAt).not.toBeNull();
    const steps = (await history(i.id)).map((h) => [h.fromStatut, h.toStatut]);
    expect(steps).toEqual([
      ['PLANIFIEE', 'EN_COURS'],
      ['EN_COURS', 'EN_PAUSE'],
      ['EN_PAUSE', 'EN_COURS'],
      ['EN_COURS', 'TERMINEE'],
    ]);
    expect((await history(i.id))[0].note).toBe('Arrivée sur site');
    // reopening (cycle: any other → PLANIFIEE) clears completedAt
    const reopened = (await setStatus(i.id, 'PLANIFIEE')).json().data;
    expect(reopened.completedAt).toBeNull();
  });

  it('refuses every pair outside the table with 422 naming both statuses, writing nothing', async () => {
    const refused = STATUTS.flatMap((from) => STATUTS.map((to) => [from, to] as [Statut, Statut])).filter(
      ([from, to]) => !canTransition(from, to),
    );
    expect(refused).toHaveLength(30);
    for (const [from, to] of refused) {
      const i = await createIntervention(t.database.db, { statut: from });
      const res = await setStatus(i.id, to);
      expect(res.statusCode, `${from} → ${to}`).toBe(422);
      expect(res.json().message).toContain(`« ${STATUT_LABELS[from]} »`);
      expect(res.json().message).toContain(`« ${STATUT_LABELS[to]} »`);
      const [row] = (
        await t.database.db.execute<{ statut: string }>(sql`SELECT statut FROM interventions WHERE id = ${i.id}`)
      ).rows;
      expect(row.statut).toBe(from);
      expect(await historyCount(i.id)).toBe(0);
    }
  });

  it('accepts every allowed pair', async () => {
    for (const from of STATUTS) {
      for (const to of STATUTS.filter((s) => canTransition(from, s))) {
        const i = await createIntervention(t.database.db, { statut: from });
        if (to === 'EN_ATTENTE_PDR') await createOpenPartRequest(t.database.db, i.id);
        expect((await setStatus(i.id, to)).statusCode, `${from} → ${to}`).toBe(200);
        expect(await historyCount(i.id)).toBe(1);
      }
    }
  });

  it('answers 404 for an unknown intervention and 400 for an unknown status', async () => {
    expect((await setStatus(999999, 'EN_COURS')).statusCode).toBe(404);
    const i = await createIntervention(t.database.db);
    expect((await setStatus(i.id, 'FINI')).statusCode).toBe(400);
  });

  it('two concurrent changes on one intervention leave a consistent history chain', async () => {
    for (let round = 0; round < 5; round++) {
      const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
      // both are allowed from EN_COURS; after either, the other is allowed or refused by the table
      const results = await Promise.all([setStatus(i.id, 'EN_PAUSE'), setStatus(i.id, 'ECHEC')]);
      const codes = results.map((r) => r.statusCode).sort();
      const rows = await history(i.id);
      const [current] = (
        await t.database.db.execute<{ statut: string }>(sql`SELECT statut FROM interventions WHERE id = ${i.id}`)
      ).rows;
      expect(rows.length).toBe(codes.filter((c) => c === 200).length);
      expect(rows[0].fromStatut).toBe('EN_COURS');
      for (let k = 1; k < rows.length; k++) expect(rows[k].fromStatut).toBe(rows[k - 1].toStatut);
      expect(rows[rows.length - 1].toStatut).toBe(current.statut);
    }
  });

  it('two concurrent identical starts: one wins, the other is refused, one history row', async () => {
    const i = await createIntervention(t.database.db);
    const results = await Promise.all([setStatus(i.id, 'EN_COURS'), setStatus(i.id, 'EN_COURS')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await history(i.id)).toHaveLength(1);
  });
});

describe('workflow view, history and notes', () => {
  it('derives phases, next actions and available actions from the status and history', async () => {
    const i = await createIntervention(t.database.db, { urgence: true });
    let wf = await workflow(i.id);
    expect(wf.statut).toBe('PLANIFIEE');
    expect(Object.values(wf.phases).map((p) => (p as { completed: boolean }).completed)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(wf.nextActions[0]).toMatch(/urgente/);
    expect(wf.availableActions.filter((a: { primary: boolean }) => a.primary)).toEqual([
      { statut: 'EN_COURS', label: 'Démarrer', primary: true },
    ]);
    await setStatus(i.id, 'EN_COURS');
    await setStatus(i.id, 'EN_PAUSE');
    wf = await workflow(i.id);
    expect(wf.phases.planification.completed).toBe(true);
    expect(wf.phases.preparation.completed).toBe(true);
    expect(wf.phases.execution.completed).toBe(false);
    expect(wf.phases.planification.completedAt).not.toBeNull();
    expect(wf.pauseCount).toBe(1);
    expect(
      wf.availableActions.filter((a: { primary: boolean }) => a.primary).map((a: { label: string }) => a.label),
    ).toEqual(['Reprendre']);
    await setStatus(i.id, 'EN_COURS');
    await setStatus(i.id, 'TERMINEE');
    wf = await workflow(i.id);
    expect(Object.values(wf.phases).every((p) => (p as { completed: boolean }).completed)).toBe(true);
    expect(wf.availableActions).toEqual([]);
    expect(wf.allowedTransitions).toEqual(['PLANIFIEE']);
  });

  it('adds a note to the history and validates it', async () => {
    const i = await createIntervention(t.database.db);
    const res = await t.as(admin, {
      method: 'POST',
      url: `/api/interventions/${i.id}/workflow/notes`,
      payload: { note: 'Pièce commandée chez le fournisseur' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      fromStatut: null,
      toStatut: null,
      note: 'Pièce commandée chez le fournisseur',
      user: { nom: 'Administrateur' },
    });
    expect((await history(i.id)).map((h) => h.note)).toEqual(['Pièce commandée chez le fournisseur']);
    const empty = await t.as(admin, {
      method: 'POST',
      url: `/api/interventions/${i.id}/workflow/notes`,
      payload: { note: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('La note est requise');
    expect((await t.as(admin, { method: 'GET', url: '/api/interventions/999999/workflow' })).statusCode).toBe(404);
  });
});

describe('the three doors of a status change', () => {
  const DOORS = {
    'PUT /:id/status': (id: number) =>
      t.as(admin, {
        method: 'PUT',
        url: `/api/interventions/${id}/status`,
        payload: { statut: 'EN_PAUSE', note: 'Attente client' },
      }),
    'PUT /:id': (id: number) =>
      t.as(admin, {
        method: 'PUT',
        url: `/api/interventions/${id}`,
        payload: { statut: 'EN_PAUSE', note: 'Attente client', description: 'Remplacement du disjoncteur' },
      }),
    'PUT /bulk/status': (id: number) =>
      t.as(admin, {
        method: 'PUT',
        url: '/api/interventions/bulk/status',
        payload: { ids: [id], status: 'EN_PAUSE', note: 'Attente client' },
      }),
  };

  it.each(Object.keys(DOORS) as (keyof typeof DOORS)[])(
    '%s: one history row, one audit row, running timers stopped, timestamps kept',
    async (door) => {
      const i = await createIntervention(t.database.db, {
        statut: 'EN_COURS',
        startedAt: new Date('2026-01-05T08:00:00Z'),
      });
      expect((await t.as(admin, { method: 'POST', url: `/api/interventions/${i.id}/timer/start` })).statusCode).toBe(
        200,
      );
      expect((await DOORS[door](i.id)).statusCode).toBe(200);
      const { rows } = await t.database.db.execute<{
        statut: string;
        started_at: Date | string;
        history: number;
        audits: number;
        running: number;
      }>(sql`SELECT i.statut, i.started_at,
          (SELECT count(*)::int FROM intervention_history h WHERE h.intervention_id = i.id
             AND h.from_statut = 'EN_COURS' AND h.to_statut = 'EN_PAUSE' AND h.note = 'Attente client') AS history,
          (SELECT count(*)::int FROM audit_log a WHERE a.action = 'intervention.status' AND a.entity_id = i.id::text) AS audits,
          (SELECT count(*)::int FROM intervention_timer_sessions s WHERE s.intervention_id = i.id AND s.stopped_at IS NULL) AS running
        FROM interventions i WHERE i.id = ${i.id}`);
      expect(rows[0]).toMatchObject({ statut: 'EN_PAUSE', history: 1, audits: 1, running: 0 });
      expect(new Date(rows[0].started_at).toISOString()).toBe('2026-01-05T08:00:00.000Z');
    },
  );

  it('PUT /:id writes the edited fields and the status in one statement, and refuses both on a refused move', async () => {
    const i = await createIntervention(t.database.db, { statut: 'PLANIFIEE', description: 'Avant' });
    const refused = await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${i.id}`,
      payload: { statut: 'TERMINEE', description: 'Après' },
    });
    expect(refused.statusCode).toBe(422);
    const unchanged = (await t.as(admin, { method: 'GET', url: `/api/interventions/${i.id}` })).json().data;
    expect(unchanged).toMatchObject({ statut: 'PLANIFIEE', description: 'Avant' });
    const moved = await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${i.id}`,
      payload: { statut: 'EN_COURS', description: 'Après', urgence: true },
    });
    expect(moved.json().data).toMatchObject({ statut: 'EN_COURS', description: 'Après', urgence: true });
    expect(moved.json().data.startedAt).not.toBeNull();
  });
});
