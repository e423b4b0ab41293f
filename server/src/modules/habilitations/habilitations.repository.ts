import { metricsToday } from '@gmao/domain/dashboard/metrics';
import type { HabilitationTitle } from '@gmao/domain/habilitations/coverage';
import { type Habilitation, type HabilitationInput, titleState } from '@gmao/domain/habilitations/habilitation-schemas';
import type { Exigence, WorkKind } from '@gmao/domain/habilitations/requirements';
import type { VoltageDomain } from '@gmao/domain/habilitations/symbols';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/** The SQL of the habilitations module (issue 34, migration 0058): titles, medical fitness, what a job requires. */

type Row = Omit<Habilitation, 'created_at' | 'created_by' | 'document' | 'etat'> & {
  created_at: Date | string;
  created_by_id: number | null;
  created_by_nom: string | null;
  document: boolean;
};

const SELECT = sql`SELECT h.id, h.user_id, u.nom AS user_nom, h.symbole, h.attribut, h.domaine, h.champ, h.restrictions,
  to_char(h.delivree_le, 'YYYY-MM-DD') AS delivree_le, to_char(h.valide_jusqu_au, 'YYYY-MM-DD') AS valide_jusqu_au,
  h.signataire, h.document_key IS NOT NULL AS document, h.created_at, h.created_by AS created_by_id,
  c.nom AS created_by_nom
  FROM habilitations h JOIN users u ON u.id = h.user_id LEFT JOIN users c ON c.id = h.created_by`;

function toHabilitation(r: Row): Habilitation {
  const { created_by_id, created_by_nom, created_at, ...rest } = r;
  return {
    ...rest,
    etat: titleState(rest, metricsToday()),
    created_at: new Date(created_at).toISOString(),
    created_by: created_by_id !== null && created_by_nom !== null ? { id: created_by_id, nom: created_by_nom } : null,
  };
}

export async function userExists(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<{ nom: string; aptitude: string | null }>(
    sql`SELECT nom, to_char(aptitude_medicale_jusqu_au, 'YYYY-MM-DD') AS aptitude FROM users
        WHERE id = ${userId} AND deleted_at IS NULL`,
  );
  return rows[0] ?? null;
}

/** A user's titles, newest first (the history: renewals are rows of their own). */
export async function listUserTitles(db: DbOrTx, userId: number): Promise<Habilitation[]> {
  const { rows } = await db.execute<Row>(
    sql`${SELECT} WHERE h.user_id = ${userId} ORDER BY h.valide_jusqu_au DESC, h.id DESC`,
  );
  return rows.map(toHabilitation);
}

export async function findTitle(db: DbOrTx, id: number): Promise<Habilitation | null> {
  const { rows } = await db.execute<Row>(sql`${SELECT} WHERE h.id = ${id}`);
  return rows[0] ? toHabilitation(rows[0]) : null;
}

export async function insertTitle(db: DbOrTx, userId: number, input: HabilitationInput, by: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`INSERT INTO habilitations (user_id, symbole, attribut, domaine, champ, restrictions, delivree_le, valide_jusqu_au,
          signataire, created_by)
        VALUES (${userId}, ${input.symbole}, ${input.attribut}, ${input.domaine}, ${input.champ}, ${input.restrictions},
          ${input.delivree_le}::date, ${input.valide_jusqu_au}::date, ${input.signataire}, ${by})
        RETURNING id`,
  );
  return rows[0].id;
}

