import {
  TIMER_LOG_LIMIT,
  TIMER_STOPPING_STATUTS,
  type TimerLog,
  type TimerSession,
} from '@gmao/domain/interventions/activity-schemas';
import { TIMER_SESSION_MAX_HOURS, type TimerEntry } from '@gmao/domain/interventions/sync-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import { toIso } from '../interventions.repository.ts';

type Row = {
  id: number;
  user_id: number;
  nom: string | null;
  started_at: Date | string;
  stopped_at: Date | string | null;
  seconds: number;
};

// Durations in whole seconds, computed by PostgreSQL (running sessions up to now). float8, not int: a session stored
// before sessions were bounded (issue 29: 68 years = 2.1 billion seconds) would overflow int4 and fail every reader.
const SECONDS = sql`floor(extract(epoch FROM COALESCE(s.stopped_at, clock_timestamp()) - s.started_at))::float8`;
/** Where a stop lands: now, but never more than TIMER_SESSION_MAX_HOURS after the start (a forgotten timer). */
const STOP_AT = sql`LEAST(clock_timestamp(), started_at + make_interval(hours => ${TIMER_SESSION_MAX_HOURS}))`;
/** A stop dated by an offline device (`at`, checked by the sync): there, unless the session started later (then now). */
const stopAtOrNow = (at: Date) =>
  sql`LEAST(CASE WHEN ${at.toISOString()}::timestamptz > started_at THEN ${at.toISOString()}::timestamptz
                 ELSE clock_timestamp() END,
            started_at + make_interval(hours => ${TIMER_SESSION_MAX_HOURS}))`;

const toSession = (r: Row): TimerSession => ({
  id: r.id,
  user: r.nom !== null ? { id: r.user_id, nom: r.nom } : null,
  startedAt: toIso(r.started_at),
  stoppedAt: r.stopped_at ? toIso(r.stopped_at) : null,
  durationSeconds: r.seconds,
});

export async function timerLog(db: DbOrTx, interventionId: number, userId: number): Promise<TimerLog> {
  const [sessions, perUser, running] = await Promise.all([
    db.execute<Row>(sql`SELECT s.id, s.user_id, u.nom, s.started_at, s.stopped_at, ${SECONDS} AS seconds
        FROM intervention_timer_sessions s LEFT JOIN users u ON u.id = s.user_id
        WHERE s.intervention_id = ${interventionId}
        ORDER BY s.started_at DESC, s.id DESC LIMIT ${TIMER_LOG_LIMIT}`),
    db.execute<{ user_id: number; nom: string | null; seconds: number }>(
      sql`SELECT s.user_id, u.nom, sum(${SECONDS})::float8 AS seconds
          FROM intervention_timer_sessions s LEFT JOIN users u ON u.id = s.user_id
          WHERE s.intervention_id = ${interventionId}
          GROUP BY s.user_id, u.nom ORDER BY u.nom`,
    ),
    db.execute<Row>(sql`SELECT s.id, s.user_id, u.nom, s.started_at, s.stopped_at, ${SECONDS} AS seconds
        FROM intervention_timer_sessions s LEFT JOIN users u ON u.id = s.user_id
        WHERE s.intervention_id = ${interventionId} AND s.user_id = ${userId} AND s.stopped_at IS NULL`),
  ]);
  const users = perUser.rows.map((r) => ({
    user: r.nom !== null ? { id: r.user_id, nom: r.nom } : null,
    totalSeconds: r.seconds,
  }));
  return {
    sessions: sessions.rows.map(toSession),
    totalSeconds: users.reduce((sum, u) => sum + u.totalSeconds, 0),
    perUser: users,
    running: running.rows[0] ? toSession(running.rows[0]) : null,
  };
}

/** Starts a session unless one is running (the partial unique index settles races); returns whether it started. */
export async function startSession(db: DbOrTx, interventionId: number, userId: number) {
  const { rows } = await db.execute<{ id: number }>(
    sql`INSERT INTO intervention_timer_sessions (intervention_id, user_id, started_at)
        VALUES (${interventionId}, ${userId}, clock_timestamp())
        ON CONFLICT (intervention_id, user_id) WHERE stopped_at IS NULL DO NOTHING
        RETURNING id`,
  );
  return rows.length > 0;
}

