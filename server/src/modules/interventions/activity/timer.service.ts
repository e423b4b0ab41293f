import type { SessionUser } from '@gmao/domain/auth/user';
import { ACTIVITY_MESSAGES } from '@gmao/domain/interventions/messages';
import { CLOSED_STATUTS } from '@gmao/domain/interventions/status';
import { SYNC_MESSAGES, type TimerEntry } from '@gmao/domain/interventions/sync-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { lockForAction, lockForOwnWork, type VersionPrecondition } from '../access.ts';
import { findIntervention } from '../interventions.repository.ts';
import { hasOverlappingSession, insertSession, startSession, stopSession, timerLog } from './timer.repository.ts';

/** A device's clock may run a little ahead of the server's. */
const CLOCK_SLACK_MS = 5 * 60_000;

async function mustFind(db: Db, id: number) {
  const row = await findIntervention(db, id);
  if (!row) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return row;
}

export async function getTimerLog(db: Db, user: SessionUser, id: number) {
  await mustFind(db, id);
  return timerLog(db, id, user.id);
}

/**
 * One running session per user and intervention; closed interventions take no new time. Under the intervention's
 * lock, so a concurrent closing (which stops running sessions) cannot miss it.
 */
export async function startTimer(db: Db, user: SessionUser, id: number, precondition?: VersionPrecondition) {
  await db.transaction(async (tx) => {
    const current = await lockForAction(tx, user, id, 'timer', precondition);
    if (CLOSED_STATUTS.includes(current.statut)) {
      throw new AppError('BUSINESS_RULE', ACTIVITY_MESSAGES.timerClosed);
    }
    if (!(await startSession(tx, id, user.id))) {
      throw new AppError('CONFLICT', ACTIVITY_MESSAGES.timerAlreadyRunning);
    }
  });
  return timerLog(db, id, user.id);
}

/**
 * Stopping stays possible after closing, so a forgotten timer can always be ended; it only touches the caller's own
 * session, so it is allowed even once the intervention is no longer his.
 */
export async function stopTimer(db: Db, user: SessionUser, id: number, precondition?: VersionPrecondition) {
  await db.transaction(async (tx) => {
    await lockForOwnWork(tx, id, precondition);
    if (!(await stopSession(tx, id, user.id))) throw new AppError('CONFLICT', ACTIVITY_MESSAGES.timerNotRunning);
  });
  return timerLog(db, id, user.id);
}

/**
 * A session timed on a device while offline (a synchronised timer entry), with the times it recorded: the rules of
 * starting a timer (the same access, no new time on a closed intervention, one running session), plus no overlap
 * with another session of the user on this intervention and nothing dated in the future. Caller's transaction.
 */
export async function recordTimerEntryInTx(tx: DbOrTx, user: SessionUser, id: number, entry: TimerEntry) {
  const current = await lockForAction(tx, user, id, 'timer');
  if (CLOSED_STATUTS.includes(current.statut)) throw new AppError('BUSINESS_RULE', ACTIVITY_MESSAGES.timerClosed);
  if (Date.parse(entry.stoppedAt ?? entry.startedAt) > Date.now() + CLOCK_SLACK_MS) {
    throw new AppError('BUSINESS_RULE', SYNC_MESSAGES.timerFuture);
  }
  if (await hasOverlappingSession(tx, id, user.id, entry)) throw new AppError('CONFLICT', SYNC_MESSAGES.timerOverlap);
  await insertSession(tx, id, user.id, entry);
}
