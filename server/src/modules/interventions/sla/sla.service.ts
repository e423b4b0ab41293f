/**
 * The SLA clocks of an intervention (issue 31), written in the transaction of the change that moves them.
 *
 * Decisions (documented in ARCHITECTURE.md "SLA clocks"):
 * - Creation: the contract covering the equipment on the creation day (Casablanca date; live contract, dates
 *   inclusive, all of the client's equipment or listed) gives its current version; one row per guaranteed target for
 *   the intervention's urgency, echeance = addWorkingMinutes(calendar, created_at, minutes). No covering contract:
 *   interventions.hors_contrat = true, no rows (every intervention has an equipment: equipement_id is NOT NULL).
 * - The deadline is always addWorkingMinutes(calendar, demarre_le, objectif + paused_minutes): a pause pushes it by
 *   exactly its working minutes (whole minutes), and an urgency change recomputes from the creation keeping them.
 * - PRISE_EN_COMPTE is reached by the first assignment of a technician or the first status move out of the
 *   creation status towards work (EN_ATTENTE_PDR, EN_COURS, EN_PAUSE, TERMINEE); SUR_SITE by EN_COURS (or TERMINEE);
 *   RETABLISSEMENT by TERMINEE. Reached: RESPECTE when atteint_le <= echeance, else DEPASSE. DEPASSE is terminal.
 * - ANNULEE / ECHEC: the clocks not yet reached are removed (not counted in the compliance); reached ones stay.
 * - Reopening (TERMINEE → EN_COURS): reached clocks keep their result (the first restoration counts).
 */

import { wallClockOrNull } from '@gmao/domain/interventions/planning-clock';
import type { Statut } from '@gmao/domain/interventions/status';
import type { InterventionSla, SlaEtat } from '@gmao/domain/sla/sla-clock';
import { addWorkingMinutes, type BusinessCalendar, workingMinutesBetween } from '@gmao/domain/sla/working-time';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';

/** interventions.pause_motif value of the default ATTENTE_CLIENT condition (no writer yet: see the report). */
export const PAUSE_MOTIF_ATTENTE_CLIENT = 'ATTENTE_CLIENT';

export const CIBLES = ['PRISE_EN_COMPTE', 'SUR_SITE', 'RETABLISSEMENT'] as const;
export type Cible = (typeof CIBLES)[number];

