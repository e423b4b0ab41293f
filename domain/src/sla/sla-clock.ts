/**
 * The SLA clocks as the API gives them (GET /api/interventions/{id} `sla`, issue 31) and their French texts.
 * GTI (garantie de temps d'intervention) = the arrival on site (SUR_SITE); GTR (rétablissement) = RETABLISSEMENT;
 * the response (PRISE_EN_COMPTE) is shortened "PEC". The badge is text, not only colour.
 */
import { z } from 'zod';
import { plannedWallClockSchema } from '../interventions/schedule-schemas.ts';

export const SLA_CIBLES = ['PRISE_EN_COMPTE', 'SUR_SITE', 'RETABLISSEMENT'] as const;
export type SlaCible = (typeof SLA_CIBLES)[number];
export const SLA_ETATS = ['EN_COURS', 'EN_PAUSE', 'RESPECTE', 'DEPASSE'] as const;
export type SlaEtat = (typeof SLA_ETATS)[number];

export const SLA_CIBLE_LABELS: Record<SlaCible, string> = {
  PRISE_EN_COMPTE: 'Prise en compte',
  SUR_SITE: 'Arrivée sur site',
  RETABLISSEMENT: 'Rétablissement',
};
export const SLA_CIBLE_SHORT: Record<SlaCible, string> = {
  PRISE_EN_COMPTE: 'PEC',
  SUR_SITE: 'GTI',
  RETABLISSEMENT: 'GTR',
};
export const SLA_ETAT_LABELS: Record<SlaEtat, string> = {
  EN_COURS: 'En cours',
  EN_PAUSE: 'En pause',
  RESPECTE: 'Respecté',
  DEPASSE: 'Dépassé',
};
export const HORS_CONTRAT_LABEL = 'Hors contrat';

/**
 * GET /api/interventions?sla=…: A_RISQUE = a running clock (EN_COURS) past 75 % of its guaranteed time (alerte_le
 * passed), breached or not yet advanced by the job; DEPASSE = a clock breached; RESPECTE = every clock reached on time;
 * HORS_CONTRAT = created on equipment no contract covered (billable).
 */
export const SLA_FILTERS = ['A_RISQUE', 'DEPASSE', 'RESPECTE', 'HORS_CONTRAT'] as const;
export type SlaFilter = (typeof SLA_FILTERS)[number];
export const SLA_FILTER_LABELS: Record<SlaFilter, string> = {
  A_RISQUE: 'Délai garanti à risque',
  DEPASSE: 'Délai garanti dépassé',
  RESPECTE: 'Délais garantis respectés',
  HORS_CONTRAT: 'Hors contrat',
};

export const slaCibleSchema = z.object({
  cible: z.enum(SLA_CIBLES),
  /** ISO instant (null when the calendar has no working time within the search horizon). */
  echeance: z.string().nullable(),
  /** The same deadline on Casablanca's wall clock, converted by the server: what the web shows. */
  echeance_locale: plannedWallClockSchema.nullable().optional(),
  etat: z.enum(SLA_ETATS),
  /** Working minutes consumed when the target was reached (net of pauses); 0 while running. */
  consomme_minutes: z.number(),
  atteint_le: z.string().nullable(),
});
export type SlaCibleView = z.infer<typeof slaCibleSchema>;

export const interventionSlaSchema = z.object({
  contrat_id: z.number().nullable(),
  hors_contrat: z.boolean(),
  cibles: z.array(slaCibleSchema),
});
export type InterventionSla = z.infer<typeof interventionSlaSchema>;

/** "45 min", "2 h 10", "3 j 4 h". */
export function formatSlaDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) {
    const h = Math.floor(m / 60);
    const r = m % 60;
    return r ? `${h} h ${String(r).padStart(2, '0')}` : `${h} h`;
  }
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  return h ? `${d} j ${h} h` : `${d} j`;
}

/** The text of one clock at `now`: "GTR dépassée de 2 h 10", "GTI dans 45 min", "GTI en pause", "GTI respectée". */
export function slaClockText(c: SlaCibleView, now: Date): string {
  const name = SLA_CIBLE_SHORT[c.cible];
  const due = c.echeance ? Date.parse(c.echeance) : null;
  if (c.etat === 'RESPECTE') return `${name} respectée`;
  if (c.etat === 'EN_PAUSE') return `${name} en pause`;
  const reference = c.atteint_le ? Date.parse(c.atteint_le) : now.getTime();
  if (due === null) return `${name} sans échéance`;
  if (c.etat === 'DEPASSE' || reference > due)
    return `${name} dépassée de ${formatSlaDuration((reference - due) / 60000)}`;
  return `${name} dans ${formatSlaDuration((due - now.getTime()) / 60000)}`;
}

export type SlaTone = 'danger' | 'warning' | 'ok' | 'neutral';

/** The badge: the most pressing clock (a breached one, else the running one due first), or "Hors contrat". */
export function slaBadge(sla: InterventionSla | null | undefined, now: Date): { text: string; tone: SlaTone } | null {
  if (!sla) return null;
  if (sla.hors_contrat) return { text: HORS_CONTRAT_LABEL, tone: 'neutral' };
  const breached = sla.cibles.find(
    (c) =>
      c.etat === 'DEPASSE' || (c.etat === 'EN_COURS' && c.echeance !== null && Date.parse(c.echeance) < now.getTime()),
  );
  if (breached) return { text: slaClockText(breached, now), tone: 'danger' };
  const running = sla.cibles
    .filter((c) => c.etat === 'EN_COURS' || c.etat === 'EN_PAUSE')
    .sort((a, b) => (a.echeance ?? '9').localeCompare(b.echeance ?? '9'))[0];
  if (running) return { text: slaClockText(running, now), tone: running.etat === 'EN_PAUSE' ? 'neutral' : 'warning' };
  if (sla.cibles.length) return { text: 'SLA respecté', tone: 'ok' };
  return null;
}
