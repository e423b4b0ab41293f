import { z } from 'zod';
import { PLAN_MESSAGES, planInputSchema } from './plan-schemas.ts';

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
  onTime: (pct: number | null) => (pct === null ? 'aucune échéance passée' : `${pct} % à temps`),
  compliance: (pct: number | null) => `Maintenance préventive : ${PLAN_LABELS.onTime(pct)}`,
  targetEquipment: 'Un équipement',
  targetType: "Tous les équipements d'un type chez un client",
  customRule: 'Personnalisée (règle RFC 5545)',
  deleteTitle: 'Supprimer le plan',
  deleteMessage: (nom: string) =>
    `Supprimer le plan « ${nom} » ? Les interventions déjà générées sont conservées ; aucune nouvelle ne sera créée.`,
} as const;

const UNITS: Record<string, [string, string]> = {
  DAILY: ['Tous les jours', 'jours'],
  WEEKLY: ['Toutes les semaines', 'semaines'],
  MONTHLY: ['Tous les mois', 'mois'],
  YEARLY: ['Tous les ans', 'ans'],
};

/** A rule in words for the common cases ('Tous les 6 mois'); anything richer is shown as the rule itself. */
export function describeRrule(rrule: string): string {
  const parts = Object.fromEntries(
    rrule
      .replace(/^RRULE:/i, '')
      .split(';')
      .map((p) => p.split('=') as [string, string]),
  );
  const unit = UNITS[parts.FREQ ?? ''];
  const others = Object.keys(parts).filter((k) => k !== 'FREQ' && k !== 'INTERVAL');
  if (!unit || others.length > 0) return rrule;
  const n = Number(parts.INTERVAL ?? 1);
  return n === 1 ? unit[0] : `Tous les ${n} ${unit[1]}`;
}

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
  })
  .transform((v, ctx) => {
    const checked = planInputSchema.safeParse({
      nom: v.nom,
      template_id: Number(v.template_id),
      equipement_id: v.cible === 'equipement' && v.equipement_id ? Number(v.equipement_id) : null,
      client_id: v.cible === 'type' && v.client_id ? Number(v.client_id) : null,
      type_equipement: v.cible === 'type' && v.type_equipement ? v.type_equipement : null,
      rrule: v.rrule,
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
