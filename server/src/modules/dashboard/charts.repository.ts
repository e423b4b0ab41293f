import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { inPeriod, isCompleted, repairHours, type TimingMode, timingJoin, visible } from './metrics-sql.ts';

export type BucketUnit = 'day' | 'week' | 'month' | 'year';

/**
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
      SELECT date_trunc(${unit}, i.date::timestamp)::date AS bucket, i.statut, count(*)::int AS n
      FROM interventions i
      WHERE ${visible()} AND ${inPeriod(opts.from, opts.to)}
      GROUP BY 1, 2
    )
    SELECT greatest(b.bucket, ${opts.from}::date)::text AS start, agg.statut, COALESCE(agg.n, 0)::int AS n
    FROM b LEFT JOIN agg ON agg.bucket = b.bucket
    ORDER BY b.bucket, agg.statut`);
  return rows;
}

/** Completed count and mean repair hours per bucket (only buckets that have completed interventions). */
export async function repairSeries(
  db: DbOrTx,
  opts: { unit: BucketUnit; from: string; to: string; timing: TimingMode },
) {
  const unit = sql.raw(`'${opts.unit}'`);
  const { rows } = await db.execute<{ start: string; completed: number; mttr: number | null }>(sql`
    SELECT greatest(date_trunc(${unit}, i.date::timestamp)::date, ${opts.from}::date)::text AS start,
           count(*)::int AS completed,
           avg(${repairHours()}) AS mttr
    FROM interventions i ${timingJoin('i', opts.timing)}
    WHERE ${visible()} AND ${inPeriod(opts.from, opts.to)} AND ${isCompleted()}
    GROUP BY 1`);
  return rows;
}

export async function countByEquipmentType(db: DbOrTx, opts: { from: string; to: string }) {
  const { rows } = await db.execute<{ key: string | null; count: number }>(sql`
    SELECT e.type_equipement AS key, count(*)::int AS count
    FROM interventions i JOIN equipements e ON e.id = i.equipement_id
    WHERE ${visible()} AND ${inPeriod(opts.from, opts.to)}
    GROUP BY 1 ORDER BY 2 DESC, 1`);
  return rows;
}

export async function countByClient(db: DbOrTx, opts: { from: string; to: string; limit: number }) {
  const { rows } = await db.execute<{ id: number; nom: string; count: number }>(sql`
    SELECT c.id, c.nom_entreprise AS nom, x.count
    FROM (
      SELECT i.client_id, count(*)::int AS count
      FROM interventions i
      WHERE ${visible()} AND ${inPeriod(opts.from, opts.to)}
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${opts.limit}
    ) x JOIN clients c ON c.id = x.client_id
    ORDER BY x.count DESC, c.nom_entreprise`);
  return rows;
}
