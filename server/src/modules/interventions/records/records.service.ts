import type { SessionUser } from '@gmao/domain/auth/user';
import { todayIso } from '@gmao/domain/format/format';
import { RECORD_MESSAGES } from '@gmao/domain/interventions/messages';
import {
  type DiagnosticInput,
  type PlanificationInput,
  type QualityControlInput,
  RESULTAT_CONTROLE_LABELS,
  type ResultatControle,
} from '@gmao/domain/interventions/record-schemas';
import { CLOSED_STATUTS, type Statut } from '@gmao/domain/interventions/status';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { lockForAction, type VersionPrecondition } from '../access.ts';
import { assignInTx, unassignInTx } from '../assignment/assignment.service.ts';
import { findIntervention } from '../interventions.repository.ts';
import { insertHistory } from '../workflow/history.repository.ts';
import { findRecords, upsertDiagnostic, upsertPlanification, upsertQualityControl } from './records.repository.ts';

const QC_STATUTS: readonly Statut[] = ['EN_COURS', 'EN_PAUSE', 'TERMINEE'];

export async function getRecords(db: Db, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return findRecords(db, id);
}

/** Locks the intervention, checks access and the rule, writes the record and its history note in one transaction. */
async function write(
  db: Db,
  user: SessionUser,
  id: number,
  check: (statut: Statut) => string | null,
  apply: (tx: DbOrTx) => Promise<string>,
  precondition?: VersionPrecondition,
) {
  await db.transaction(async (tx) => {
    const current = await lockForAction(tx, user, id, 'editRecords', precondition);
    const refused = check(current.statut);
    if (refused) throw new AppError('BUSINESS_RULE', refused);
    const note = await apply(tx);
    await insertHistory(tx, { interventionId: id, from: null, to: null, note, userId: user.id });
  });
  return findRecords(db, id);
}

export function saveDiagnostic(
  db: Db,
  user: SessionUser,
  id: number,
  input: DiagnosticInput,
  precondition?: VersionPrecondition,
) {
  return write(
    db,
    user,
    id,
    (statut) => (statut === 'ANNULEE' ? RECORD_MESSAGES.cancelledForDiagnostic : null),
    async (tx) => {
      await upsertDiagnostic(tx, id, input, user.id);
      return RECORD_MESSAGES.historyDiagnostic;
    },
    precondition,
  );
}

/**
 * The planning's technician is the intervention's assignee (same rules and history note as PUT /:id/assign; the
 * version step is this save's, taken by write()).
 */
export function savePlanification(
  db: Db,
  user: SessionUser,
  id: number,
  input: PlanificationInput,
  precondition?: VersionPrecondition,
) {
  return write(
    db,
    user,
    id,
    (statut) => (CLOSED_STATUTS.includes(statut) ? RECORD_MESSAGES.closedForPlanning : null),
    async (tx) => {
      if (input.technicianId) await assignInTx(tx, user, [id], input.technicianId);
      else if (input.technicianId === null) await unassignInTx(tx, user, id);
      await upsertPlanification(tx, id, input, user.id);
      return RECORD_MESSAGES.historyPlanification(input.datePrevue.split('-').reverse().join('/'));
    },
    precondition,
  );
}

export function saveQualityControl(
  db: Db,
  user: SessionUser,
  id: number,
  input: QualityControlInput,
  precondition?: VersionPrecondition,
) {
  const controleLe = input.controleLe ?? todayIso();
  return write(
    db,
    user,
    id,
    (statut) => {
      if (!QC_STATUTS.includes(statut)) return RECORD_MESSAGES.qualityControlNotStarted;
      // One day of slack: the user's calendar day may be ahead of the server's (Morocco is UTC+1).
      const tomorrow = todayIso(new Date(Date.now() + 86_400_000));
      return controleLe > tomorrow ? RECORD_MESSAGES.controleLeFuture : null;
    },
    async (tx) => {
      await upsertQualityControl(tx, id, { ...input, controleLe }, user.id);
      return RECORD_MESSAGES.historyQualityControl(RESULTAT_CONTROLE_LABELS[input.resultat as ResultatControle]);
    },
    precondition,
  );
}
