import type { Visibility } from '@gmao/domain/auth/visibility';
import { ALERT_LIST_LIMIT } from '@gmao/domain/dashboard/metrics';
import { dayAfter } from '@gmao/domain/interventions/due-day';
import type { Statut } from '@gmao/domain/interventions/status';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import {
  assignedTo,
  dueBefore,
  dueOn,
  inPeriod,
  isActive,
  isCompleted,
  isOpen,
  isOverdue,
  isUrgent,
  visible,
} from '../../db/predicates.ts';
import { nWhere, rActive, rCompleted, rInPeriod, rOpen, rOverdue } from '../../db/rollups-sql.ts';
import { clientVisible } from '../../db/visibility.ts';

type OverviewRow = {
  total: number;
  active: number;
  period_total: number;
  period_completed: number;
  urgent: number;
  overdue: number;
  equipment: number;
  clients: number;
};

/**
 * Every figure is one SQL aggregate over the day × statut roll-up (migration 0022); rows are never counted — except
 * for a user who sees less than the company (issue 33): the roll-up knows no client, so his figures are counted over
 * his sections' interventions, with the same predicates (db/predicates.ts) the roll-up's are checked against.
 */
export async function overviewCounts(db: DbOrTx, opts: { today: string; from: string; visibility?: Visibility }) {
  if (opts.visibility) return scopedOverviewCounts(db, { ...opts, visibility: opts.visibility });
  const { rows } = await db.execute<OverviewRow>(sql`
    SELECT ${nWhere()} AS total,
           ${nWhere(rActive)} AS active,
           ${nWhere(rInPeriod(opts.from, opts.today))} AS period_total,
           ${nWhere(sql`${rInPeriod(opts.from, opts.today)} AND ${rCompleted}`)} AS period_completed,
           ${nWhere(sql`${rOpen} AND r.urgence`)} AS urgent,
           ${nWhere(rOverdue(opts.today))} AS overdue,
           (SELECT count(*) FROM equipements)::int AS equipment,
           (SELECT count(*) FROM clients)::int AS clients
    FROM rollup_day_status r`);
  return rows[0];
}

async function scopedOverviewCounts(db: DbOrTx, opts: { today: string; from: string; visibility: Visibility }) {
  const v = opts.visibility;
  const period = inPeriod(opts.from, opts.today);
  const { rows } = await db.execute<OverviewRow>(sql`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE ${isActive()})::int AS active,
           count(*) FILTER (WHERE ${period})::int AS period_total,
           count(*) FILTER (WHERE ${period} AND ${isCompleted()})::int AS period_completed,
           count(*) FILTER (WHERE ${isUrgent()})::int AS urgent,
           count(*) FILTER (WHERE ${isOverdue(opts.today)})::int AS overdue,
           (SELECT count(*) FROM equipements e WHERE ${clientVisible(v, sql`e.proprietaire_id`)})::int AS equipment,
           (SELECT count(*) FROM clients c WHERE ${clientVisible(v, sql`c.id`)})::int AS clients
    FROM interventions i WHERE ${visible()} AND ${clientVisible(v, sql`i.client_id`)}`);
  return rows[0];
}

export async function alertCounts(db: DbOrTx, today: string, v?: Visibility) {
  if (v) {
    const { rows } = await db.execute<{ urgent: number; overdue: number }>(sql`
      SELECT count(*) FILTER (WHERE ${isUrgent()})::int AS urgent,
             count(*) FILTER (WHERE ${isOverdue(today)})::int AS overdue
      FROM interventions i WHERE ${visible()} AND ${clientVisible(v, sql`i.client_id`)} AND ${isOpen()}`);
    return rows[0];
  }
  const { rows } = await db.execute<{ urgent: number; overdue: number }>(sql`
    SELECT ${nWhere(sql`${rOpen} AND r.urgence`)} AS urgent,
           ${nWhere(rOverdue(today))} AS overdue
    FROM rollup_day_status r`);
  return rows[0];
}

export type AlertRow = {
  id: number;
  date: string;
  description: string | null;
  statut: Statut;
  equipement: string;
  client: string;
};

/** Urgent (most recent date first) or overdue (oldest first) interventions, at most ALERT_LIST_LIMIT. */
export async function alertList(db: DbOrTx, kind: 'urgent' | 'overdue', today: string, v?: Visibility) {
  const where = kind === 'urgent' ? isUrgent() : isOverdue(today);
  const order = kind === 'urgent' ? sql`i.date DESC, i.id DESC` : sql`i.date ASC, i.id ASC`;
  const { rows } = await db.execute<AlertRow>(sql`
    SELECT i.id, i.date, i.description, i.statut, e.nom AS equipement, c.nom_entreprise AS client
    FROM interventions i
    JOIN equipements e ON e.id = i.equipement_id
    JOIN clients c ON c.id = i.client_id
    WHERE ${visible()} AND ${where} AND ${v ? clientVisible(v, sql`i.client_id`) : sql`TRUE`}
    ORDER BY ${order}
    LIMIT ${ALERT_LIST_LIMIT}`);
  return rows;
}

