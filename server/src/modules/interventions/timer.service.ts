import type { SessionUser } from '@gmao/domain/auth/user';
import { ACTIVITY_MESSAGES } from '@gmao/domain/interventions/messages';
import { CLOSED_STATUTS, type Statut } from '@gmao/domain/interventions/status';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { findIntervention } from './interventions.repository.ts';
import { startSession, stopSession, timerLog } from './timer.repository.ts';

async function mustFind(db: Db, id: number) {
  const row = await findIntervention(db, id);
  if (!row) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return row;
}

export async function getTimerLog(db: Db, user: SessionUser, id: number) {
  await mustFind(db, id);
  return timerLog(db, id, user.id);
}

/** One running session per user and intervention; closed interventions take no new time. */
export async function startTimer(db: Db, user: SessionUser, id: number) {
  const intervention = await mustFind(db, id);
  if (CLOSED_STATUTS.includes(intervention.statut as Statut)) {
    throw new AppError('BUSINESS_RULE', ACTIVITY_MESSAGES.timerClosed);
  }
  if (!(await startSession(db, id, user.id))) throw new AppError('CONFLICT', ACTIVITY_MESSAGES.timerAlreadyRunning);
  return timerLog(db, id, user.id);
}

/** Stopping stays possible after closing, so a forgotten timer can always be ended. */
export async function stopTimer(db: Db, user: SessionUser, id: number) {
  await mustFind(db, id);
  if (!(await stopSession(db, id, user.id))) throw new AppError('CONFLICT', ACTIVITY_MESSAGES.timerNotRunning);
  return timerLog(db, id, user.id);
}
