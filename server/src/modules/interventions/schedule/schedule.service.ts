import type { SessionUser } from '@gmao/domain/auth/user';
import { formatPlannedAt } from '@gmao/domain/interventions/planning-clock';
import {
  formatDureePrevue,
  SCHEDULE_MESSAGES as M,
  type ScheduleInput,
} from '@gmao/domain/interventions/schedule-schemas';
import { CLOSED_STATUTS } from '@gmao/domain/interventions/status';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { requireHabilitations } from '../../habilitations/habilitation-check.service.ts';
import { lockForAction } from '../access.ts';
import { findIntervention } from '../interventions.repository.ts';
import { insertHistory } from '../workflow/history.repository.ts';
import { plannedInstant } from './planned-instant.ts';
import { findSchedule, writeSchedule } from './schedule.repository.ts';

/** 'first': POST, refused (409) when a schedule exists; 'set': PUT, sets or replaces it. */
export type ScheduleMode = 'first' | 'set';
export type ScheduleOutcome = 'scheduled' | 'rescheduled' | 'unchanged';

/**
 * Sets the planned start and duration of an open, visible intervention (the policy's edit rule: its creator, its
 * assignee or a holder of interventions:assign), with one history note and one audit row, in one transaction.
 * Closed interventions (terminée, annulée, échec) are refused (422); a PUT that changes nothing writes nothing.
 */
export async function setSchedule(db: Db, user: SessionUser, id: number, input: ScheduleInput, mode: ScheduleMode) {
  const outcome = await db.transaction(async (tx): Promise<ScheduleOutcome> => {
    const current = await lockForAction(tx, user, id, 'edit');
    if (CLOSED_STATUTS.includes(current.statut)) throw new AppError('BUSINESS_RULE', M.closedRefused(current.statut));
    const before = await findSchedule(tx, id);
    const was = before.planned_at === null ? null : new Date(before.planned_at);
    if (mode === 'first' && was) throw new AppError('CONFLICT', M.alreadyScheduled(formatPlannedAt(was)));
    const at = plannedInstant(input.date);
    if (was?.getTime() === at.getTime() && before.duree_prevue === input.duree) return 'unchanged';
    await writeSchedule(tx, id, at, input.duree);
    // Issue 34: the assignee must hold what the work requires on the new day (the planning's drag included).
    if (current.technician_id !== null && was?.getTime() !== at.getTime()) {
      await requireHabilitations(tx, { user, technicianId: current.technician_id, ids: [id] });
    }
    const duree = formatDureePrevue(input.duree);
    const note = !was
      ? M.historyScheduled(formatPlannedAt(at), duree)
      : was.getTime() === at.getTime()
        ? M.historyDuree(formatPlannedAt(at), formatDureePrevue(before.duree_prevue), duree)
        : M.historyRescheduled(formatPlannedAt(was), formatPlannedAt(at), duree);
    await insertHistory(tx, { interventionId: id, from: null, to: null, note, userId: user.id });
    await recordAudit(tx, {
      action: 'intervention.schedule',
      entityId: id,
      summary: `Intervention #${id} : ${note}`,
      before: { plannedAt: was?.toISOString() ?? null, dureePrevue: before.duree_prevue },
      after: { plannedAt: at.toISOString(), dureePrevue: input.duree },
    });
    return was ? 'rescheduled' : 'scheduled';
  });
  const intervention = await findIntervention(db, id);
  if (!intervention) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return { intervention, outcome };
}
