import { z } from 'zod';
import { PLAN_MESSAGES, PLAN_MODES, type Plan, planInputSchema } from './plan-schemas.ts';
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

/** A typed number: empty → null (or NaN when required, so that the schema's message shows). */
const optionalNumber = (text: string, required: boolean) =>
  text.trim() === '' ? (required ? Number.NaN : null) : Number(text);

/**
 * The plan form's fields as typed (strings, a target choice), turned into the API's body and checked by the same
 * schema as the server's (planInputSchema), so that the form shows the server's messages.
 */
export const planFormSchema = z
  .object({
    nom: z.string(),
    template_id: z.string().min(1, PLAN_MESSAGES.templateRequired),
    cible: z.enum(['equipement', 'type']),
    equipement_id: z.string(),
    client_id: z.string(),
    type_equipement: z.string(),
    rrule: z.string(),
    date_debut: z.string(),
    jours_avance: z.string(),
    technicien_id: z.string(),
    actif: z.boolean(),
    mode: z.enum(PLAN_MODES),
    /** Mode APRES_REALISATION: N days after the last completion. */
    intervalle_jours: z.string(),
    /** Optional meter trigger (empty: none). */
    seuil_heures: z.string(),
  })
  .transform((v, ctx) => {
    const checked = planInputSchema.safeParse({
      nom: v.nom,
      template_id: Number(v.template_id),
      equipement_id: v.cible === 'equipement' && v.equipement_id ? Number(v.equipement_id) : null,
      client_id: v.cible === 'type' && v.client_id ? Number(v.client_id) : null,
      type_equipement: v.cible === 'type' && v.type_equipement ? v.type_equipement : null,
      rrule: v.mode === 'CALENDRIER' ? v.rrule : undefined,
      mode: v.mode,
      intervalle_jours: v.mode === 'APRES_REALISATION' ? optionalNumber(v.intervalle_jours, true) : null,
      seuil_heures: optionalNumber(v.seuil_heures, false),
      date_debut: v.date_debut,
      jours_avance: v.jours_avance.trim() === '' ? Number.NaN : Number(v.jours_avance),
      technicien_id: v.technicien_id ? Number(v.technicien_id) : null,
      actif: v.actif,
    });
    if (checked.success) return checked.data;
    // the server's messages, on the form's fields of the same names
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
export type PlanFormValues = z.input<typeof planFormSchema>;

/** A plan's triggers in words: 'Tous les 3 mois', '30 jours après la dernière réalisation', '… ou toutes les 250 h'. */
export function describePlanTriggers(plan: Pick<Plan, 'mode' | 'rrule' | 'intervalle_jours' | 'seuil_heures'>): string {
  const cycle =
    plan.mode === 'APRES_REALISATION' && plan.intervalle_jours !== null
      ? `${plan.intervalle_jours} jour${plan.intervalle_jours > 1 ? 's' : ''} après la dernière réalisation`
      : describeRrule(plan.rrule);
  return plan.seuil_heures === null ? cycle : `${cycle}, ou toutes les ${plan.seuil_heures} heures de fonctionnement`;
}