export async function updateTitle(db: DbOrTx, id: number, input: HabilitationInput): Promise<boolean> {
  const { rows } = await db.execute(
    sql`UPDATE habilitations SET symbole = ${input.symbole}, attribut = ${input.attribut}, domaine = ${input.domaine},
          champ = ${input.champ}, restrictions = ${input.restrictions}, delivree_le = ${input.delivree_le}::date,
          valide_jusqu_au = ${input.valide_jusqu_au}::date, signataire = ${input.signataire},
          notified_90_at = CASE WHEN valide_jusqu_au = ${input.valide_jusqu_au}::date THEN notified_90_at END,
          notified_30_at = CASE WHEN valide_jusqu_au = ${input.valide_jusqu_au}::date THEN notified_30_at END,
          notified_0_at = CASE WHEN valide_jusqu_au = ${input.valide_jusqu_au}::date THEN notified_0_at END
        WHERE id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

export async function deleteTitle(db: DbOrTx, id: number): Promise<string | null | undefined> {
  const { rows } = await db.execute<{ document_key: string | null }>(
    sql`DELETE FROM habilitations WHERE id = ${id} RETURNING document_key`,
  );
  return rows.length ? rows[0].document_key : undefined;
}

export async function setMedicalFitness(db: DbOrTx, userId: number, day: string | null) {
  await db.execute(
    sql`UPDATE users SET aptitude_medicale_jusqu_au = ${day}::date, updated_at = now(),
          aptitude_notified_90_at = NULL, aptitude_notified_30_at = NULL, aptitude_notified_0_at = NULL
        WHERE id = ${userId} AND aptitude_medicale_jusqu_au IS DISTINCT FROM ${day}::date`,
  );
}

/** Every title whose last valid day is before `before` (when given), matching `search`, soonest first. */
export async function listTitles(
  db: DbOrTx,
  f: { before?: string; search?: string },
  page: number,
  limit: number,
): Promise<{ items: Habilitation[]; total: number }> {
  const where = [sql`u.deleted_at IS NULL`];
  if (f.before) where.push(sql`h.valide_jusqu_au < ${f.before}::date`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(u.nom ILIKE ${like} OR h.symbole ILIKE ${like} OR h.signataire ILIKE ${like})`);
  }
  const cond = sql.join(where, sql` AND `);
  const { rows } = await db.execute<Row>(
    sql`${SELECT} WHERE ${cond} ORDER BY h.valide_jusqu_au, h.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
  );
  const count = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM habilitations h JOIN users u ON u.id = h.user_id WHERE ${cond}`,
  );
  return { items: rows.map(toHabilitation), total: count.rows[0].n };
}

type TitleRow = { [K in keyof HabilitationTitle]: HabilitationTitle[K] };

// ── What the check reads ─────────────────────────────────────────────────────────────────────────────────────────

export type JobFacts = {
  id: number;
  type_travail: WorkKind | null;
  domaine_tension: VoltageDomain | null;
  exigences: Exigence[];
  /** The Casablanca day of the planned start, else the intervention's date. */
  day: string;
  derogation_technician_id: number | null;
};

/** For each of `ids`: its kind of work, its equipment's domain and requirements, and its planned day. */
export async function jobFacts(db: DbOrTx, ids: readonly number[]): Promise<JobFacts[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const { rows } = await db.execute<JobFacts>(
    sql`SELECT i.id, i.type_travail, e.domaine_tension, e.exigences, i.derogation_technician_id,
          to_char(COALESCE((i.planned_at AT TIME ZONE 'Africa/Casablanca')::date, i.date), 'YYYY-MM-DD') AS day
        FROM interventions i JOIN equipements e ON e.id = i.equipement_id WHERE i.id IN (${list}) ORDER BY i.id`,
  );
  return rows;
}

/** What a job would require on `equipementId` (creation before the row exists, or an edit that changes it). */
export async function equipmentRequirements(db: DbOrTx, equipementId: number) {
  const { rows } = await db.execute<{ domaine_tension: VoltageDomain | null; exigences: Exigence[] }>(
    sql`SELECT domaine_tension, exigences FROM equipements WHERE id = ${equipementId}`,
  );
  return rows[0] ?? null;
}

/** The holder as the check reads him: name, medical fitness and every title. */
export async function holderOf(db: DbOrTx, userId: number) {
  const user = await userExists(db, userId);
  if (!user) return null;
  const { rows } = await db.execute<TitleRow>(
    sql`SELECT symbole, attribut, domaine, to_char(delivree_le, 'YYYY-MM-DD') AS delivree_le,
          to_char(valide_jusqu_au, 'YYYY-MM-DD') AS valide_jusqu_au
        FROM habilitations WHERE user_id = ${userId}`,
  );
  return { nom: user.nom, aptitude_medicale_jusqu_au: user.aptitude, titles: rows };
}

/** Every enabled user's titles at once (the technician picker). */
export async function holdersOf(db: DbOrTx, userIds: readonly number[]) {
  const out = new Map<
    number,
    { nom: string; aptitude_medicale_jusqu_au: string | null; titles: HabilitationTitle[] }
  >();
  if (userIds.length === 0) return out;
  const list = sql.join(
    userIds.map((i) => sql`${i}`),
    sql`, `,
  );
  const users = await db.execute<{ id: number; nom: string; aptitude: string | null }>(
    sql`SELECT id, nom, to_char(aptitude_medicale_jusqu_au, 'YYYY-MM-DD') AS aptitude FROM users WHERE id IN (${list})`,
  );
  for (const u of users.rows) out.set(u.id, { nom: u.nom, aptitude_medicale_jusqu_au: u.aptitude, titles: [] });
  const titles = await db.execute<TitleRow & { user_id: number }>(
    sql`SELECT user_id, symbole, attribut, domaine, to_char(delivree_le, 'YYYY-MM-DD') AS delivree_le,
          to_char(valide_jusqu_au, 'YYYY-MM-DD') AS valide_jusqu_au
        FROM habilitations WHERE user_id IN (${list})`,
  );
  for (const t of titles.rows) out.get(t.user_id)?.titles.push(t);
  return out;
}

