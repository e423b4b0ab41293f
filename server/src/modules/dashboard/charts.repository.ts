import type { ChartPeriod } from '@gmao/domain/dashboard/dashboard-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { rInPeriod } from '../../db/rollups-sql.ts';

/** Chart buckets (the dashboard's periods; the analytics buckets are a subset). */
export type BucketUnit = ChartPeriod;

/**
 * Read from the daily roll-up (migration 0022), never from interventions.
 *
 * Interventions per bucket and status between `from` and `to` (inclusive). Buckets come from generate_series, so
 * empty ones are present (statut null, n 0). `start` is the bucket's first day, clipped to `from`.
 */
export async function statusSeries(db: DbOrTx, opts: { unit: BucketUnit; from: string; to: string }) {
  const step = sql.raw(`'1 ${opts.unit}'::interval`);
  const unit = sql.raw(`'${opts.unit}'`);
  const { rows } = await db.execute<{ start: string; statut: string | null; n: number }>(sql`
    WITH b AS (
      SELECT generate_series(date_trunc(${unit}, ${opts.from}::timestamp), date_trunc(${unit}, ${opts.to}::timestamp), ${step})::date AS bucket
    ), agg AS (
      SELECT date_trunc(${unit}, r.day::timestamp)::date AS bucket, r.statut, sum(r.n)::int AS n
      FROM rollup_day_status r
      WHERE ${rInPeriod(opts.from, opts.to)}
      GROUP BY 1, 2
    )
    SELECT greatest(b.bucket, ${opts.from}::date)::text AS start, agg.statut, COALESCE(agg.n, 0)::int AS n
    FROM b LEFT JOIN agg ON agg.bucket = b.bucket
    ORDER BY b.bucket, agg.statut`);
  return rows;
}

export async function countByEquipmentType(db: DbOrTx, opts: { from: string; to: string }) {
  const { rows } = await db.execute<{ key: string | null; count: number }>(sql`
    SELECT r.type_equipement AS key, sum(r.n)::int AS count
    FROM rollup_day_type r
    WHERE ${rInPeriod(opts.from, opts.to)}
    GROUP BY 1 ORDER BY 2 DESC, 1`);
  return rows;
}

const DAY_MS = 86_400_000;
const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const monthStart = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const nextMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/** Days [from, to] (inclusive) of the daily roll-up, added (sign 1) or taken away (sign -1). */
export type DayPart = { from: string; to: string; sign: 1 | -1 };

/**
 * [from, to] for the month roll-up: whole months [lo, hi) and days added or taken away at the edges. A partial month
 * at an edge is read as its days, or as the month minus the days outside the period when those are fewer (the
 * chart's current month: the month less its days after today).
 */
export function monthSplit(from: string, to: string): { months: { lo: string; hi: string } | null; days: DayPart[] } {
  const f = utc(from);
  const t = utc(to);
  if (monthStart(f) === monthStart(t) && !(f === monthStart(f) && t + DAY_MS === nextMonth(t)))
    return { months: null, days: [{ from, to, sign: 1 }] };
  const days: DayPart[] = [];
  let lo = monthStart(f);
  if (f !== lo) {
    const inside = (nextMonth(f) - f) / DAY_MS;
    const outside = (f - lo) / DAY_MS;
    if (inside <= outside) {
      days.push({ from, to: isoDay(nextMonth(f) - DAY_MS), sign: 1 });
      lo = nextMonth(f);
    } else days.push({ from: isoDay(lo), to: isoDay(f - DAY_MS), sign: -1 });
  }
  let hi = nextMonth(t);
  if (t + DAY_MS !== hi) {
    const inside = (t - monthStart(t)) / DAY_MS + 1;
    const outside = (hi - t) / DAY_MS - 1;
    if (inside <= outside) {
      days.push({ from: isoDay(monthStart(t)), to, sign: 1 });
      hi = monthStart(t);
    } else days.push({ from: isoDay(t + DAY_MS), to: isoDay(hi - DAY_MS), sign: -1 });
  }
  return { months: lo < hi ? { lo: isoDay(lo), hi: isoDay(hi) } : null, days };
}

/**
 * Interventions per client over [from, to]: whole months from rollup_month_client (migration 0040: 12 rows a client
 * for a year instead of 365), the partial months at the edges corrected with rollup_day_client (monthSplit).
 */
export async function countByClient(db: DbOrTx, opts: { from: string; to: string; limit: number }) {
  const { months, days } = monthSplit(opts.from, opts.to);
  const parts = days.map(
    (d) => sql`SELECT r.client_id, ${sql.raw(String(d.sign))} * r.n AS n FROM rollup_day_client r
               WHERE r.day >= ${d.from}::date AND r.day <= ${d.to}::date`,
  );
  if (months)
    parts.push(
      sql`SELECT m.client_id, m.n FROM rollup_month_client m WHERE m.month >= ${months.lo}::date AND m.month < ${months.hi}::date`,
    );
  if (parts.length === 0) return [];
  const { rows } = await db.execute<{ id: number; nom: string; count: number }>(sql`
    SELECT c.id, c.nom_entreprise AS nom, x.count
    FROM (
      SELECT p.client_id, sum(p.n)::int AS count
      FROM (${sql.join(parts, sql` UNION ALL `)}) p
      GROUP BY 1 HAVING sum(p.n) > 0 ORDER BY 2 DESC, 1 LIMIT ${opts.limit}
    ) x JOIN clients c ON c.id = x.client_id
    ORDER BY x.count DESC, c.nom_entreprise`);
  return rows;
}