/** Stops the caller's running session; returns whether there was one. */
export async function stopSession(db: DbOrTx, interventionId: number, userId: number) {
  const { rows } = await db.execute<{ id: number }>(
    sql`UPDATE intervention_timer_sessions SET stopped_at = ${STOP_AT}
        WHERE intervention_id = ${interventionId} AND user_id = ${userId} AND stopped_at IS NULL
        RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * Stops every running session of the intervention (a status change suspending or ending the work); `at`: the time
 * of a status change made offline.
 */
export async function stopAllSessions(db: DbOrTx, interventionId: number, at: Date | null = null) {
  await db.execute(sql`UPDATE intervention_timer_sessions SET stopped_at = ${at ? stopAtOrNow(at) : STOP_AT}
      WHERE intervention_id = ${interventionId} AND stopped_at IS NULL`);
}

/** The user's running session on the intervention, locked (null: none) — a stop made offline (sync `timer_stop`). */
export async function lockRunningSession(db: DbOrTx, interventionId: number, userId: number) {
  const { rows } = await db.execute<{ id: number; started_at: Date | string }>(
    sql`SELECT id, started_at FROM intervention_timer_sessions
        WHERE intervention_id = ${interventionId} AND user_id = ${userId} AND stopped_at IS NULL FOR UPDATE`,
  );
  const r = rows[0];
  return r ? { id: r.id, startedAt: new Date(r.started_at).getTime() } : null;
}

/**
 * The user's last session on the intervention when a status change stopped it (issue 32: an offline close with the
 * timer running, its `timer_stop` replayed after it) — the intervention is in a status that stops timers, the
 * session ended with that move (not before it) and none of his started since; locked. Null otherwise.
 */
export async function lockSessionStoppedByStatus(db: DbOrTx, interventionId: number, userId: number) {
  const stopping = sql.join(
    TIMER_STOPPING_STATUTS.map((s) => sql`${s}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ id: number; started_at: Date | string }>(
    sql`SELECT s.id, s.started_at FROM intervention_timer_sessions s JOIN interventions i ON i.id = s.intervention_id
        WHERE s.intervention_id = ${interventionId} AND s.user_id = ${userId} AND s.stopped_at IS NOT NULL
          AND i.statut IN (${stopping})
          AND s.stopped_at >= (SELECT h.created_at - interval '1 second' FROM intervention_history h
            WHERE h.intervention_id = ${interventionId} AND h.to_statut IS NOT NULL
            ORDER BY h.created_at DESC, h.id DESC LIMIT 1)
        ORDER BY s.started_at DESC, s.id DESC LIMIT 1 FOR UPDATE OF s`,
  );
  const r = rows[0];
  return r ? { id: r.id, startedAt: new Date(r.started_at).getTime() } : null;
}

/**
 * Ends a running session at `at` (after its start, checked by the caller; null: now), at most
 * TIMER_SESSION_MAX_HOURS long.
 */
export async function stopSessionAt(db: DbOrTx, sessionId: number, at: Date | null) {
  await db.execute(
    sql`UPDATE intervention_timer_sessions SET stopped_at = ${at ? stopAtOrNow(at) : STOP_AT} WHERE id = ${sessionId}`,
  );
}

/** Whether `entry` overlaps a session of the user on this intervention (a running one lasts until further notice). */
export async function hasOverlappingSession(
  db: DbOrTx,
  interventionId: number,
  userId: number,
  entry: TimerEntry,
  exceptId: number | null = null,
) {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM intervention_timer_sessions
        WHERE intervention_id = ${interventionId} AND user_id = ${userId} AND id IS DISTINCT FROM ${exceptId}::int
          AND started_at < COALESCE(${entry.stoppedAt}::timestamptz, 'infinity'::timestamptz)
          AND COALESCE(stopped_at, 'infinity'::timestamptz) > ${entry.startedAt}::timestamptz`,
  );
  return rows[0].n > 0;
}

/** A session with the times a device recorded (stopped_at null: still running). */
export async function insertSession(db: DbOrTx, interventionId: number, userId: number, entry: TimerEntry) {
  await db.execute(
    sql`INSERT INTO intervention_timer_sessions (intervention_id, user_id, started_at, stopped_at)
        VALUES (${interventionId}, ${userId}, ${entry.startedAt}::timestamptz, ${entry.stoppedAt}::timestamptz)`,
  );
}

/** When the intervention was created (epoch ms): no session may start before it. */
export async function interventionCreatedAt(db: DbOrTx, interventionId: number): Promise<number> {
  const { rows } = await db.execute<{ created_at: Date | string }>(
    sql`SELECT created_at FROM interventions WHERE id = ${interventionId}`,
  );
  return new Date(rows[0].created_at).getTime();
}

export type LockedSession = { id: number; user_id: number; started_at: string; stopped_at: string | null };

/** One session of the intervention, locked for its correction or deletion (null: none). */
export async function lockSession(
  db: DbOrTx,
  interventionId: number,
  sessionId: number,
): Promise<LockedSession | null> {
  const { rows } = await db.execute<{
    id: number;
    user_id: number;
    started_at: Date | string;
    stopped_at: Date | string | null;
  }>(
    sql`SELECT id, user_id, started_at, stopped_at FROM intervention_timer_sessions
        WHERE id = ${sessionId} AND intervention_id = ${interventionId} FOR UPDATE`,
  );
  const r = rows[0];
  if (!r) return null;
  return { ...r, started_at: toIso(r.started_at), stopped_at: r.stopped_at ? toIso(r.stopped_at) : null };
}

export async function updateSessionTimes(
  db: DbOrTx,
  sessionId: number,
  entry: { startedAt: string; stoppedAt: string },
) {
  await db.execute(sql`UPDATE intervention_timer_sessions
      SET started_at = ${entry.startedAt}::timestamptz, stopped_at = ${entry.stoppedAt}::timestamptz
      WHERE id = ${sessionId}`);
}

export async function deleteSession(db: DbOrTx, sessionId: number) {
  await db.execute(sql`DELETE FROM intervention_timer_sessions WHERE id = ${sessionId}`);
}
