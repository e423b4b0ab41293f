import type { AnalyticsBucket } from '@gmao/domain/analytics/analytics-schemas';
import { STATUT_LABELS, STATUTS, type Statut } from '@gmao/domain/interventions/status';

export const STATUT_COLORS: Record<Statut, string> = {
  PLANIFIEE: '#2563eb',
  EN_ATTENTE_PDR: '#ea580c',
  EN_COURS: '#ca8a04',
  EN_PAUSE: '#9333ea',
  TERMINEE: '#16a34a',
  ANNULEE: '#64748b',
  ECHEC: '#dc2626',
};

export const STATUS_SERIES = STATUTS.map((s) => ({ key: s, label: STATUT_LABELS[s], color: STATUT_COLORS[s] }));

/** Short label of a bucket's first day: 05/03, 'sem. 05/03', 'mars 2026'. */
export function bucketLabel(start: string, bucket: AnalyticsBucket): string {
  const d = new Date(`${start}T00:00:00Z`);
  if (bucket === 'month') return d.toLocaleDateString('fr-FR', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const day = d.toLocaleDateString('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  return bucket === 'week' ? `sem. ${day}` : day;
}
