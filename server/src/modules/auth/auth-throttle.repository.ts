import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthThrottleSettings, Lockout, ThrottleGate, ThrottleRule } from './auth-throttle.ts';

/**
 * The counters of auth-throttle.ts in table auth_throttle (migration 0010); the public request form keeps its own in
 * request_throttle (migration 0057, same columns), so that neither table's clean-up forgets the other's keys before
 * their window ends (their windows differ).
 */
export type ThrottleTable = 'auth_throttle' | 'request_throttle';
const interval = (seconds: number) => sql`make_interval(secs => ${seconds}::float8)`;
const keyList = (rules: ThrottleRule[]) =>
  sql.join(
    rules.map((r) => sql`${r.key}::text`),
    sql`, `,
  );
const limits = (rules: ThrottleRule[]): SQL =>
  sql`(VALUES ${sql.join(
    rules.map((r) => sql`(${r.key}::text, ${r.limit}::int)`),
    sql`, `,
  )})`;

/**
 * Refuses the attempt while any of its keys is blocked (nothing counted), else counts it on every key and reports
 * the keys this attempt put into a delay (a lockout, to be logged).
 */
export async function enterAttempt(
  db: Db,
  s: AuthThrottleSettings,
  rules: ThrottleRule[],
  tableName: ThrottleTable = 'auth_throttle',
): Promise<ThrottleGate> {
  const table = sql.identifier(tableName);
  const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : 1));
  const gate = await db.transaction(async (tx): Promise<ThrottleGate & { windowRestarted: boolean }> => {
    const newRows = sql.join(
      sorted.map((r) => sql`(${r.key}::text)`),
      sql`, `,
    );
    await tx.execute(sql`INSERT INTO ${table} (key) VALUES ${newRows} ON CONFLICT DO NOTHING`);
    // Rows locked in key order: concurrent attempts sharing keys queue up and never deadlock. (Kept a plain
    // top-level SELECT … FOR UPDATE: a condition around it could filter rows before they are locked.)
    const { rows: locked } = await tx.execute<{ wait: number | null }>(sql`
      SELECT CASE WHEN blocked_until > now() THEN ceil(extract(epoch FROM blocked_until - now()))::int END AS wait
      FROM ${table} WHERE key IN (${keyList(sorted)}) ORDER BY key FOR UPDATE`);
    const waits = locked.map((r) => r.wait).filter((w): w is number => w !== null);
    if (waits.length > 0) {
      return { allowed: false, retryAfterSeconds: Math.max(1, ...waits), windowRestarted: false };
    }

    const expired = sql`t.window_start <= now() - ${interval(s.windowSeconds)}`;
    const { rows } = await tx.execute<{ key: string; attempts: number; wait: number | null; restarted: boolean }>(sql`
      WITH n AS (
        SELECT t.key, r.lim,
               CASE WHEN ${expired} THEN 1 ELSE t.failures + 1 END AS attempts,
               CASE WHEN ${expired} THEN now() ELSE t.window_start END AS window_start,
               ${expired} AS restarted
        FROM ${table} t JOIN ${limits(sorted)} AS r(key, lim) ON r.key = t.key
      )
      UPDATE ${table} t
      SET failures = n.attempts,
          window_start = n.window_start,
          blocked_until = CASE WHEN n.attempts >= n.lim THEN now() + make_interval(secs => least(
            ${s.baseDelaySeconds}::float8 * power(2, least(n.attempts - n.lim, 30)), ${s.maxDelaySeconds}::float8)) END,
          updated_at = now()
      FROM n WHERE t.key = n.key
      RETURNING t.key, t.failures AS attempts, ceil(extract(epoch FROM t.blocked_until - now()))::int AS wait,
                n.restarted`);
    const lockouts = rows
      .filter((r) => r.wait != null)
      .map((r) => ({
        kind: rules.find((rule) => rule.key === r.key)!.kind,
        key: r.key,
        attempts: r.attempts,
        retryAfterSeconds: Math.max(1, r.wait!),
      }));
    const windowRestarted = rows.some((r) => r.restarted && rules.find((x) => x.key === r.key)?.kind === 'global');
    return { allowed: true, lockouts, windowRestarted };
  });
  // Once per global window, forget keys whose window is over and that hold no delay (same as an absent row).
  // Outside the transaction, skipping rows in use, so that it never waits on nor blocks an attempt.
  if (gate.windowRestarted) {
    await db.execute(sql`
      DELETE FROM ${table} WHERE key IN (
        SELECT key FROM ${table}
        WHERE window_start <= now() - ${interval(s.windowSeconds)} AND (blocked_until IS NULL OR blocked_until <= now())
        FOR UPDATE SKIP LOCKED)`);
  }
  const { windowRestarted: _, ...result } = gate;
  return result;
}

/**
 * The password was right: the account's counter starts over, and the attempt counted on the address and the
 * installation is given back (only failures count there), with any delay this very attempt set (the key was not
 * blocked when the attempt came in, or it would have been refused).
 */
export async function loginSucceeded(db: Db, rules: ThrottleRule[], setByThisAttempt: Lockout[]): Promise<void> {
  const account = rules.filter((r) => r.kind === 'account');
  const others = rules.filter((r) => r.kind !== 'account').sort((a, b) => (a.key < b.key ? -1 : 1));
  if (account.length > 0) await db.execute(sql`DELETE FROM auth_throttle WHERE key IN (${keyList(account)})`);
  if (others.length === 0) return;
  const lifted = new Set(setByThisAttempt.map((l) => l.key));
  const unblock = sql`(VALUES ${sql.join(
    others.map((r) => sql`(${r.key}::text, ${lifted.has(r.key)}::boolean)`),
    sql`, `,
  )})`;
  await db.execute(sql`
    UPDATE auth_throttle t
    SET failures = greatest(t.failures - 1, 0),
        blocked_until = CASE WHEN r.lift THEN NULL ELSE t.blocked_until END
    FROM ${unblock} AS r(key, lift)
    WHERE t.key = r.key
      AND t.key IN (SELECT key FROM auth_throttle WHERE key IN (${keyList(others)}) ORDER BY key FOR UPDATE)`);
}