export type RecentRow = {
  id: number;
  date: string;
  description: string | null;
  statut: Statut;
  urgence: boolean;
  created_at: Date;
  equipement_id: number;
  equipement_nom: string;
  type_equipement: string | null;
  client_id: number;
  nom_entreprise: string;
  creer_par: number | null;
  creer_par_nom: string | null;
};

export async function recentInterventions(db: DbOrTx, limit: number, v?: Visibility) {
  const { rows } = await db.execute<RecentRow>(sql`
    SELECT i.id, i.date, i.description, i.statut, i.urgence, i.created_at,
           e.id AS equipement_id, e.nom AS equipement_nom, e.type_equipement,
           c.id AS client_id, c.nom_entreprise,
           u.id AS creer_par, u.nom AS creer_par_nom
    FROM interventions i
    JOIN equipements e ON e.id = i.equipement_id
    JOIN clients c ON c.id = i.client_id
    LEFT JOIN users u ON u.id = i.creer_par
    WHERE ${visible()} AND ${v ? clientVisible(v, sql`i.client_id`) : sql`TRUE`}
    ORDER BY i.created_at DESC, i.id DESC
    LIMIT ${limit}`);
  return rows;
}

/** "Mon travail": the user's open, urgent and overdue interventions, his next ones and his timer this week. */
export async function myWorkFigures(
  db: DbOrTx,
  userId: number,
  opts: { today: string; day: string; weekStart: string; nextLimit: number; dayLimit: number },
) {
  const { today, day, weekStart, nextLimit, dayLimit } = opts;
  const mine = sql`${visible()} AND ${assignedTo(userId)} AND ${isOpen()}`;
  const tomorrow = dayAfter(day);
  // Within a group or the next ones: urgent first, then the nearest due time (an unplanned job at its date's start).
  const order = sql`i.urgence DESC, COALESCE(i.planned_at, i.date::timestamptz), i.id`;
  const [counts, next, days, time] = await Promise.all([
    // Summed from the day × technician × statut × urgence roll-up (migration 0037; visible interventions only): a
    // technician with years of history (36,000 interventions at 1 M rows) is not counted row by row.
    db.execute<{ open: number; urgent: number; overdue: number }>(sql`
      SELECT ${nWhere(rOpen)} AS open, ${nWhere(isUrgent('r'))} AS urgent, ${nWhere(rOverdue(today))} AS overdue
      FROM rollup_day_technician r WHERE r.technician_id = ${userId}`),
    // Issue 30: the next ones are those still ahead (due today or later; the late ones have their own group).
    db.execute<MyWorkRow>(sql`
      SELECT ${MY_WORK_COLUMNS}
      FROM interventions i JOIN equipements e ON e.id = i.equipement_id JOIN clients c ON c.id = i.client_id
      WHERE ${mine} AND NOT ${dueBefore(day)}
      ORDER BY ${order}
      LIMIT ${nextLimit}`),
    // "Aujourd'hui", "Demain", "En retard" (Casablanca days): each group's size and its first `dayLimit` items.
    db.execute<MyWorkRow & { grp: 'today' | 'tomorrow' | 'late'; n: number }>(sql`
      SELECT * FROM (
        SELECT g.*, count(*) OVER (PARTITION BY g.grp)::int AS n,
               row_number() OVER (PARTITION BY g.grp ORDER BY g.urgence DESC, g.due, g.id) AS rank
        FROM (
          SELECT ${MY_WORK_COLUMNS}, COALESCE(i.planned_at, i.date::timestamptz) AS due,
                 CASE WHEN ${dueOn(day)} THEN 'today' WHEN ${dueOn(tomorrow)} THEN 'tomorrow' ELSE 'late' END AS grp
          FROM interventions i JOIN equipements e ON e.id = i.equipement_id JOIN clients c ON c.id = i.client_id
          WHERE ${mine} AND ${dueBefore(dayAfter(tomorrow))}
        ) g
      ) ranked
      WHERE rank <= ${dayLimit}
      ORDER BY rank`),
    db.execute<{ minutes: number }>(sql`
      SELECT COALESCE(floor(sum(extract(epoch FROM
               LEAST(COALESCE(s.stopped_at, clock_timestamp()), clock_timestamp())
               - GREATEST(s.started_at, ${weekStart}::date::timestamptz))) / 60), 0)::int AS minutes
      FROM intervention_timer_sessions s
      WHERE s.user_id = ${userId} AND COALESCE(s.stopped_at, clock_timestamp()) > ${weekStart}::date::timestamptz`),
  ]);
  return { counts: counts.rows[0]!, next: next.rows, days: days.rows, minutes: time.rows[0]?.minutes ?? 0 };
}

export type MyWorkRow = {
  id: number;
  date: string;
  planned_at: Date | null;
  statut: Statut;
  urgence: boolean;
  description: string | null;
  equipement: string;
  client: string;
};

const MY_WORK_COLUMNS = sql`i.id, i.date, i.planned_at, i.statut, i.urgence, i.description, e.nom AS equipement,
  c.nom_entreprise AS client`;
