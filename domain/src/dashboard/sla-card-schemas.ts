import { z } from 'zod';

/**
 * The dashboard card "Délais garantis" (issue 31): the interventions whose guaranteed time is at risk or breached
 * now, and this month's compliance of the GTI (arrival on site) and the GTR (restoration).
 *
 * - `aRisque`: visible interventions with a running clock past 75 % of its guaranteed time — exactly what the list
 *   shows with `?sla=A_RISQUE` (the same SQL predicate).
 * - `depassees`: visible open interventions with a breached clock — the list's `?sla=DEPASSE&open=true`.
 * - Compliance of the month (Casablanca calendar month): among the clocks of that target whose deadline falls in the
 *   month, the share decided on time (RESPECTE) out of those decided (RESPECTE + DEPASSE). A clock still running is
 *   not counted yet; `taux` is null when none is decided (shown "—", never a misleading 0 % or 100 %).
 */
export const slaComplianceSchema = z.object({
  respectees: z.number().int(),
  depassees: z.number().int(),
  /** Percentage with one decimal, null when nothing is decided this month. */
  taux: z.number().nullable(),
});
export type SlaCompliance = z.infer<typeof slaComplianceSchema>;

export const dashboardSlaSchema = z.object({
  aRisque: z.number().int(),
  depassees: z.number().int(),
  /** The month counted, 'YYYY-MM' (Casablanca). */
  mois: z.string(),
  gti: slaComplianceSchema,
  gtr: slaComplianceSchema,
});
export type DashboardSla = z.infer<typeof dashboardSlaSchema>;

/** Percentage with one decimal; null when nothing is decided. */
export function complianceRate(respectees: number, depassees: number): number | null {
  const total = respectees + depassees;
  return total === 0 ? null : Math.round((respectees / total) * 1000) / 10;
}

/** First day of the month of `day` ('2026-11-29' → '2026-11-01') and the first day of the next month. */
export function monthBounds(day: string): { from: string; to: string } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${day.slice(0, 7)}-01`, to: `${next}-01` };
}

const MOIS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** '2026-11' → 'novembre 2026'. */
export const moisLabel = (mois: string): string => `${MOIS[Number(mois.slice(5, 7)) - 1] ?? ''} ${mois.slice(0, 4)}`;

/** The card's French texts (one place). */
export const SLA_CARD_LABELS = {
  title: 'Délais garantis',
  subtitle: 'Interventions sous contrat (GTI / GTR)',
  aRisque: 'À risque',
  aRisqueHint: 'Plus de 75 % du délai consommé',
  depassees: 'Dépassées',
  depasseesHint: 'Ouvertes, délai garanti dépassé',
  compliance: (mois: string) => `Respect du mois (${moisLabel(mois)})`,
  gti: 'GTI (arrivée sur site)',
  gtr: 'GTR (rétablissement)',
  decided: (c: SlaCompliance) =>
    c.respectees + c.depassees === 0
      ? 'Aucune échéance ce mois-ci'
      : `${c.respectees} respectée(s) sur ${c.respectees + c.depassees}`,
  showList: (n: number, what: string) => `${n} — voir les interventions ${what}`,
  empty: 'Aucune intervention sous contrat de maintenance ce mois-ci : les délais garantis apparaîtront ici.',
  loadError: 'Impossible de charger les délais garantis.',
  retry: 'Réessayer',
} as const;
