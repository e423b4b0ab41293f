import type { SessionUser } from '@gmao/domain/auth/user';
import type { InterventionAction } from '@gmao/domain/interventions/policy';
import {
  SYNC_MESSAGES,
  type SyncChange,
  type SyncChangeType,
  type SyncConflict,
  type SyncRequest,
  type SyncResult,
} from '@gmao/domain/interventions/sync-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { lockForActions } from '../access.ts';
import { recordTimerEntryInTx, stopTimerAtInTx } from '../activity/timer.service.ts';
import { putConsignationInTx } from '../consignation/consignation.service.ts';
import { findIntervention, findInterventionInAnyState, lockIntervention } from '../interventions.repository.ts';
import { addMaterialInTx } from '../materials/materials.service.ts';
import { checkItemInTx } from '../records/checklist.service.ts';
import { changeStatusAtInTx } from '../workflow/status.service.ts';
import { addNoteAtInTx } from '../workflow/workflow.service.ts';
import { findSyncOutcomes, insertSyncOutcome, type SyncOutcome } from './sync.repository.ts';

/** The policy action of each type: the one its single route checks (null: stopping one's timer, always allowed). */
const ACTION: Record<SyncChangeType, InterventionAction | null> = {
  status: 'changeStatus',
  note: 'addNote',
  checklist: 'checklist',
  timer: 'timer',
  timer_stop: null,
  material: 'materials',
  consignation: 'edit',
};

/**
 * Each type through the service path of its single route (same access, same rules, same history, audit and
 * version step). A status step to the status the intervention already has is where the technician wanted it: it
 * applies, writing only its note (as a history note) when it has one. A status step, a note and a timer stop take
 * effect at the change's device time `at` when plausible (issue 32); otherwise at the server's time, and the reason
 * is the change's notice (returned; null: none).
 */
async function applyChange(
  tx: DbOrTx,
  storage: FileStorage,
  user: SessionUser,
  id: number,
  change: SyncChange,
): Promise<string | null> {
  switch (change.type) {
    case 'status': {
      const { statut, note, motif, pause_motif } = change.payload;
      const current = await lockIntervention(tx, id);
      if (current?.statut !== statut) {
        return changeStatusAtInTx(tx, user, id, statut, { note, motif, pause_motif }, change.at);
      }
      return note ? addNoteAtInTx(tx, user, id, note, change.at) : null;
    }
    case 'note':
      return addNoteAtInTx(tx, user, id, change.payload.note, change.at);
    case 'checklist':
      await checkItemInTx(tx, user, id, change.payload.itemId, change.payload.checked);
      return null;
    case 'timer':
      await recordTimerEntryInTx(tx, user, id, change.payload);
      return null;
    case 'timer_stop':
      return stopTimerAtInTx(tx, user, id, change.at);
    case 'material':
      await addMaterialInTx(tx, user, id, change.payload);
      return null;
    case 'consignation':
      await putConsignationInTx(tx, storage, user, id, change.payload);
      return null;
  }
}

/**
 * One change in a savepoint: it applies whole or not at all. A refusal of its rules (422, 409, 404 of a checklist
 * item) is the conflict's reason; anything else (a bug, the database gone) fails the whole batch. An applied change
 * may carry a notice (its device time replaced by the server's), kept as its reason.
 */
async function applyOrConflict(tx: DbOrTx, storage: FileStorage, user: SessionUser, id: number, change: SyncChange) {
  try {
    const notice = await tx.transaction((sp) => applyChange(sp, storage, user, id, change));
    return { applied: true, reason: notice };
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) return { applied: false, reason: err.message };
    throw err;
  }
}

/**
 * POST /:id/sync: under the intervention's lock, the batch's access checked up front (403: nothing written), then
 * each change in the device's order — a change already received (same clientId) answers its recorded outcome and
 * is not applied again; a new one is applied or listed as a conflict, and its outcome recorded. baseVersion may be
 * older than the current version (others wrote meanwhile: the rules per type decide); newer is a 409
 * VERSION_CONFLICT (the device holds a state the server never had). One audit row per sync that received anything
 * new. Answers the applied clientIds, the conflicts and the fresh intervention.
 */
export async function syncChanges(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  id: number,
  input: SyncRequest,
): Promise<SyncResult> {
  const { applied, conflicts, notices } = await db.transaction(async (tx) => {
    const current = await lockForActions(
      tx,
      user,
      id,
      input.changes.flatMap((c) => ACTION[c.type] ?? []),
    );
    if (input.baseVersion > current.version) {
      const state = (await findInterventionInAnyState(tx, id)) ?? undefined;
      const message = SYNC_MESSAGES.baseVersionAhead(input.baseVersion, current.version);
      throw new AppError('VERSION_CONFLICT', message, undefined, { data: state });
    }
    const known = await findSyncOutcomes(
      tx,
      id,
      input.changes.map((c) => c.clientId),
    );
    const outcomes: SyncOutcome[] = [];
    let received = 0;
    for (const change of input.changes) {
      const prior = known.get(change.clientId);
      if (prior) {
        outcomes.push(prior);
        continue;
      }
      const outcome = { clientId: change.clientId, ...(await applyOrConflict(tx, storage, user, id, change)) };
      await insertSyncOutcome(tx, {
        interventionId: id,
        clientId: change.clientId,
        type: change.type,
        applied: outcome.applied,
        reason: outcome.reason,
        recordedAt: change.at,
        userId: user.id,
      });
      outcomes.push(outcome);
      received++;
    }
    const result = {
      applied: outcomes.filter((o) => o.applied).map((o) => o.clientId),
      conflicts: outcomes
        .filter((o) => !o.applied)
        .map((o): SyncConflict => ({ clientId: o.clientId, reason: o.reason ?? '' })),
      notices: outcomes
        .filter((o) => o.applied && o.reason)
        .map((o): SyncConflict => ({ clientId: o.clientId, reason: o.reason ?? '' })),
    };
    if (received > 0) {
      await recordAudit(tx, {
        action: 'intervention.sync',
        entityId: id,
        summary: SYNC_MESSAGES.auditSummary(id, result.applied.length, result.conflicts.length),
        before: { version: current.version, baseVersion: input.baseVersion },
        after: { ...result, received },
      });
    }
    return result;
  });
  const intervention = await findIntervention(db, id);
  if (!intervention) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return { applied, conflicts, notices, intervention };
}
