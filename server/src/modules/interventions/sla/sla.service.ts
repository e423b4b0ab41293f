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
import type { InterventionSla, SlaCible, SlaEtat } from '@gmao/domain/sla/sla-clock';
import { addWorkingMinutes, type BusinessCalendar, workingMinutesBetween } from '@gmao/domain/sla/working-time';
import type { DbOrTx } from '../../../db/database.ts';
import {
  type ClockRow,
  calendarRows,
  coveringVersion,
  currentStatut,
  deleteUnreachedClocks,
  guaranteesOf,
  insertClock,
  lockClocks,
  markHorsContrat,
  pauseClock,
  reachClock,
  resumeClock,
  retargetClock,
  slaRows,
  statutPauses,
} from './sla.repository.ts';

export { PAUSE_MOTIF_ATTENTE_CLIENT } from './sla.repository.ts';

export const CIBLES = ['PRISE_EN_COMPTE', 'SUR_SITE', 'RETABLISSEMENT'] as const;
export type Cible = SlaCible;

function minutesToHHMM(m: number): string {
  const h = Math.floor(m / 60);
  const mm = m % 60;
  return `${String(h).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
}

export async function loadCalendar(db: DbOrTx, calendarId: number): Promise<BusinessCalendar> {
  const { appliqueJoursFeries: feries, plages, exceptions, holidays } = await calendarRows(db, calendarId);
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

/**
 * Snapshots the clocks of a new intervention (or marks it hors contrat); inside the creation's transaction. `since`:
 * when the clocks start if not at the creation — an intervention made from a client's request (issue 33) is counted
 * from the moment the request was filed, not from when someone accepted it.
 */
export async function snapshotSla(tx: DbOrTx, interventionId: number, since?: Date): Promise<void> {
  const covering = await coveringVersion(tx, interventionId);
  if (!covering) {
    await markHorsContrat(tx, interventionId);
    return;
  }
  const { version_id, calendrier_id, urgence } = covering;
  const createdAt = since ?? new Date(covering.created_at);
  const guarantees = await guaranteesOf(tx, version_id, urgence);
  if (guarantees.length === 0) return;
  const cal = await loadCalendar(tx, calendrier_id);
  for (const g of guarantees) {
    const { echeance, alerte } = deadline(cal, createdAt, g.minutes);
    await insertClock(tx, {
      interventionId,
      cible: g.cible,
      versionId: version_id,
      minutes: g.minutes,
      demarre: createdAt,
      echeance,
      alerte,
    });
  }
}

const REACHED_BY: Record<Cible, readonly Statut[]> = {
  PRISE_EN_COMPTE: ['EN_ATTENTE_PDR', 'EN_COURS', 'EN_PAUSE', 'TERMINEE'],
  SUR_SITE: ['EN_COURS', 'TERMINEE'],
  RETABLISSEMENT: ['TERMINEE'],
};

/**
 * Stops a clock reached at `now`: RESPECTE when on time, else DEPASSE (terminal); consomme = working minutes net of
 * pauses. `dated`: reached at a device time (a move made offline) — a DEPASSE the job set meanwhile, not knowing,
 * gives way to RESPECTE when that time is within the deadline.
 */
async function reach(tx: DbOrTx, interventionId: number, c: ClockRow, cal: BusinessCalendar, now: Date, dated = false) {
  const worked = Math.round(workingMinutesBetween(cal, new Date(c.demarre_le), now));
  await reachClock(tx, interventionId, c.cible, now, Math.max(0, worked - c.paused_minutes), dated);
}

/**
 * Moves the clocks for a status change (applyStatusChange, the one writer of statut), after the new statut is
 * written; `at`: when a move made offline happened (issue 32: reached, paused or resumed then), else now.
 */
export async function onStatusChange(
  tx: DbOrTx,
  interventionId: number,
  from: Statut,
  to: Statut,
  at: Date | null = null,
): Promise<void> {
  if (from === to) return;
  const clocks = await lockClocks(tx, interventionId);
  const first = clocks[0];
  if (!first) return;
  if (to === 'ANNULEE' || to === 'ECHEC') {
    await deleteUnreachedClocks(tx, interventionId);
    return;
  }
  const now = at ?? new Date();
  const dated = at !== null;
  const cal = await loadCalendar(tx, first.calendrier_id);
  const paused = await statutPauses(tx, interventionId, first.contract_version_id, to);
  for (const c of clocks) {
    // A clock the job found breached stays DEPASSE (unless reached offline in time); reaching it records when.
    if (c.etat === 'DEPASSE' && REACHED_BY[c.cible].includes(to)) await reach(tx, interventionId, c, cal, now, dated);
    if (c.etat !== 'EN_COURS' && c.etat !== 'EN_PAUSE') continue;
    // Resume first: the paused working minutes push the deadline.
    if (c.etat === 'EN_PAUSE' && c.pause_depuis && !paused) await resume(tx, interventionId, c, cal, now);
    if (REACHED_BY[c.cible].includes(to)) await reach(tx, interventionId, c, cal, now, dated);
    else if (paused && c.etat === 'EN_COURS') await pauseClock(tx, interventionId, c.cible, at);
  }
}

/** Resumes a paused clock: its paused working minutes (whole) push the deadline and the 75 % instant. */
async function resume(tx: DbOrTx, interventionId: number, c: ClockRow, cal: BusinessCalendar, now: Date) {
  if (!c.pause_depuis) return;
  // A resume dated offline before the pause began (a pause condition set meanwhile) adds nothing.
  const since = new Date(c.pause_depuis);
  const added = now > since ? Math.round(workingMinutesBetween(cal, since, now)) : 0;
  const total = c.paused_minutes + added;
  c.paused_minutes = total;
  const { echeance, alerte } = deadline(cal, new Date(c.demarre_le), c.objectif_minutes + total);
  await resumeClock(tx, interventionId, c.cible, total, echeance, alerte);
}

/**
 * A fact of a pause condition changed while the status stays (issue 31): a part request the client supplies was
 * opened, received or cancelled while the intervention waits for parts. The running clocks pause, or the paused ones
 * resume, as the contract's rule for the current status now says; in the caller's transaction.
 */
export async function reconsiderPause(tx: DbOrTx, interventionId: number): Promise<void> {
  const clocks = await lockClocks(tx, interventionId);
  const first = clocks[0];
  if (!first) return;
  const statut = await currentStatut(tx, interventionId);
  if (!statut) return;
  const paused = await statutPauses(tx, interventionId, first.contract_version_id, statut);
  const now = new Date();
  const cal = await loadCalendar(tx, first.calendrier_id);
  for (const c of clocks) {
    if (c.etat === 'EN_PAUSE' && !paused) await resume(tx, interventionId, c, cal, now);
    else if (c.etat === 'EN_COURS' && paused) await pauseClock(tx, interventionId, c.cible);
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
  const first = clocks[0];
  if (!first) return;
  const cal = await loadCalendar(tx, first.calendrier_id);
  const guarantees = await guaranteesOf(tx, first.contract_version_id, urgence);
  const byCible = new Map(guarantees.map((g) => [g.cible, g.minutes]));
  for (const c of clocks) {
    const minutes = byCible.get(c.cible);
    if (minutes === undefined || c.etat === 'DEPASSE' || c.etat === 'RESPECTE') continue;
    const { echeance, alerte } = deadline(cal, new Date(c.demarre_le), minutes + c.paused_minutes);
    await retargetClock(tx, interventionId, c.cible, minutes, echeance, alerte);
  }
}

export type SlaView = InterventionSla;

/** The stored clocks for GET /api/interventions/{id}; null when no contract applies and none is required. */
export async function findSla(db: DbOrTx, interventionId: number): Promise<SlaView | null> {
  const rows = await slaRows(db, interventionId);
  const head = rows[0];
  if (!head) return null;
  const cibles = rows.filter((r) => r.cible !== null);
  if (!head.hors_contrat && cibles.length === 0) return null;
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    contrat_id: cibles[0]?.contrat_id ?? null,
    hors_contrat: head.hors_contrat,
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