function minutesToHHMM(m: number): string {
  const h = Math.floor(m / 60);
  const mm = m % 60;
  return `${String(h).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
}

export async function loadCalendar(db: DbOrTx, calendarId: number): Promise<BusinessCalendar> {
  // One connection inside a transaction: the queries run one after the other.
  const { rows: cal } = await db.execute<{ applique_jours_feries: boolean }>(
    sql`SELECT applique_jours_feries FROM business_calendars WHERE id = ${calendarId}`,
  );
  const { rows: plages } = await db.execute<{ jour: number; debut: number; fin: number }>(
    sql`SELECT jour, debut, fin FROM business_calendar_intervals WHERE calendar_id = ${calendarId} ORDER BY jour, debut`,
  );
  const { rows: exceptions } = await db.execute<{ date: string; ouvert: boolean }>(
    sql`SELECT to_char(date, 'YYYY-MM-DD') AS date, ouvert FROM business_calendar_exceptions WHERE calendar_id = ${calendarId}`,
  );
  const { rows: holidays } = await db.execute<{ jour: string; annuel: boolean }>(
    sql`SELECT to_char(jour, 'YYYY-MM-DD') AS jour, annuel FROM holidays`,
  );
  const feries = cal[0]?.applique_jours_feries ?? true;
  return {
    plages: plages.map((p) => ({ jour: Number(p.jour), debut: minutesToHHMM(p.debut), fin: minutesToHHMM(p.fin) })),
    exceptions,
    holidays: feries ? holidays.filter((h) => !h.annuel).map((h) => h.jour) : [],
    annualHolidays: feries ? holidays.filter((h) => h.annuel).map((h) => h.jour.slice(5)) : [],
  };
}

function deadline(cal: BusinessCalendar, start: Date, minutes: number): { echeance: Date | null; alerte: Date | null } {
  return {
    echeance: addWorkingMinutes(cal, start, minutes),
    alerte: addWorkingMinutes(cal, start, Math.ceil(minutes * 0.75)),
  };
}

/** Snapshots the clocks of a new intervention (or marks it hors contrat); inside the creation's transaction. */
export async function snapshotSla(tx: DbOrTx, interventionId: number): Promise<void> {
  const { rows } = await tx.execute<{
    version_id: number;
    calendrier_id: number;
    created_at: Date;
    urgence: boolean;
  }>(sql`
    SELECT v.id AS version_id, v.calendrier_id, i.created_at, i.urgence
    FROM interventions i
    JOIN contracts k ON k.client_id = i.client_id AND k.deleted_at IS NULL
      AND (i.created_at AT TIME ZONE 'Africa/Casablanca')::date BETWEEN k.date_debut AND k.date_fin
      AND (k.all_equipment OR EXISTS (SELECT 1 FROM contract_equipment ce WHERE ce.contract_id = k.id AND ce.equipement_id = i.equipement_id))
    JOIN contract_versions v ON v.contract_id = k.id AND v.version = k.version
    WHERE i.id = ${interventionId}
    ORDER BY k.id LIMIT 1`);
  if (rows.length === 0) {
    await tx.execute(sql`UPDATE interventions SET hors_contrat = true WHERE id = ${interventionId}`);
    return;
  }
  const { version_id, calendrier_id, urgence } = rows[0];
  const createdAt = new Date(rows[0].created_at);
  const { rows: guarantees } = await tx.execute<{ cible: Cible; minutes: number }>(
    sql`SELECT cible, minutes FROM contract_guarantees WHERE contract_version_id = ${version_id} AND urgence = ${urgence}`,
  );
  if (guarantees.length === 0) return;
  const cal = await loadCalendar(tx, calendrier_id);
  for (const g of guarantees) {
    const { echeance, alerte } = deadline(cal, createdAt, g.minutes);
    await tx.execute(sql`
      INSERT INTO intervention_sla (intervention_id, cible, contract_version_id, objectif_minutes, demarre_le, echeance, alerte_le)
      VALUES (${interventionId}, ${g.cible}, ${version_id}, ${g.minutes}, ${createdAt.toISOString()}::timestamptz,
              ${echeance?.toISOString() ?? null}::timestamptz, ${alerte?.toISOString() ?? null}::timestamptz)
      ON CONFLICT DO NOTHING`);
  }
}

type ClockRow = {
  cible: Cible;
  contract_version_id: number;
  objectif_minutes: number;
  demarre_le: Date;
  echeance: Date | null;
  etat: string;
  paused_minutes: number;
  pause_depuis: Date | null;
  calendrier_id: number;
};

async function lockClocks(tx: DbOrTx, interventionId: number): Promise<ClockRow[]> {
  const { rows } = await tx.execute<ClockRow>(sql`
    SELECT s.cible, s.contract_version_id, s.objectif_minutes, s.demarre_le, s.echeance, s.etat, s.paused_minutes,
           s.pause_depuis, v.calendrier_id
    FROM intervention_sla s JOIN contract_versions v ON v.id = s.contract_version_id
    WHERE s.intervention_id = ${interventionId} ORDER BY s.cible FOR UPDATE OF s`);
  return rows;
}

/** Whether `statut` pauses the clocks under the version's pause statuses and their conditions. */
async function pauses(tx: DbOrTx, interventionId: number, versionId: number, statut: Statut): Promise<boolean> {
  const { rows } = await tx.execute<{ p: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM contract_pause_statuses ps WHERE ps.contract_version_id = ${versionId} AND ps.statut = ${statut}
      AND (ps.condition = 'TOUJOURS'
        OR (ps.condition = 'PIECES_CLIENT' AND EXISTS (SELECT 1 FROM part_requests pr
              WHERE pr.intervention_id = ${interventionId} AND pr.statut = 'OUVERTE' AND pr.fourni_par_client))
        OR (ps.condition = 'ATTENTE_CLIENT' AND EXISTS (SELECT 1 FROM interventions i
              WHERE i.id = ${interventionId} AND i.pause_motif = ${PAUSE_MOTIF_ATTENTE_CLIENT})))
    ) AS p`);
  return rows[0]?.p === true;
}

