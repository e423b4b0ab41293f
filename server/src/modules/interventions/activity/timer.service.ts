import type { SessionUser } from '@gmao/domain/auth/user';
import type { TimerSessionCorrection } from '@gmao/domain/interventions/activity-schemas';
import { ACTIVITY_MESSAGES } from '@gmao/domain/interventions/messages';
import { formatPlannedAt } from '@gmao/domain/interventions/planning-clock';
import { CLOSED_STATUTS } from '@gmao/domain/interventions/status';
import {
  effectiveDeviceTime,
  SYNC_MESSAGES,
  type TimerEntry,
  timerEntryRefusal,
} from '@gmao/domain/interventions/sync-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { lockForAction, lockForItem, lockForOwnWork, type VersionPrecondition } from '../access.ts';
import { findIntervention } from '../interventions.repository.ts';
import {
  deleteSession,
  hasOverlappingSession,
  insertSession,
  interventionCreatedAt,
  type LockedSession,
  lockRunningSession,
  lockSession,
  lockSessionStoppedByStatus,
  startSession,
  stopSession,
  stopSessionAt,
  timerLog,
  updateSessionTimes,
} from './timer.repository.ts';

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
 * A running timer stopped on a device while offline (a synchronised `timer_stop`, issue 32): the user's running
 * session ends at the device time `at` — the server's time when `at` is in the future beyond the clock skew (the
 * notice says so), at most TIMER_SESSION_MAX_HOURS after its start. When the status move replayed just before it
 * (an offline close or pause with the timer running) already ended the session, the stop ends it at `at` instead.
 * Refused (409) when none runs otherwise (stopped by hand or on another device) and (422) when `at` precedes its
 * start (it is another session than the one stopped).
 * Allowed on any intervention, like stopTimer. Caller's transaction; returns the notice, or null.
 */
export async function stopTimerAtInTx(tx: DbOrTx, user: SessionUser, id: number, at: string): Promise<string | null> {
  await lockForOwnWork(tx, id);
  // Issue 32: closed (or paused) offline with the timer running, then the timer stopped: the move ended the session,
  // the stop replayed after it ends it where the device stopped it.
  const session = (await lockRunningSession(tx, id, user.id)) ?? (await lockSessionStoppedByStatus(tx, id, user.id));
  if (!session) throw new AppError('CONFLICT', SYNC_MESSAGES.timerStopNotRunning);
  const when = effectiveDeviceTime(at, { now: Date.now(), createdAt: await interventionCreatedAt(tx, id) });
  if (when.issue !== 'future' && Date.parse(at) <= session.startedAt) {
    const refused = SYNC_MESSAGES.timerStopBeforeStart(
      formatPlannedAt(at),
      formatPlannedAt(new Date(session.startedAt)),
    );
    throw new AppError('BUSINESS_RULE', refused);
  }
  await stopSessionAt(tx, session.id, when.at === null ? null : new Date(when.at));
  return when.issue ? SYNC_MESSAGES.deviceTimeReplaced(formatPlannedAt(at), when.issue) : null;
}

/** The bounds of a session's times (timerEntryRefusal: ≤ 24 h, not before the intervention, not in the future). */
async function checkBounds(tx: DbOrTx, id: number, entry: TimerEntry) {
  const refused = timerEntryRefusal(entry, { createdAt: await interventionCreatedAt(tx, id), now: Date.now() });
  if (refused) throw new AppError('BUSINESS_RULE', refused, [{ field: 'stoppedAt', msg: refused }]);
}

/**
 * A session timed on a device while offline (a synchronised timer entry), with the times it recorded: the rules of
 * starting a timer (the same access, no new time on a closed intervention, one running session), plus the bounds of
 * every session (checkBounds) and no overlap with another session of the user on this intervention. Caller's
 * transaction.
 */
export async function recordTimerEntryInTx(tx: DbOrTx, user: SessionUser, id: number, entry: TimerEntry) {
  const current = await lockForAction(tx, user, id, 'timer');
  if (CLOSED_STATUTS.includes(current.statut)) throw new AppError('BUSINESS_RULE', ACTIVITY_MESSAGES.timerClosed);
  await checkBounds(tx, id, entry);
  if (await hasOverlappingSession(tx, id, user.id, entry)) throw new AppError('CONFLICT', SYNC_MESSAGES.timerOverlap);
  await insertSession(tx, id, user.id, entry);
}

/**
 * The session locked after the intervention (lockForItem: its author or a holder of interventions:assign, then the
 * version step); 404 when it is not one of this intervention's.
 */
async function lockOwnedSession(
  tx: DbOrTx,
  user: SessionUser,
  id: number,
  sessionId: number,
  precondition?: VersionPrecondition,
): Promise<LockedSession> {
  let session: LockedSession | null = null;
  await lockForItem(
    tx,
    user,
    id,
    {
      lockAuthor: async (t) => {
        session = await lockSession(t, id, sessionId);
        return session ? session.user_id : undefined;
      },
      notFound: ACTIVITY_MESSAGES.timerSessionNotFound,
    },
    precondition,
  );
  return session as unknown as LockedSession;
}

/**
 * PUT /:id/timer/sessions/:sessionId — corrects a session's start and end (a running one ends at its corrected
 * end): its author or a holder of interventions:assign, the bounds of every session, no overlap with another session
 * of its user; audited, one transaction. Allowed on a closed intervention: correcting time is part of closing it.
 */
export async function correctSession(
  db: Db,
  user: SessionUser,
  id: number,
  sessionId: number,
  input: TimerSessionCorrection,
  precondition?: VersionPrecondition,
) {
  await db.transaction(async (tx) => {
    const session = await lockOwnedSession(tx, user, id, sessionId, precondition);
    await checkBounds(tx, id, input);
    if (await hasOverlappingSession(tx, id, session.user_id, input, sessionId)) {
      throw new AppError('CONFLICT', SYNC_MESSAGES.timerOverlap);
    }
    await updateSessionTimes(tx, sessionId, input);
    await recordAudit(tx, {
      action: 'intervention.timer_session_update',
      entityType: 'intervention',
      entityId: id,
      summary: `Intervention #${id} : session de chronomètre #${sessionId} corrigée`,
      before: { sessionId, userId: session.user_id, startedAt: session.started_at, stoppedAt: session.stopped_at },
      after: { sessionId, userId: session.user_id, ...input },
    });
  });
  return timerLog(db, id, user.id);
}

/** DELETE /:id/timer/sessions/:sessionId — the same access; audited with the times it held. */
export async function deleteTimerSession(
  db: Db,
  user: SessionUser,
  id: number,
  sessionId: number,
  precondition?: VersionPrecondition,
) {
  await db.transaction(async (tx) => {
    const session = await lockOwnedSession(tx, user, id, sessionId, precondition);
    await deleteSession(tx, sessionId);
    await recordAudit(tx, {
      action: 'intervention.timer_session_delete',
      entityType: 'intervention',
      entityId: id,
      summary: `Intervention #${id} : session de chronomètre #${sessionId} supprimée`,
      before: { sessionId, userId: session.user_id, startedAt: session.started_at, stoppedAt: session.stopped_at },
    });
  });
  return timerLog(db, id, user.id);
}
