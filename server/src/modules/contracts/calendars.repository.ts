import { type CalendarInput, formatHeure, parseHeure } from '@gmao/domain/contracts/contract-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/** Business calendars (issue 31, migration 0047): SQL only. */

const iso = (d: Date | string) => new Date(d).toISOString();
const json = (v: unknown) => JSON.stringify(v);
/** A JSON array of ids as a set of integers (one parameter, whatever the count). */
const _idSet = (ids: readonly number[]) => sql`(SELECT jsonb_array_elements_text(${json(ids)}::jsonb)::int)`;

export interface CalendarRow {
  id: number;
  nom: string;
  applique_jours_feries: boolean;
  plages: { jour: number; debut: string; fin: string }[];
  exceptions: { date: string; ouvert: boolean }[];
  contrats: number;
  created_at: string;
  updated_at: string;
}

type RawCalendar = Omit<CalendarRow, 'plages' | 'created_at' | 'updated_at'> & {
  plages: { jour: number; debut: number; fin: number }[];
  created_at: Date | string;
  updated_at: Date | string;
};

const SELECT_CALENDAR = sql`SELECT b.id, b.nom, b.applique_jours_feries, b.created_at, b.updated_at,
    COALESCE((SELECT json_agg(json_build_object('jour', i.jour, 'debut', i.debut, 'fin', i.fin) ORDER BY i.jour, i.debut)
      FROM business_calendar_intervals i WHERE i.calendar_id = b.id), '[]') AS plages,
    COALESCE((SELECT json_agg(json_build_object('date', x.date::text, 'ouvert', x.ouvert) ORDER BY x.date)
      FROM business_calendar_exceptions x WHERE x.calendar_id = b.id), '[]') AS exceptions,
    (SELECT count(*)::int FROM contracts k WHERE k.calendrier_id = b.id AND k.deleted_at IS NULL) AS contrats
  FROM business_calendars b`;

const toCalendar = (r: RawCalendar): CalendarRow => ({
  ...r,
  plages: r.plages.map((p) => ({ jour: p.jour, debut: formatHeure(p.debut), fin: formatHeure(p.fin) })),
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

export async function listCalendars(db: DbOrTx): Promise<CalendarRow[]> {
  const { rows } = await db.execute<RawCalendar>(sql`${SELECT_CALENDAR} ORDER BY b.nom, b.id`);
  return rows.map(toCalendar);
}

export async function findCalendar(db: DbOrTx, id: number): Promise<CalendarRow | null> {
  const { rows } = await db.execute<RawCalendar>(sql`${SELECT_CALENDAR} WHERE b.id = ${id}`);
  return rows[0] ? toCalendar(rows[0]) : null;
}

export async function lockCalendar(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT id FROM business_calendars WHERE id = ${id} FOR UPDATE`);
  return rows.length > 0;
}

/** Calendar names are unique whatever their case: writers of names take turns until commit. */
export async function lockCalendarNames(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('gmao_calendar_names'))`);
}

export async function calendarNameTaken(db: DbOrTx, nom: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM business_calendars WHERE lower(nom) = lower(${nom}) AND id IS DISTINCT FROM ${exceptId}`,
  );
  return rows.length > 0;
}

async function writeCalendarParts(db: DbOrTx, id: number, input: CalendarInput) {
  await db.execute(sql`DELETE FROM business_calendar_intervals WHERE calendar_id = ${id}`);
  await db.execute(sql`DELETE FROM business_calendar_exceptions WHERE calendar_id = ${id}`);
  const plages = input.plages.map((p) => ({ jour: p.jour, debut: parseHeure(p.debut), fin: parseHeure(p.fin) }));
  await db.execute(sql`INSERT INTO business_calendar_intervals (calendar_id, jour, debut, fin)
    SELECT ${id}, (p->>'jour')::smallint, (p->>'debut')::smallint, (p->>'fin')::smallint
    FROM jsonb_array_elements(${json(plages)}::jsonb) p`);
  if (input.exceptions.length > 0) {
    await db.execute(sql`INSERT INTO business_calendar_exceptions (calendar_id, date, ouvert)
      SELECT ${id}, (x->>'date')::date, (x->>'ouvert')::boolean FROM jsonb_array_elements(${json(input.exceptions)}::jsonb) x`);
  }
}

export async function insertCalendar(db: DbOrTx, input: CalendarInput): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`INSERT INTO business_calendars (nom, applique_jours_feries)
    VALUES (${input.nom}, ${input.applique_jours_feries}) RETURNING id`);
  const id = rows[0]!.id;
  await writeCalendarParts(db, id, input);
  return id;
}

export async function updateCalendar(db: DbOrTx, id: number, input: CalendarInput): Promise<void> {
  await db.execute(sql`UPDATE business_calendars SET nom = ${input.nom},
    applique_jours_feries = ${input.applique_jours_feries}, updated_at = now() WHERE id = ${id}`);
  await writeCalendarParts(db, id, input);
}

/** Contracts (live or not) whose current terms or any version use the calendar. */
export async function calendarUses(db: DbOrTx, id: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(DISTINCT k.id)::int AS n FROM contracts k
    WHERE k.calendrier_id = ${id}
      OR EXISTS (SELECT 1 FROM contract_versions v WHERE v.contract_id = k.id AND v.calendrier_id = ${id})`);
  return rows[0]?.n ?? 0;
}

export async function deleteCalendar(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM business_calendars WHERE id = ${id}`);
}
