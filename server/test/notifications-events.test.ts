import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifyNewlyOverdue } from '../src/modules/notifications/alert-notifications.service.ts';
import type { TestApp } from './helpers/app.ts';
import { createIntervention } from './helpers/factories.ts';
import { ids, type Person, recipients, useNotificationFixtures } from './helpers/notification-fixtures.ts';

/**
 * Notifications produced by events (issue 15): each event reaches exactly its recipients, never the actor, never
 * when the change rolls back. Sending, reading, preferences and the stream are in notifications.test.ts.
 */
const { fixtures, since, mark, seededAdminIds } = useNotificationFixtures();
let t: TestApp;
let responsable: Person;
let approver: Person;
let tech1: Person;
let tech2: Person;
let reader: Person;

beforeAll(() => {
  ({ t, responsable, approver, tech1, tech2, reader } = fixtures);
});

describe('events and their recipients', () => {
  it('an urgent intervention created: the responsibles of its section and the administrators, not the creator', async () => {
    const equipment = await createIntervention(t.database.db); // brings an equipment
    const m = await mark();
    const res = await t.as(tech1.token, {
      method: 'POST',
      url: '/api/interventions',
      payload: {
        equipement_id: equipment.equipementId,
        date: '2026-11-20',
        description: 'Disjoncteur HS',
        urgence: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const rows = await since(m);
    const expected = [...new Set([responsable.id, ...(await seededAdminIds())])].sort((a, b) => a - b);
    expect(recipients(rows, 'intervention_urgent')).toEqual(expected);
    expect(rows.every((r) => r.type === 'urgent' && r.intervention_id === res.json().data.id)).toBe(true);
    expect(rows[0]?.message).toContain(`#${res.json().data.id}`);

    // A routine one notifies nobody.
    const m2 = await mark();
    await t.as(tech1.token, {
      method: 'POST',
      url: '/api/interventions',
      payload: { equipement_id: equipment.equipementId, date: '2026-11-20', description: 'Routine' },
    });
    expect(await since(m2)).toEqual([]);
  });

  it('assigned to me / taken from me, and nothing for the one who assigns', async () => {
    const i = await createIntervention(t.database.db, { creerPar: responsable.id });
    let m = await mark();
    const assign = (technicianId: number) =>
      t.as(responsable.token, { method: 'PUT', url: `/api/interventions/${i.id}/assign`, payload: { technicianId } });
    expect((await assign(tech1.id)).statusCode).toBe(200);
    let rows = await since(m);
    expect(rows.map((r) => [r.user_id, r.event])).toEqual([[tech1.id, 'intervention_assigned']]);
    expect(rows[0]?.message).toContain(responsable.nom);

    m = await mark();
    expect((await assign(tech2.id)).statusCode).toBe(200);
    rows = await since(m);
    expect(recipients(rows, 'intervention_assigned')).toEqual([tech2.id]);
    expect(recipients(rows, 'intervention_unassigned')).toEqual([tech1.id]);

    m = await mark();
    const res = await t.as(responsable.token, { method: 'DELETE', url: `/api/interventions/${i.id}/assign` });
    expect(res.statusCode).toBe(200);
    expect((await since(m)).map((r) => [r.user_id, r.event])).toEqual([[tech2.id, 'intervention_unassigned']]);

    // Bulk assignment tells each new assignee once per intervention.
    const j = await createIntervention(t.database.db);
    m = await mark();
    const bulk = await t.as(responsable.token, {
      method: 'PUT',
      url: '/api/interventions/bulk/assign',
      payload: { ids: [i.id, j.id], technicianId: tech1.id },
    });
    expect(bulk.statusCode).toBe(200);
    rows = await since(m);
    expect(
      rows
        .filter((r) => r.event === 'intervention_assigned')
        .map((r) => r.intervention_id)
        .sort(),
    ).toEqual([i.id, j.id].sort());
  });

  it('a status change: the creator and the assignee, never the one who changed it', async () => {
    const i = await createIntervention(t.database.db, { creerPar: responsable.id, technicianId: tech1.id });
    const m = await mark();
    const res = await t.as(tech1.token, {
      method: 'PUT',
      url: `/api/interventions/${i.id}/status`,
      payload: { statut: 'EN_COURS' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await since(m);
    expect(rows.map((r) => [r.user_id, r.event])).toEqual([[responsable.id, 'intervention_status']]);
    expect(rows[0]?.message).toContain('Planifiée → En Cours');
  });

  it('review requested (approvers) then rejected (submitter, creator, assignee)', async () => {
    const i = await createIntervention(t.database.db, {
      creerPar: responsable.id,
      technicianId: tech1.id,
      statut: 'TERMINEE',
    });
    let m = await mark();
    const submit = await t.as(tech1.token, {
      method: 'POST',
      url: `/api/interventions/${i.id}/review/submit`,
      payload: {},
    });
    expect(submit.statusCode).toBe(200);
    let rows = await since(m);
    const approvers = recipients(rows, 'review_requested');
    expect(approvers).toContain(approver.id);
    expect(approvers).toContain(responsable.id);
    expect(approvers).not.toContain(tech1.id);
    expect(approvers).not.toContain(reader.id);

    m = await mark();
    const reject = await t.as(approver.token, {
      method: 'POST',
      url: `/api/interventions/${i.id}/review/reject`,
      payload: { reason: 'Photos manquantes' },
    });
    expect(reject.statusCode).toBe(200);
    rows = await since(m);
    expect(recipients(rows, 'review_decided')).toEqual(ids(responsable, tech1));
    expect(rows[0]?.message).toContain('Photos manquantes');
  });

  it('a registration waiting for activation: the administrators only', async () => {
    const m = await mark();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        nom: 'Karim Tazi',
        username: `ktazi${randomBytes(2).toString('hex')}`,
        password: 'Chantier2026Kenitra',
      },
    });
    expect(res.statusCode).toBe(201);
    const rows = await since(m);
    expect(recipients(rows, 'registration_pending').sort((a, b) => a - b)).toEqual(
      (await seededAdminIds()).sort((a, b) => a - b),
    );
  });

  it('an intervention becoming overdue: its assignee, once, even when the check runs twice at the same time', async () => {
    const old = await createIntervention(t.database.db, { date: '2020-01-06', technicianId: tech2.id });
    const orphan = await createIntervention(t.database.db, { date: '2020-01-06', creerPar: responsable.id });
    const m = await mark();
    await Promise.all([notifyNewlyOverdue(t.database.db), notifyNewlyOverdue(t.database.db)]);
    await notifyNewlyOverdue(t.database.db);
    const rows = (await since(m)).filter((r) => r.intervention_id === old.id || r.intervention_id === orphan.id);
    expect(rows.map((r) => [r.intervention_id, r.user_id])).toEqual(
      [
        [old.id, tech2.id],
        [orphan.id, responsable.id],
      ].sort((a, b) => a[1]! - b[1]!),
    );
  });

  it('nothing is written when the change rolls back', async () => {
    const i = await createIntervention(t.database.db, { creerPar: responsable.id, technicianId: tech1.id });
    const m = await mark();
    // TERMINEE is not reachable from PLANIFIEE: the status writer refuses after nothing was committed.
    const res = await t.as(tech1.token, {
      method: 'PUT',
      url: `/api/interventions/${i.id}/status`,
      payload: { statut: 'TERMINEE' },
    });
    expect(res.statusCode).toBe(422);
    // Assigning a missing technician fails after the former assignee would have been told.
    const bad = await t.as(responsable.token, {
      method: 'PUT',
      url: `/api/interventions/${i.id}/assign`,
      payload: { technicianId: 987654 },
    });
    expect(bad.statusCode).toBe(422);
    expect(await since(m)).toEqual([]);
  });
});