/** The derogation's note in the intervention's history (a note row: no status move). */
export async function insertDerogationNote(db: DbOrTx, interventionId: number, note: string, userId: number) {
  await db.execute(sql`INSERT INTO intervention_history (intervention_id, from_statut, to_statut, note, user_id, created_at)
    VALUES (${interventionId}, NULL, NULL, ${note}, ${userId}, clock_timestamp())`);
}

export async function recordDerogation(
  db: DbOrTx,
  ids: readonly number[],
  d: { motif: string; by: number; technicianId: number },
) {
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  await db.execute(
    sql`UPDATE interventions SET derogation_motif = ${d.motif}, derogation_par = ${d.by}, derogation_le = now(),
          derogation_technician_id = ${d.technicianId}
        WHERE id IN (${list})`,
  );
}

// ── Expiry notices (issue 34) ────────────────────────────────────────────────────────────────────────────────────

export type ExpiryThreshold = 0 | 30 | 90;

/** The days a threshold covers: 90 → 31..90 days ahead, 30 → 1..30, 0 → the last valid day or the week after. */
const window = (seuil: ExpiryThreshold, today: string) =>
  seuil === 0
    ? sql`BETWEEN ${today}::date - 7 AND ${today}::date`
    : seuil === 30
      ? sql`BETWEEN ${today}::date + 1 AND ${today}::date + 30`
      : sql`BETWEEN ${today}::date + 31 AND ${today}::date + 90`;
/** A notice also stands for the earlier thresholds (a titre recorded 20 days before its end gets one notice). */
const marks = (seuil: ExpiryThreshold, prefix: string) => {
  const col = (d: number) => sql.raw(`${prefix}notified_${d}_at`);
  return seuil === 0
    ? sql`${col(0)} = now(), ${col(30)} = coalesce(${col(30)}, now()), ${col(90)} = coalesce(${col(90)}, now())`
    : seuil === 30
      ? sql`${col(30)} = now(), ${col(90)} = coalesce(${col(90)}, now())`
      : sql`${col(90)} = now()`;
};

export type ExpiringTitle = {
  id: number;
  user_id: number;
  user_nom: string;
  symbole: string;
  attribut: string | null;
  domaine: string;
  valide_jusqu_au: string;
  /** Open interventions assigned to him planned after the expiry (flagged in the notice). */
  affectees_apres: number;
};

/**
 * Claims the titres reaching `seuil` (once each across instances: a row-locked UPDATE whose WHERE is re-checked after a
 * concurrent commit), leaving out a titre already renewed (a later row of the same symbol and domain) and those of
 * disabled or removed users.
 */
export async function claimExpiringTitles(tx: DbOrTx, seuil: ExpiryThreshold, today: string, limit = 500) {
  const col = sql.raw(`notified_${seuil}_at`);
  const { rows } = await tx.execute<ExpiringTitle>(sql`
    UPDATE habilitations h SET ${marks(seuil, '')}
    FROM users u
    WHERE h.id IN (
      SELECT x.id FROM habilitations x JOIN users xu ON xu.id = x.user_id
      WHERE x.${col} IS NULL AND x.valide_jusqu_au ${window(seuil, today)}
        AND xu.enabled AND xu.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM habilitations n WHERE n.user_id = x.user_id AND n.symbole = x.symbole
          AND n.domaine = x.domaine AND n.attribut IS NOT DISTINCT FROM x.attribut AND n.valide_jusqu_au > x.valide_jusqu_au)
      ORDER BY x.valide_jusqu_au, x.id LIMIT ${limit} FOR UPDATE OF x SKIP LOCKED)
      AND u.id = h.user_id AND h.${col} IS NULL
    RETURNING h.id, h.user_id, u.nom AS user_nom, h.symbole, h.attribut, h.domaine,
      to_char(h.valide_jusqu_au, 'YYYY-MM-DD') AS valide_jusqu_au,
      (SELECT count(*)::int FROM interventions i WHERE i.technician_id = h.user_id AND i.deleted_at IS NULL
        AND i.statut IN ('PLANIFIEE', 'EN_ATTENTE_PDR', 'EN_COURS', 'EN_PAUSE')
        AND COALESCE((i.planned_at AT TIME ZONE 'Africa/Casablanca')::date, i.date) > h.valide_jusqu_au) AS affectees_apres`);
  return rows;
}

