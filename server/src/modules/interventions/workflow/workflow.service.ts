import type { SessionUser } from '@gmao/domain/auth/user';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import type { Workflow } from '@gmao/domain/interventions/intervention-schemas';
import { derivePhases, nextActions, PHASES } from '@gmao/domain/interventions/phases';
import { formatPlannedAt } from '@gmao/domain/interventions/planning-clock';
import { isOverdue } from '@gmao/domain/interventions/predicates';
import { effectiveDeviceTime, SYNC_MESSAGES } from '@gmao/domain/interventions/sync-schemas';
import { allowedTransitions, detailActions, WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { lockForAction, type VersionPrecondition } from '../access.ts';
import { findIntervention } from '../interventions.repository.ts';
import { findRecords } from '../records/records.repository.ts';
import { clientSignatureState } from '../signatures/signatures.service.ts';
import { insertHistory, listHistory, offlineMoveFloors } from './history.repository.ts';

/** GET /:id/workflow — everything is derived from the status, the timestamps, the history and the work records. */
export async function getWorkflow(db: Db, id: number): Promise<Workflow> {
  const intervention = await findIntervention(db, id);
  if (!intervention) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  const [history, records, clientSignature] = await Promise.all([
    listHistory(db, id),
    findRecords(db, id),
    clientSignatureState(db, id),
  ]);
  const phaseRecords = { ...records, technicianAssigned: intervention.technicianId !== null };
  const { statut } = intervention;
  return {
    id,
    statut,
    urgence: intervention.urgence,
    startedAt: intervention.startedAt,
    completedAt: intervention.completedAt,
    phases: derivePhases(statut, history, phaseRecords),
    phaseOrder: [...PHASES],
    nextActions: nextActions(statut, {
      urgent: intervention.urgence,
      overdue: isOverdue({ statut, date: intervention.date }, metricsToday()),
      records: phaseRecords,
    }),
    availableActions: detailActions(statut),
    allowedTransitions: allowedTransitions(statut),
    pauseCount: history.filter((h) => h.toStatut === 'EN_PAUSE').length,
    version: intervention.version,
    clientSignature,
  };
}

export async function getHistory(db: Db, id: number) {
  const intervention = await findIntervention(db, id);
  if (!intervention) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return listHistory(db, id);
}

/** A note is a history row without a status move (caller's transaction; also a synchronised note). */
export async function addNoteInTx(
  tx: DbOrTx,
  user: SessionUser,
  id: number,
  note: string,
  precondition?: VersionPrecondition,
  at?: Date | null,
) {
  await lockForAction(tx, user, id, 'addNote', precondition);
  return insertHistory(tx, { interventionId: id, from: null, to: null, note, userId: user.id, at });
}

/**
 * A note written offline (a synchronised `note`, issue 32): dated at its device time `deviceAt` when plausible (not
 * in the future beyond the clock skew, not before the intervention's creation — notes merge, so an earlier status
 * move is no floor), else now. Returns the notice when the device time was replaced, or null.
 */
export async function addNoteAtInTx(
  tx: DbOrTx,
  user: SessionUser,
  id: number,
  note: string,
  deviceAt: string,
): Promise<string | null> {
  const { createdAt } = await offlineMoveFloors(tx, id);
  const when = effectiveDeviceTime(deviceAt, { now: Date.now(), createdAt });
  await addNoteInTx(tx, user, id, note, undefined, when.at === null ? null : new Date(when.at));
  return when.issue ? SYNC_MESSAGES.deviceTimeReplaced(formatPlannedAt(deviceAt), when.issue) : null;
}

/** POST /:id/workflow/notes */
export async function addNote(db: Db, user: SessionUser, id: number, note: string, precondition?: VersionPrecondition) {
  const entryId = await db.transaction((tx) => addNoteInTx(tx, user, id, note, precondition));
  const history = await listHistory(db, id);
  return history.find((h) => h.id === entryId)!;
}
