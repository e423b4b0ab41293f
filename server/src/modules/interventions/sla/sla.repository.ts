/**
 * The SQL of the SLA clocks (issue 31): sla.service.ts (the writers' transactions) and sla.job.ts (the periodic
 * step) decide, this file reads and writes the rows.
 */

import type { Statut } from '@gmao/domain/interventions/status';
import type { SlaCible } from '@gmao/domain/sla/sla-clock';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';

/** interventions.pause_motif value of the default ATTENTE_CLIENT condition (written with EN_PAUSE, status.service.ts). */
export const PAUSE_MOTIF_ATTENTE_CLIENT = 'ATTENTE_CLIENT';

export async function calendarRows(db: DbOrTx, calendarId: number) {
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
  return { appliqueJoursFeries: cal[0]?.applique_jours_feries ?? true, plages, exceptions, holidays };
}

/** The version of the contract covering the intervention's equipment on its creation day (Casablanca), if any. */
export async function coveringVersion(tx: DbOrTx, interventionId: number) {
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
  return rows[0];
}

export async function markHorsContrat(tx: DbOrTx, interventionId: number) {
  await tx.execute(sql`UPDATE interventions SET hors_contrat = true WHERE id = ${interventionId}`);
}

export async function guaranteesOf(tx: DbOrTx, versionId: number, urgence: boolean) {
  const { rows } = await tx.execute<{ cible: SlaCible; minutes: number }>(
    sql`SELECT cible, minutes FROM contract_guarantees WHERE contract_version_id = ${versionId} AND urgence = ${urgence}`,
  );
  return rows;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function insertClock(
  tx: DbOrTx,
  c: {
    interventionId: number;
    cible: SlaCible;
    versionId: number;
    minutes: number;
    demarre: Date;
    echeance: Date | null;
    alerte: Date | null;
  },
) {
  await tx.execute(sql`
    INSERT INTO intervention_sla (intervention_id, cible, contract_version_id, objectif_minutes, demarre_le, echeance, alerte_le)
    VALUES (${c.interventionId}, ${c.cible}, ${c.versionId}, ${c.minutes}, ${c.demarre.toISOString()}::timestamptz,
            ${iso(c.echeance)}::timestamptz, ${iso(c.alerte)}::timestamptz)
    ON CONFLICT DO NOTHING`);
}

export type ClockRow = {
  cible: SlaCible;
  contract_version_id: number;
  objectif_minutes: number;
  demarre_le: Date;
  echeance: Date | null;
  etat: string;
  paused_minutes: number;
  pause_depuis: Date | null;
  calendrier_id: number;
};

export async function lockClocks(tx: DbOrTx, interventionId: number): Promise<ClockRow[]> {
  const { rows } = await tx.execute<ClockRow>(sql`
    SELECT s.cible, s.contract_version_id, s.objectif_minutes, s.demarre_le, s.echeance, s.etat, s.paused_minutes,
           s.pause_depuis, v.calendrier_id
    FROM intervention_sla s JOIN contract_versions v ON v.id = s.contract_version_id
    WHERE s.intervention_id = ${interventionId} ORDER BY s.cible FOR UPDATE OF s`);
  return rows;
}

export async function currentStatut(tx: DbOrTx, interventionId: number): Promise<Statut | null> {
  const { rows } = await tx.execute<{ statut: Statut }>(
    sql`SELECT statut FROM interventions WHERE id = ${interventionId}`,
  );
  return rows[0]?.statut ?? null;
}

/** Whether `statut` pauses the clocks under the version's pause statuses and their conditions. */
export async function statutPauses(tx: DbOrTx, interventionId: number, versionId: number, statut: Statut) {
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

/**
 * A clock reached at `now`: RESPECTE when on time, else DEPASSE (terminal — except for a reach `dated` by an offline
 * device within the deadline: the job marked it while the device could not tell).
 */
export async function reachClock(
  tx: DbOrTx,
  interventionId: number,
  cible: SlaCible,
  now: Date,
  consomme: number,
  dated = false,
) {
  await tx.execute(sql`
    UPDATE intervention_sla SET
      etat = CASE WHEN (etat = 'DEPASSE' AND NOT ${dated}::boolean)
                    OR (echeance IS NOT NULL AND ${now.toISOString()}::timestamptz > echeance)
                  THEN 'DEPASSE' ELSE 'RESPECTE' END,
      atteint_le = coalesce(atteint_le, ${now.toISOString()}::timestamptz), consomme_minutes = ${consomme},
      pause_depuis = NULL, updated_at = now()
    WHERE intervention_id = ${interventionId} AND cible = ${cible} AND atteint_le IS NULL`);
}

export async function deleteUnreachedClocks(tx: DbOrTx, interventionId: number) {
  await tx.execute(
    sql`DELETE FROM intervention_sla WHERE intervention_id = ${interventionId} AND etat IN ('EN_COURS', 'EN_PAUSE')`,
  );
}

export async function resumeClock(
  tx: DbOrTx,
  interventionId: number,
  cible: SlaCible,
  pausedMinutes: number,
  echeance: Date | null,
  alerte: Date | null,
) {
  await tx.execute(sql`
    UPDATE intervention_sla SET etat = 'EN_COURS', pause_depuis = NULL, paused_minutes = ${pausedMinutes},
      echeance = ${iso(echeance)}::timestamptz, alerte_le = ${iso(alerte)}::timestamptz, updated_at = now()
    WHERE intervention_id = ${interventionId} AND cible = ${cible}`);
}

/** Pauses a running clock from `since` (a move made offline) or now. */
export async function pauseClock(tx: DbOrTx, interventionId: number, cible: SlaCible, since: Date | null = null) {
  await tx.execute(sql`
    UPDATE intervention_sla SET etat = 'EN_PAUSE',
      pause_depuis = COALESCE(${since?.toISOString() ?? null}::timestamptz, now()), updated_at = now()
    WHERE intervention_id = ${interventionId} AND cible = ${cible}`);
}

export async function retargetClock(
  tx: DbOrTx,
  interventionId: number,
  cible: SlaCible,
  minutes: number,
  echeance: Date | null,
  alerte: Date | null,
) {
  await tx.execute(sql`
    UPDATE intervention_sla SET objectif_minutes = ${minutes},
      echeance = ${iso(echeance)}::timestamptz, alerte_le = ${iso(alerte)}::timestamptz, updated_at = now()
    WHERE intervention_id = ${interventionId} AND cible = ${cible}`);
}

/** The stored clocks of one intervention, in target order, with its hors_contrat flag. */
export async function slaRows(db: DbOrTx, interventionId: number) {
  const { rows } = await db.execute<{
    hors_contrat: boolean;
    contrat_id: number | null;
    cible: SlaCible | null;
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
  return rows;
}

// ---------------------------------------------------------------- the periodic step (sla.job.ts)

/** EN_COURS clocks past their deadline become DEPASSE (row-locked, skipped when another instance holds them). */
export async function markBreached(tx: DbOrTx, now: Date) {
  const { rows } = await tx.execute<{ intervention_id: number; cible: SlaCible }>(sql`
    UPDATE intervention_sla s SET etat = 'DEPASSE', updated_at = now()
    FROM (SELECT intervention_id, cible FROM intervention_sla
          WHERE etat = 'EN_COURS' AND echeance <= ${now.toISOString()}::timestamptz
          ORDER BY intervention_id, cible FOR UPDATE SKIP LOCKED) c
    WHERE s.intervention_id = c.intervention_id AND s.cible = c.cible AND s.etat = 'EN_COURS'
    RETURNING s.intervention_id, s.cible`);
  return rows;
}

/** Claims (marks) up to `batch` clocks due for their 75 % or 100 % notice; the caller notifies in the same transaction. */
export async function claimClockNotices(tx: DbOrTx, percent: 75 | 100, now: Date, batch: number) {
  const at = now.toISOString();
  const due =
    percent === 75
      ? sql`etat = 'EN_COURS' AND alerte_le <= ${at}::timestamptz AND notified_75_at IS NULL`
      : sql`etat = 'DEPASSE' AND echeance <= ${at}::timestamptz AND echeance > ${at}::timestamptz - interval '7 days'
            AND atteint_le IS NULL AND notified_100_at IS NULL`;
  const column = percent === 75 ? sql`notified_75_at` : sql`notified_100_at`;
  const { rows } = await tx.execute<{ intervention_id: number; cible: SlaCible }>(sql`
    UPDATE intervention_sla s SET ${column} = ${at}::timestamptz, updated_at = now()
    FROM (SELECT intervention_id, cible FROM intervention_sla WHERE ${due}
          ORDER BY intervention_id, cible LIMIT ${batch} FOR UPDATE SKIP LOCKED) c
    WHERE s.intervention_id = c.intervention_id AND s.cible = c.cible
    RETURNING s.intervention_id, s.cible`);
  return rows;
}

/** Claims the live contracts ending between `today` and `limit` not yet noticed for `days` days. */
export async function claimExpiringContracts(tx: DbOrTx, days: 30 | 60, today: string, limit: string) {
  const column = days === 30 ? sql`expiry_notified_30_at` : sql`expiry_notified_60_at`;
  // The 30-day notice also stands for the 60-day one (a contract created 20 days before its end gets one notice).
  const also = days === 30 ? sql`, expiry_notified_60_at = coalesce(k.expiry_notified_60_at, now())` : sql``;
  const { rows } = await tx.execute<{ numero: string; date_fin: string; client: string }>(sql`
    UPDATE contracts k SET ${column} = now() ${also}
    FROM clients c
    WHERE c.id = k.client_id AND k.deleted_at IS NULL AND k.${column} IS NULL
      AND k.date_fin BETWEEN ${today}::date AND ${limit}::date
    RETURNING k.numero, to_char(k.date_fin, 'DD/MM/YYYY') AS date_fin, c.nom_entreprise AS client`);
  return rows;
}