/** The medical fitness dates reaching `seuil`, claimed like the titres. */
export async function claimExpiringFitness(tx: DbOrTx, seuil: ExpiryThreshold, today: string, limit = 500) {
  const col = sql.raw(`aptitude_notified_${seuil}_at`);
  const { rows } = await tx.execute<{ user_id: number; user_nom: string; jusqu_au: string }>(sql`
    UPDATE users u SET ${marks(seuil, 'aptitude_')}
    WHERE u.id IN (
      SELECT x.id FROM users x WHERE x.${col} IS NULL AND x.aptitude_medicale_jusqu_au ${window(seuil, today)}
        AND x.enabled AND x.deleted_at IS NULL
      -- NO KEY UPDATE: the notifications' foreign key takes KEY SHARE locks on the same users rows
      ORDER BY x.aptitude_medicale_jusqu_au, x.id LIMIT ${limit} FOR NO KEY UPDATE SKIP LOCKED)
      AND u.${col} IS NULL
    RETURNING u.id AS user_id, u.nom AS user_nom, to_char(u.aptitude_medicale_jusqu_au, 'YYYY-MM-DD') AS jusqu_au`);
  return rows;
}

// ── « Habilitations à renouveler » (report, dashboard card) ──────────────────────────────────────────────────────

export type RenewalRow = {
  user_nom: string;
  username: string;
  objet: string;
  domaine: string;
  valide_jusqu_au: string;
  signataire: string;
};

/**
 * What must be renewed before `before`: each user's latest titre of each symbol (not renewed since) ending before it,
 * and the medical fitness dates ending before it — enabled users only, soonest first.
 */
export async function renewalRows(db: DbOrTx, before: string, limit: number): Promise<RenewalRow[]> {
  const { rows } = await db.execute<RenewalRow>(sql`
    SELECT * FROM (
      SELECT u.nom AS user_nom, u.username, CASE WHEN h.attribut IS NULL THEN h.symbole ELSE h.symbole || ' ' || h.attribut END AS objet,
        h.domaine, to_char(h.valide_jusqu_au, 'YYYY-MM-DD') AS valide_jusqu_au, h.signataire
      FROM habilitations h JOIN users u ON u.id = h.user_id
      WHERE u.enabled AND u.deleted_at IS NULL AND h.valide_jusqu_au < ${before}::date
        AND NOT EXISTS (SELECT 1 FROM habilitations n WHERE n.user_id = h.user_id AND n.symbole = h.symbole
          AND n.domaine = h.domaine AND n.attribut IS NOT DISTINCT FROM h.attribut AND n.valide_jusqu_au > h.valide_jusqu_au)
      UNION ALL
      SELECT u.nom, u.username, 'Aptitude médicale', '', to_char(u.aptitude_medicale_jusqu_au, 'YYYY-MM-DD'), ''
      FROM users u WHERE u.enabled AND u.deleted_at IS NULL AND u.aptitude_medicale_jusqu_au < ${before}::date
    ) r ORDER BY r.valide_jusqu_au, r.user_nom LIMIT ${limit}`);
  return rows;
}

/** The dashboard card: titres (latest of each symbol) and fitness dates expired, and ending within 30 / 90 days. */
export async function renewalCounts(db: DbOrTx, today: string) {
  const { rows } = await db.execute<{ expirees: number; sous_30: number; sous_90: number }>(sql`
    WITH latest AS (
      SELECT h.valide_jusqu_au AS fin FROM habilitations h JOIN users u ON u.id = h.user_id
      WHERE u.enabled AND u.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM habilitations n WHERE n.user_id = h.user_id AND n.symbole = h.symbole
          AND n.domaine = h.domaine AND n.attribut IS NOT DISTINCT FROM h.attribut AND n.valide_jusqu_au > h.valide_jusqu_au)
      UNION ALL
      SELECT aptitude_medicale_jusqu_au FROM users WHERE enabled AND deleted_at IS NULL AND aptitude_medicale_jusqu_au IS NOT NULL)
    SELECT count(*) FILTER (WHERE fin < ${today}::date)::int AS expirees,
      count(*) FILTER (WHERE fin >= ${today}::date AND fin <= ${today}::date + 30)::int AS sous_30,
      count(*) FILTER (WHERE fin >= ${today}::date AND fin <= ${today}::date + 90)::int AS sous_90
    FROM latest`);
  return rows[0];
}
