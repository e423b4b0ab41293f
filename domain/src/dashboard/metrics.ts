import {
  ACTIVE_STATUTS,
  CLOSED_STATUTS,
  COMPLETED_STATUT,
  OPEN_STATUTS,
  OVERDUE_DAYS,
  overdueBefore,
} from '../interventions/predicates.ts';
import { STATUT, type Statut } from '../interventions/status.ts';

/**
 * The dashboard / analytics / reports figures, defined once (ARCHITECTURE.md "Metric definitions").
 * The server turns each definition into one SQL fragment (server/src/modules/dashboard/metrics-sql.ts); the web
 * shows the labels below. Every figure only counts *visible* interventions: not soft-deleted, not archived.
 */

/** Open, active, completed, urgent, overdue, visible: the predicates of domain/src/interventions/predicates.ts. */
export { ACTIVE_STATUTS, CLOSED_STATUTS, COMPLETED_STATUT, OPEN_STATUTS, OVERDUE_DAYS, overdueBefore };

/** Statuses whose presence in the history means the first attempt did not fix it. */
export const NOT_FIRST_TIME_FIX_STATUTS: Statut[] = [STATUT.EN_PAUSE, STATUT.EN_ATTENTE_PDR, STATUT.ECHEC];

/** Fixed trend shown on the Total Interventions card (spec §9). */
export const TOTAL_INTERVENTIONS_TREND = 12;

/** Timeframes offered by the analytics screen, in days; default 30 (spec §9). */
export const TIMEFRAMES = [7, 30, 90, 365] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const DEFAULT_TIMEFRAME = 30;
export const MAX_TIMEFRAME = 3650;

export const RECENT_LIMIT_DEFAULT = 10;
export const RECENT_LIMIT_MAX = 50;
/** Items per alert list (the counts are always complete). */
export const ALERT_LIST_LIMIT = 5;

export const METRIC_DEFINITIONS = {
  visible: 'Interventions ni supprimées ni archivées (deleted_at et archived_at vides).',
  total: 'Toutes les interventions visibles, quelle que soit leur date.',
  active: 'Interventions au statut En Cours.',
  open: 'Interventions dont le statut n’est ni Terminée, ni Annulée, ni Échec.',
  urgent: 'Interventions ouvertes marquées urgentes.',
  overdue: `Interventions ouvertes dont la date est antérieure de plus de ${OVERDUE_DAYS} jours à aujourd’hui.`,
  timeframe:
    'Période de N jours : interventions dont la date est comprise entre aujourd’hui − (N − 1) jours et aujourd’hui.',
  completionRate: 'Terminées ÷ toutes les interventions de la période, en %, 0 quand la période est vide.',
  timeToStart: 'Création de l’intervention → premier passage En Cours (historique des statuts, sinon started_at).',
  timeToRepair:
    'MTTR : premier passage En Cours → dernier passage Terminée (historique des statuts, sinon started_at / completed_at).',
  firstTimeFix: 'Terminées sans passage par En Pause, En Attente PDR ou Échec ÷ terminées de la période.',
  backlogAge: 'Âge en jours (aujourd’hui − date) des interventions ouvertes déjà datées d’aujourd’hui ou avant.',
  cost: 'Coût estimé : somme du coût (cout) de l’équipement de chaque intervention de la sélection.',
} as const;

/** Completion rate in %, rounded to one decimal; 0 when there is nothing in the period (no division by zero). */
export function completionRate(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((completed / total) * 1000) / 10;
}

/** First day (YYYY-MM-DD) of a timeframe of `days` days ending `today` (inclusive on both ends). */
export function timeframeStart(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - (days - 1));
  return d.toISOString().slice(0, 10);
}

/** Today as YYYY-MM-DD (UTC): the reference day of every figure. */
export function metricsToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
