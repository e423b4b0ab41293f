import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

export type JobRow = {
  id: number;
  name: string;
  data: unknown;
  attempts: number;
  max_attempts: number;
};

export async function insertJob(
  db: DbOrTx,
  job: { name: string; data: unknown; runAt?: Date; maxAttempts?: number; uniqueKey?: string | null },
): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(
    sql`INSERT INTO jobs (name, data, run_at, max_attempts, unique_key)
        VALUES (${job.name}, ${JSON.stringify(job.data ?? {})}::jsonb, ${(job.runAt ?? new Date()).toISOString()},
                ${job.maxAttempts ?? 8}, ${job.uniqueKey ?? null})
        ON CONFLICT (unique_key) DO NOTHING
        RETURNING id`,
  );
  return rows[0]?.id ?? null;
}

/**
 * Claims up to `limit` due jobs: one instance at a time (SKIP LOCKED), a lease (`locked_until`) so that a job whose
 * runner died is taken again once the lease ends, and the attempt counted before it runs.
 */
export async function claimDueJobs(db: DbOrTx, names: readonly string[], limit: number, leaseSeconds: number) {
  if (names.length === 0) return [];
  const list = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  const { rows } = await db.execute<JobRow>(
    sql`UPDATE jobs SET attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseSeconds})
        WHERE id IN (
          SELECT id FROM jobs
          WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now() AND name IN (${list})
            AND (locked_until IS NULL OR locked_until < now())
          ORDER BY run_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, name, data, attempts, max_attempts`,
  );
  return rows;
}

export async function markDone(db: DbOrTx, id: number) {
  await db.execute(sql`UPDATE jobs SET done_at = now(), locked_until = NULL, last_error = NULL WHERE id = ${id}`);
}

/** A failed attempt: retried after `delaySeconds`, or given up when it was the last one. */
export async function markFailed(db: DbOrTx, id: number, error: string, delaySeconds: number, final: boolean) {
  await db.execute(
    sql`UPDATE jobs SET locked_until = NULL, last_error = ${error.slice(0, 2000)},
          run_at = now() + make_interval(secs => ${delaySeconds}),
          failed_at = CASE WHEN ${final} THEN now() ELSE NULL END
        WHERE id = ${id}`,
  );
}

/** Done and failed jobs older than `days` days. */
export async function purgeFinishedJobs(db: DbOrTx, days: number) {
  const { rows } = await db.execute<{ id: number }>(
    sql`DELETE FROM jobs WHERE (done_at < now() - make_interval(days => ${days}))
          OR (failed_at < now() - make_interval(days => ${days})) RETURNING id`,
  );
  return rows.length;
}
