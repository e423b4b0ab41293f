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

export async function countByClient(db: DbOrTx, opts: { from: string; to: string; limit: number }) {
  const { rows } = await db.execute<{ id: number; nom: string; count: number }>(sql`
    SELECT c.id, c.nom_entreprise AS nom, x.count
    FROM (
      SELECT r.client_id, sum(r.n)::int AS count
      FROM rollup_day_client r
      WHERE ${rInPeriod(opts.from, opts.to)}
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${opts.limit}
    ) x JOIN clients c ON c.id = x.client_id
    ORDER BY x.count DESC, c.nom_entreprise`);
  return rows;
}
