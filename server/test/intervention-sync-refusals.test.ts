import { INTERVENTION_MESSAGES } from '@gmao/domain/interventions/intervention-schemas';
import { POLICY_MESSAGES } from '@gmao/domain/interventions/policy';
import { SYNC_MAX_CHANGES, SYNC_MESSAGES } from '@gmao/domain/interventions/sync-schemas';
import { VERSION_CONFLICT_CODE, VERSION_MESSAGES } from '@gmao/domain/interventions/version-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/app.ts';
import { type Actor, ago, HOUR, useSyncFixtures } from './helpers/sync-fixtures.ts';

/**
 * POST /interventions/:id/sync (ARCHITECTURE.md "Versions and sync"), the batches refused as a whole, writing nothing:
 * a base version the server never issued (409 VERSION_CONFLICT), under the same rights as the single routes (403,
 * 404), malformed (400 with French messages). Applying a batch, its conflicts and idempotency are in
 * intervention-sync.test.ts.
 */
const { fixtures, change, sync, assignedIntervention, version, count } = useSyncFixtures();
let t: TestApp;
let admin: string;
let tech: Actor;
let otherTech: Actor;
let viewer: Actor;
beforeAll(() => {
  ({ t, admin, tech, otherTech, viewer } = fixtures);
});

describe('POST /interventions/:id/sync', () => {
  it('a baseVersion the server never issued is a 409 VERSION_CONFLICT with the current state, writing nothing', async () => {
    const i = await assignedIntervention();
    const res = await sync(i.id, i.version + 5, [{ type: 'note', payload: { note: 'x' } }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: VERSION_CONFLICT_CODE,
      message: SYNC_MESSAGES.baseVersionAhead(i.version + 5, i.version),
    });
    expect(res.json().data).toMatchObject({ id: i.id, version: i.version });
    expect(await count('intervention_sync_log', i.id)).toBe(0);
  });

  it('rights: a technician cannot sync someone else’s intervention, a reader cannot sync at all (403, nothing written)', async () => {
    const i = await assignedIntervention();
    const changes = [{ type: 'note', payload: { note: 'Pas à moi' } }];
    const other = await sync(i.id, i.version, changes, otherTech.token);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(POLICY_MESSAGES.notInvolved);
    expect((await sync(i.id, i.version, changes, viewer.token)).statusCode).toBe(403);
    expect(await count('intervention_sync_log', i.id)).toBe(0);
    expect(await version(i.id)).toBe(i.version);
    expect((await sync(987654321, 1, changes)).statusCode).toBe(404);
    // Anyone on the intervention may: its creator, a manager.
    expect((await sync(i.id, i.version, [{ type: 'note', payload: { note: 'Ok' } }], admin)).statusCode).toBe(200);
  });

  it('validation: 400 with French messages, nothing applied', async () => {
    const i = await assignedIntervention();
    const note = { type: 'note', payload: { note: 'n' } };
    const cases: [object, string][] = [
      [{ baseVersion: i.version, changes: [] }, SYNC_MESSAGES.changesRequired],
      [
        {
          baseVersion: i.version,
          changes: Array.from({ length: SYNC_MAX_CHANGES + 1 }, () => change(note)),
        },
        SYNC_MESSAGES.tooMany,
      ],
      [
        { baseVersion: i.version, changes: [change({ ...note, clientId: 'x' }), change({ ...note, clientId: 'x' })] },
        SYNC_MESSAGES.clientIdDuplicate('x'),
      ],
      [{ baseVersion: i.version, changes: [change({ ...note, clientId: 'a b' })] }, SYNC_MESSAGES.clientIdInvalid],
      [{ baseVersion: i.version, changes: [change({ ...note, at: '12/03/2026' })] }, SYNC_MESSAGES.atInvalid],
      [{ baseVersion: i.version, changes: [change({ type: 'photo', payload: {} })] }, SYNC_MESSAGES.typeInvalid],
      [
        { baseVersion: i.version, changes: [change({ type: 'status', payload: { statut: 'FINI' } })] },
        INTERVENTION_MESSAGES.statutInvalid,
      ],
      [
        {
          baseVersion: i.version,
          changes: [change({ type: 'timer', payload: { startedAt: ago(HOUR), stoppedAt: ago(2 * HOUR) } })],
        },
        SYNC_MESSAGES.timerOrder,
      ],
      [{ baseVersion: 0, changes: [change(note)] }, VERSION_MESSAGES.versionInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await t.as(tech.token, { method: 'POST', url: `/api/interventions/${i.id}/sync`, payload });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message, JSON.stringify(payload).slice(0, 120)).toContain(message);
    }
    expect(await count('intervention_sync_log', i.id)).toBe(0);
    expect(await version(i.id)).toBe(i.version);
  });
});
