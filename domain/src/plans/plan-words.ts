import type { Plan } from './plan-schemas.ts';
import { rruleInWords } from './rrule-words.ts';

/** Recurrences offered in the plan form; 'Personnalisée' lets the user type any RFC 5545 rule. */
export const RRULE_PRESETS = [
  { rrule: 'FREQ=WEEKLY', label: 'Toutes les semaines' },
  { rrule: 'FREQ=MONTHLY', label: 'Tous les mois' },
  { rrule: 'FREQ=MONTHLY;INTERVAL=3', label: 'Tous les 3 mois' },
  { rrule: 'FREQ=MONTHLY;INTERVAL=6', label: 'Tous les 6 mois' },
  { rrule: 'FREQ=YEARLY', label: 'Tous les ans' },
] as const;

export const PLAN_LABELS = {
  title: 'Maintenance préventive',
  description:
    'Plans de visites périodiques : les interventions sont créées à l’avance, selon la récurrence de chaque plan.',
  newPlan: 'Nouveau plan',
  editPlan: 'Modifier le plan',
  empty: 'Aucun plan de maintenance préventive',
  generate: 'Générer maintenant',
  exportCompliance: 'Exporter CSV',
  onTime: (pct: number | null) => (pct === null ? 'aucune échéance passée' : `${pct} % à temps`),
  compliance: (pct: number | null) => `Maintenance préventive : ${PLAN_LABELS.onTime(pct)}`,
  targetEquipment: 'Un équipement',
  targetType: "Tous les équipements d'un type chez un client",
  customRule: 'Personnalisée (règle avancée)',
  advancedRule: 'Avancé : règle de récurrence (RFC 5545)',
  ruleInWords: 'Récurrence retenue',
  modeLabel: 'Type de récurrence',
  modeCalendar: 'Calendrier fixe (règle)',
  modeAfterCompletion: 'N jours après la dernière réalisation',
  intervalleLabel: 'Jours après la dernière réalisation',
  seuilLabel: 'Déclencheur compteur : toutes les N heures de fonctionnement (facultatif)',
  seuilHint: "Relevés saisis sur la fiche de l'équipement ; vide : pas de déclencheur compteur.",
  deleteTitle: 'Supprimer le plan',
  deleteMessage: (nom: string) =>
    `Supprimer le plan « ${nom} » ? Les interventions déjà générées sont conservées ; aucune nouvelle ne sera créée.`,
} as const;

/** A rule in words ('Tous les 6 mois', 'Tous les ans, en mars et septembre, le premier lundi'), never its raw text. */
export function describeRrule(rrule: string): string {
  return rruleInWords(rrule);
}

/** A plan's triggers in words: 'Tous les 3 mois', '30 jours après la dernière réalisation', '… ou toutes les 250 h'. */
export function describePlanTriggers(plan: Pick<Plan, 'mode' | 'rrule' | 'intervalle_jours' | 'seuil_heures'>): string {
  const cycle =
    plan.mode === 'APRES_REALISATION' && plan.intervalle_jours !== null
      ? `${plan.intervalle_jours} jour${plan.intervalle_jours > 1 ? 's' : ''} après la dernière réalisation`
      : describeRrule(plan.rrule);
  return plan.seuil_heures === null ? cycle : `${cycle}, ou toutes les ${plan.seuil_heures} heures de fonctionnement`;
}