const REACHED_BY: Record<Cible, readonly Statut[]> = {
  PRISE_EN_COMPTE: ['EN_ATTENTE_PDR', 'EN_COURS', 'EN_PAUSE', 'TERMINEE'],
  SUR_SITE: ['EN_COURS', 'TERMINEE'],
  RETABLISSEMENT: ['TERMINEE'],
};

/** Stops a clock reached now: RESPECTE when on time, else DEPASSE (terminal); consomme = working minutes net of pauses. */
async function reach(tx: DbOrTx, interventionId: number, c: ClockRow, cal: BusinessCalendar, now: Date) {
  const worked = Math.round(workingMinutesBetween(cal, new Date(c.demarre_le), now));
  const consomme = Math.max(0, worked - c.paused_minutes);
  await tx.execute(sql`
    UPDATE intervention_sla SET
      etat = CASE WHEN etat = 'DEPASSE' OR (echeance IS NOT NULL AND ${now.toISOString()}::timestamptz > echeance)
                  THEN 'DEPASSE' ELSE 'RESPECTE' END,
      atteint_le = coalesce(atteint_le, ${now.toISOString()}::timestamptz), consomme_minutes = ${consomme},
      pause_depuis = NULL, updated_at = now()
    WHERE intervention_id = ${interventionId} AND cible = ${c.cible} AND atteint_le IS NULL`);
}

/** Moves the clocks for a status change (applyStatusChange, the one writer of statut), after the new statut is written. */
export async function onStatusChange(tx: DbOrTx, interventionId: number, from: Statut, to: Statut): Promise<void> {
  if (from === to) return;
  const clocks = await lockClocks(tx, interventionId);
  if (clocks.length === 0) return;
  if (to === 'ANNULEE' || to === 'ECHEC') {
    await tx.execute(
      sql`DELETE FROM intervention_sla WHERE intervention_id = ${interventionId} AND etat IN ('EN_COURS', 'EN_PAUSE')`,
    );
    return;
  }
  const now = new Date();
  const cal = await loadCalendar(tx, clocks[0].calendrier_id);
  const paused = await pauses(tx, interventionId, clocks[0].contract_version_id, to);
  for (const c of clocks) {
    // A clock the job found breached stays DEPASSE; reaching its target still records when.
    if (c.etat === 'DEPASSE' && REACHED_BY[c.cible].includes(to)) await reach(tx, interventionId, c, cal, now);
    if (c.etat !== 'EN_COURS' && c.etat !== 'EN_PAUSE') continue;
    // Resume first: the paused working minutes push the deadline.
    if (c.etat === 'EN_PAUSE' && c.pause_depuis && !paused) {
      const added = Math.round(workingMinutesBetween(cal, new Date(c.pause_depuis), now));
      const total = c.paused_minutes + added;
      c.paused_minutes = total;
      const { echeance, alerte } = deadline(cal, new Date(c.demarre_le), c.objectif_minutes + total);
      await tx.execute(sql`
        UPDATE intervention_sla SET etat = 'EN_COURS', pause_depuis = NULL, paused_minutes = ${total},
          echeance = ${echeance?.toISOString() ?? null}::timestamptz, alerte_le = ${alerte?.toISOString() ?? null}::timestamptz,
          updated_at = now()
        WHERE intervention_id = ${interventionId} AND cible = ${c.cible}`);
    }
    if (REACHED_BY[c.cible].includes(to)) await reach(tx, interventionId, c, cal, now);
    else if (paused && c.etat === 'EN_COURS') {
      await tx.execute(sql`
        UPDATE intervention_sla SET etat = 'EN_PAUSE', pause_depuis = now(), updated_at = now()
        WHERE intervention_id = ${interventionId} AND cible = ${c.cible}`);
    }
  }
}

