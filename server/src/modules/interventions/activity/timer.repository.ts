import { TIMER_LOG_LIMIT, type TimerLog, type TimerSession } from '@gmao/domain/interventions/activity-schemas';
import type { TimerEntry } from '@gmao/domain/interventions/sync-schemas';
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

// Durations in whole seconds, computed by PostgreSQL (running sessions up to now).
const SECONDS = sql`floor(extract(epoch FROM COALESCE(s.stopped_at, clock_timestamp()) - s.started_at))::int`;

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
      sql`SELECT s.user_id, u.nom, sum(${SECONDS})::int AS seconds
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
    sql`UPDATE intervention_timer_sessions SET stopped_at = clock_timestamp()
        WHERE intervention_id = ${interventionId} AND user_id = ${userId} AND stopped_at IS NULL
        RETURNING id`,
  );
  return rows.length > 0;
}

/** Stops every running session of the intervention (a status change suspending or ending the work). */
export async function stopAllSessions(db: DbOrTx, interventionId: number) {
  await db.execute(sql`UPDATE intervention_timer_sessions SET stopped_at = clock_timestamp()
      WHERE intervention_id = ${interventionId} AND stopped_at IS NULL`);
}

/** Whether `entry` overlaps a session of the user on this intervention (a running one lasts until further notice). */
export async function hasOverlappingSession(db: DbOrTx, interventionId: number, userId: number, entry: TimerEntry) {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM intervention_timer_sessions
        WHERE intervention_id = ${interventionId} AND user_id = ${userId}
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
