import { CHECKLIST_MESSAGES } from '@gmao/domain/interventions/checklist-schemas';
import { MATERIAL_MESSAGES } from '@gmao/domain/interventions/messages';
import { SYNC_MESSAGES } from '@gmao/domain/interventions/sync-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/app.ts';
import { type Actor, ago, HOUR, useSyncFixtures } from './helpers/sync-fixtures.ts';

/**
 * POST /interventions/:id/sync (ARCHITECTURE.md "Versions and sync"): a device's batch applied in order through the
 * single routes' code paths, conflicts listed with their reason, idempotent on clientId. The batches refused as a whole
 * (a base version never issued, rights, validation) are in intervention-sync-refusals.test.ts.
 */
const { fixtures, sync, assignedIntervention, version, count } = useSyncFixtures();
let t: TestApp;
let admin: string;
let tech: Actor;
beforeAll(() => {
  ({ t, admin, tech } = fixtures);
});

const history = async (id: number) =>
  (await t.as(admin, { method: 'GET', url: `/api/interventions/${id}/workflow/history` })).json().data as {
    fromStatut: string | null;
    toStatut: string | null;
    note: string | null;
    user: { id: number } | null;
  }[];

describe('POST /interventions/:id/sync', () => {
  it('applies a batch in order through the single routes’ paths, one version step per change, and answers the fresh state', async () => {
    const i = await assignedIntervention();
    const [first, second] = i.items;
    const changes = [
      { clientId: 'a1', type: 'status', payload: { statut: 'EN_COURS', note: 'Arrivé sur site' } },
      { clientId: 'a2', type: 'checklist', payload: { itemId: first?.id, checked: true } },
      { clientId: 'a3', type: 'timer', payload: { startedAt: ago(3 * HOUR), stoppedAt: ago(2 * HOUR) } },
      {
        clientId: 'a4',
        type: 'material',
        payload: { designation: 'Cosse 16 mm²', reference: 'CS16', quantite: '4', prixUnitaire: '3,50' },
      },
      { clientId: 'a5', type: 'note', payload: { note: 'Isolement conforme' } },
      { clientId: 'a6', type: 'checklist', payload: { itemId: second?.id, checked: true } },
      { clientId: 'a7', type: 'status', payload: { statut: 'TERMINEE' } },
    ];
    const res = await sync(i.id, i.version, changes);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(SYNC_MESSAGES.synced(7, 0));
    expect(body.data.applied).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']);
    expect(body.data.conflicts).toEqual([]);
    expect(body.data.intervention).toMatchObject({ id: i.id, statut: 'TERMINEE', version: i.version + 7 });
    expect(await version(i.id)).toBe(i.version + 7);

    // The same trail as the single routes: history in order, ticks by the technician, the timed session, the line.
    const steps = (await history(i.id)).filter((h) => h.user?.id === tech.id);
    expect(steps.map((h) => [h.fromStatut, h.toStatut, h.note])).toEqual([
      ['PLANIFIEE', 'EN_COURS', 'Arrivé sur site'],
      [null, null, 'Isolement conforme'],
      ['EN_COURS', 'TERMINEE', null],
    ]);
    const checklist = (await t.as(admin, { method: 'GET', url: `/api/interventions/${i.id}/checklist` })).json().data;
    expect(checklist).toMatchObject({ done: 2, total: 2 });
    expect(checklist.items[0].checkedBy.id).toBe(tech.id);
    const timer = (await t.as(tech.token, { method: 'GET', url: `/api/interventions/${i.id}/timer/log` })).json().data;
    expect(timer.sessions).toHaveLength(1);
    expect(timer.totalSeconds).toBeGreaterThanOrEqual(3599);
    expect(timer.totalSeconds).toBeLessThanOrEqual(3601);
    const materials = (await t.as(admin, { method: 'GET', url: `/api/interventions/${i.id}/materials` })).json().data;
    expect(materials.total).toBe('14.00');
    const { rows: audits } = await t.database.db.execute<{ action: string; after: { received: number } }>(
      sql`SELECT action, after FROM audit_log WHERE entity_type = 'intervention' AND entity_id = ${String(i.id)} ORDER BY id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['intervention.status', 'intervention.status', 'intervention.sync']);
    expect(audits[2]?.after.received).toBe(7);
  });

  it('merges additive changes made on an old version; a refused status step is a conflict while the others apply', async () => {
    const i = await assignedIntervention();
    const base = i.version;
    // Meanwhile the office cancels the intervention and ticks the first step.
    await t.as(admin, { method: 'PUT', url: `/api/interventions/${i.id}/status`, payload: { statut: 'ANNULEE' } });
    await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${i.id}/checklist/${i.items[0]?.id}`,
      payload: { checked: true },
    });
    const changes = [
      { clientId: 'b1', type: 'status', payload: { statut: 'EN_COURS' } },
      { clientId: 'b2', type: 'note', payload: { note: 'Accès refusé par le gardien' } },
      { clientId: 'b3', type: 'checklist', payload: { itemId: i.items[1]?.id, checked: true } },
      { clientId: 'b4', type: 'material', payload: { designation: 'Fusible', quantite: '1', prixUnitaire: '12' } },
      { clientId: 'b5', type: 'status', payload: { statut: 'EN_PAUSE' } },
    ];
    const res = await sync(i.id, base, changes);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.applied).toEqual(['b2', 'b3']);
    expect(data.conflicts).toEqual([
      { clientId: 'b1', reason: WORKFLOW_MESSAGES.transitionRefused('ANNULEE', 'EN_COURS') },
      { clientId: 'b4', reason: MATERIAL_MESSAGES.cancelled },
      { clientId: 'b5', reason: WORKFLOW_MESSAGES.transitionRefused('ANNULEE', 'EN_PAUSE') },
    ]);
    expect(res.json().message).toBe(SYNC_MESSAGES.synced(2, 3));
    expect(data.intervention).toMatchObject({ statut: 'ANNULEE', version: base + 2 + 2 });
    expect(await count('intervention_materials', i.id)).toBe(0);
    const checklist = (await t.as(admin, { method: 'GET', url: `/api/interventions/${i.id}/checklist` })).json().data;
    expect(checklist.done).toBe(2); // the office's tick and the technician's
  });

  it('a tick on a checklist step deleted meanwhile is a conflict; a status step already done applies and keeps its note', async () => {
    const i = await assignedIntervention();
    const [gone] = i.items;
    await t.as(admin, { method: 'DELETE', url: `/api/interventions/${i.id}/checklist/${gone?.id}` });
    await t.as(admin, { method: 'PUT', url: `/api/interventions/${i.id}/status`, payload: { statut: 'EN_COURS' } });
    const res = await sync(i.id, i.version, [
      { clientId: 'c1', type: 'checklist', payload: { itemId: gone?.id, checked: true } },
      { clientId: 'c2', type: 'status', payload: { statut: 'EN_COURS', note: 'Démarré sur place' } },
      { clientId: 'c3', type: 'status', payload: { statut: 'EN_COURS' } },
    ]);
    expect(res.json().data.conflicts).toEqual([{ clientId: 'c1', reason: CHECKLIST_MESSAGES.itemNotFound }]);
    expect(res.json().data.applied).toEqual(['c2', 'c3']);
    // The note is dated when it was written on the device (an hour ago: before the office's move, issue 32).
    const added = (await history(i.id)).filter((h) => h.user?.id === tech.id);
    expect(added.map((h) => [h.fromStatut, h.toStatut, h.note])).toEqual([[null, null, 'Démarré sur place']]);
  });

  it('is idempotent on clientId: a retried batch applies nothing twice and answers the same', async () => {
    const i = await assignedIntervention();
    const changes = [
      { clientId: 'r1', type: 'note', payload: { note: 'Première note' } },
      { clientId: 'r2', type: 'status', payload: { statut: 'TERMINEE' } }, // refused from PLANIFIEE
      { clientId: 'r3', type: 'material', payload: { designation: 'Câble', quantite: '10', prixUnitaire: '8' } },
    ];
    const first = await sync(i.id, i.version, changes);
    expect(first.statusCode).toBe(200);
    const versionAfter = await version(i.id);
    const notesAfter = await count('intervention_history', i.id);
    const retry = await sync(i.id, i.version, changes);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.applied).toEqual(first.json().data.applied);
    expect(retry.json().data.conflicts).toEqual(first.json().data.conflicts);
    expect(await version(i.id)).toBe(versionAfter);
    expect(await count('intervention_history', i.id)).toBe(notesAfter);
    expect(await count('intervention_materials', i.id)).toBe(1);
    // A batch mixing sent and new changes applies only the new ones, in order.
    const more = await sync(i.id, versionAfter, [
      ...changes,
      { clientId: 'r4', type: 'note', payload: { note: 'Suite' } },
    ]);
    expect(more.json().data.applied).toEqual(['r1', 'r3', 'r4']);
    expect(await version(i.id)).toBe(versionAfter + 1);
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'intervention.sync' AND entity_id = ${String(i.id)}`,
    );
    expect(rows[0]?.n).toBe(2); // the pure retry received nothing new
  });

  it('two devices may use the same clientId on different interventions', async () => {
    const a = await assignedIntervention();
    const b = await assignedIntervention();
    for (const i of [a, b]) {
      const res = await sync(i.id, i.version, [{ clientId: 'same', type: 'note', payload: { note: 'Vu' } }]);
      expect(res.json().data.applied).toEqual(['same']);
    }
  });

  it('timer entries: recorded times kept; an overlap with another session of the user, or a future time, is a conflict', async () => {
    const i = await assignedIntervention('EN_COURS');
    const runningSince = ago(HOUR);
    const res = await sync(i.id, i.version, [
      { clientId: 't1', type: 'timer', payload: { startedAt: ago(5 * HOUR), stoppedAt: ago(4 * HOUR) } },
      { clientId: 't2', type: 'timer', payload: { startedAt: ago(4.5 * HOUR), stoppedAt: ago(3 * HOUR) } },
      { clientId: 't3', type: 'timer', payload: { startedAt: ago(-HOUR), stoppedAt: ago(-2 * HOUR) } },
      { clientId: 't4', type: 'timer', payload: { startedAt: runningSince, stoppedAt: null } },
      { clientId: 't5', type: 'timer', payload: { startedAt: ago(0.5 * HOUR), stoppedAt: null } },
    ]);
    expect(res.json().data.applied).toEqual(['t1', 't4']);
    expect(res.json().data.conflicts).toEqual([
      { clientId: 't2', reason: SYNC_MESSAGES.timerOverlap },
      { clientId: 't3', reason: SYNC_MESSAGES.timerFuture },
      { clientId: 't5', reason: SYNC_MESSAGES.timerOverlap },
    ]);
    const log = (await t.as(tech.token, { method: 'GET', url: `/api/interventions/${i.id}/timer/log` })).json().data;
    expect(log.sessions).toHaveLength(2);
    expect(log.running?.startedAt).toBe(runningSince);
    const stopped = log.sessions.find((s: { stoppedAt: string | null }) => s.stoppedAt !== null);
    expect(stopped.durationSeconds).toBe(3600);
  });

  it('timer entries out of bounds are conflicts: 68 years, over 24 h, before the intervention was created (issue 29)', async () => {
    const i = await assignedIntervention('EN_COURS');
    const YEAR = 365.25 * 24 * HOUR;
    const res = await sync(i.id, i.version, [
      { clientId: 'b1', type: 'timer', payload: { startedAt: ago(68 * YEAR), stoppedAt: ago(HOUR) } },
      { clientId: 'b2', type: 'timer', payload: { startedAt: ago(23 * HOUR), stoppedAt: ago(-0.5 * HOUR) } },
      { clientId: 'b3', type: 'timer', payload: { startedAt: ago(30 * HOUR), stoppedAt: ago(29 * HOUR) } },
      { clientId: 'b4', type: 'timer', payload: { startedAt: ago(2 * HOUR), stoppedAt: null } },
      { clientId: 'b5', type: 'timer', payload: { startedAt: ago(20 * HOUR), stoppedAt: ago(19 * HOUR) } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.applied).toEqual(['b4', 'b5']);
    expect(res.json().data.conflicts).toEqual([
      { clientId: 'b1', reason: SYNC_MESSAGES.timerBeforeCreation },
      { clientId: 'b2', reason: SYNC_MESSAGES.timerFuture },
      { clientId: 'b3', reason: SYNC_MESSAGES.timerBeforeCreation },
    ]);
    // On an intervention created 70 years ago, the same 68 years are refused for their length.
    await t.database.db.execute(
      sql`UPDATE interventions SET created_at = now() - interval '70 years' WHERE id = ${i.id}`,
    );
    const old = await sync(i.id, await version(i.id), [
      { clientId: 'b6', type: 'timer', payload: { startedAt: ago(68 * YEAR), stoppedAt: ago(67 * YEAR) } },
      { clientId: 'b7', type: 'timer', payload: { startedAt: ago(68 * YEAR), stoppedAt: null } },
    ]);
    expect(old.json().data.conflicts).toEqual([
      { clientId: 'b6', reason: SYNC_MESSAGES.timerTooLong },
      { clientId: 'b7', reason: SYNC_MESSAGES.timerTooLong },
    ]);
    expect(await count('intervention_timer_sessions', i.id)).toBe(2);
  });
});