/** The first assignment of a technician reaches PRISE_EN_COMPTE. */
export async function onAssigned(tx: DbOrTx, interventionIds: readonly number[]): Promise<void> {
  const now = new Date();
  for (const id of interventionIds) {
    const clock = (await lockClocks(tx, id)).find((c) => c.cible === 'PRISE_EN_COMPTE');
    if (!clock || (clock.etat !== 'EN_COURS' && clock.etat !== 'EN_PAUSE')) continue;
    await reach(tx, id, clock, await loadCalendar(tx, clock.calendrier_id), now);
  }
}

/** An urgency change: the guarantees of the new urgency, from the creation, with the paused minutes kept. */
export async function onUrgencyChange(tx: DbOrTx, interventionId: number, urgence: boolean): Promise<void> {
  const clocks = await lockClocks(tx, interventionId);
  if (clocks.length === 0) return;
  const cal = await loadCalendar(tx, clocks[0].calendrier_id);
  const { rows: guarantees } = await tx.execute<{ cible: Cible; minutes: number }>(
    sql`SELECT cible, minutes FROM contract_guarantees WHERE contract_version_id = ${clocks[0].contract_version_id} AND urgence = ${urgence}`,
  );
  const byCible = new Map(guarantees.map((g) => [g.cible, g.minutes]));
  for (const c of clocks) {
    const minutes = byCible.get(c.cible);
    if (minutes === undefined || c.etat === 'DEPASSE' || c.etat === 'RESPECTE') continue;
    const { echeance, alerte } = deadline(cal, new Date(c.demarre_le), minutes + c.paused_minutes);
    await tx.execute(sql`
      UPDATE intervention_sla SET objectif_minutes = ${minutes},
        echeance = ${echeance?.toISOString() ?? null}::timestamptz, alerte_le = ${alerte?.toISOString() ?? null}::timestamptz,
        updated_at = now()
      WHERE intervention_id = ${interventionId} AND cible = ${c.cible}`);
  }
}

export type SlaView = InterventionSla;

/** The stored clocks for GET /api/interventions/{id}; null when no contract applies and none is required. */
export async function findSla(db: DbOrTx, interventionId: number): Promise<SlaView | null> {
  const { rows } = await db.execute<{
    hors_contrat: boolean;
    contrat_id: number | null;
    cible: Cible | null;
    echeance: Date | null;
    etat: string | null;
    consomme_minutes: number | null;
    atteint_le: Date | null;
  }>(sql`
    SELECT i.hors_contrat, v.contract_id AS contrat_id, s.cible, s.echeance, s.etat, s.consomme_minutes, s.atteint_le
    FROM interventions i
    LEFT JOIN intervention_sla s ON s.intervention_id = i.id
    LEFT JOIN contract_versions v ON v.id = s.contract_version_id
    WHERE i.id = ${interventionId}
    ORDER BY array_position(ARRAY['PRISE_EN_COMPTE','SUR_SITE','RETABLISSEMENT']::varchar[], s.cible)`);
  if (rows.length === 0) return null;
  const cibles = rows.filter((r) => r.cible !== null);
  if (!rows[0].hors_contrat && cibles.length === 0) return null;
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    contrat_id: cibles[0]?.contrat_id ?? null,
    hors_contrat: rows[0].hors_contrat,
    cibles: cibles.map((r) => ({
      cible: r.cible as Cible,
      echeance: iso(r.echeance),
      echeance_locale: wallClockOrNull(r.echeance),
      etat: r.etat as SlaEtat,
      consomme_minutes: r.consomme_minutes ?? 0,
      atteint_le: iso(r.atteint_le),
    })),
  };
}
