import type { SessionUser } from '@gmao/domain/auth/user';
import { OVERDUE_DAYS_DEFAULT, type Workflow } from '@gmao/domain/interventions/intervention-schemas';
import { derivePhases, nextActions, PHASES } from '@gmao/domain/interventions/phases';
import { isStatut, OPEN_STATUTS, type Statut } from '@gmao/domain/interventions/status';
import { allowedTransitions, detailActions, WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { listHistory } from './history.repository.ts';
import { findIntervention, insertHistory, lockIntervention } from './interventions.repository.ts';
import { findRecords } from './records.repository.ts';

function isOverdue(statut: Statut, date: string, now = new Date()): boolean {
  if (!OPEN_STATUTS.includes(statut)) return false;
  const limit = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - OVERDUE_DAYS_DEFAULT));
  return date < limit.toISOString().slice(0, 10);
}

/** GET /:id/workflow — everything is derived from the status, the timestamps, the history and the work records. */
export async function getWorkflow(db: Db, id: number): Promise<Workflow> {
  const intervention = await findIntervention(db, id);
  if (!intervention) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  const [history, records] = await Promise.all([listHistory(db, id), findRecords(db, id)]);
  const phaseRecords = { ...records, technicianAssigned: intervention.technicianId !== null };
  // A status outside the table (legacy data) is shown as planned work.
  const statut: Statut = isStatut(intervention.statut) ? intervention.statut : 'PLANIFIEE';
  return {
    id,
    statut: intervention.statut,
    urgence: intervention.urgence,
    startedAt: intervention.startedAt,
    completedAt: intervention.completedAt,
    phases: derivePhases(statut, history, phaseRecords),
    phaseOrder: [...PHASES],
    nextActions: nextActions(statut, {
      urgent: intervention.urgence,
      overdue: isOverdue(statut, intervention.date),
      records: phaseRecords,
    }),
    availableActions: detailActions(statut),
    allowedTransitions: allowedTransitions(statut),
    pauseCount: history.filter((h) => h.toStatut === 'EN_PAUSE').length,
  };
}

export async function getHistory(db: Db, id: number) {
  const intervention = await findIntervention(db, id);
  if (!intervention) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return listHistory(db, id);
}

/** A note is a history row without a status move. */
export async function addNote(db: Db, user: SessionUser, id: number, note: string) {
  const entryId = await db.transaction(async (tx) => {
    const current = await lockIntervention(tx, id);
    if (!current) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
    return insertHistory(tx, { interventionId: id, from: null, to: null, note, userId: user.id });
  });
  const history = await listHistory(db, id);
  return history.find((h) => h.id === entryId)!;
}
