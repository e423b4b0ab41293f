import { z } from 'zod';
import { statutSchema } from '../interventions/statut-schema.ts';
import { PLAN_MODES, PLAN_TRIGGERS } from './plan-constants.ts';

/** The response shapes of the plans' API (GET /plans, occurrences, generation, compliance) and the compliance CSV. */
export const planSchema = z.object({
  id: z.number(),
  nom: z.string(),
  template_id: z.number().nullable(),
  template_nom: z.string().nullable(),
  equipement_id: z.number().nullable(),
  equipement_nom: z.string().nullable(),
  /** The client: the equipment's owner for a one-equipment plan. */
  client_id: z.number().nullable(),
  nom_entreprise: z.string().nullable(),
  type_equipement: z.string().nullable(),
  rrule: z.string(),
  date_debut: z.string(),
  jours_avance: z.number(),
  technicien_id: z.number().nullable(),
  technicien_nom: z.string().nullable(),
  actif: z.boolean(),
  mode: z.enum(PLAN_MODES),
  intervalle_jours: z.number().nullable(),
  seuil_heures: z.number().nullable(),
  /** Number of equipment the plan reaches today. */
  equipements: z.number(),
  /** Next due date on or after today (holidays moved), null when the rule has ended. */
  prochaine_echeance: z.string().nullable(),
  /** Last day the generation has covered (due dates up to it exist as interventions), null before the first run. */
  generated_through: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

export const occurrenceSchema = z.object({
  equipement_id: z.number(),
  equipement_nom: z.string(),
  /** The rule's date (before a holiday move). */
  rule_date: z.string(),
  /** The due date (the intervention's date). */
  due_date: z.string(),
  /** true: an intervention exists (or existed) for it; false: still virtual (to be generated). */
  generated: z.boolean(),
  intervention_id: z.number().nullable(),
  statut: statutSchema.nullable(),
  completedAt: z.string().nullable(),
  /** Which trigger generated it (virtual ones: the plan's mode). */
  declencheur: z.enum(PLAN_TRIGGERS),
});
export type PlanOccurrence = z.infer<typeof occurrenceSchema>;

export const generateResultSchema = z.object({
  created: z.number(),
  intervention_ids: z.array(z.number()),
});
export type GenerateResult = z.infer<typeof generateResultSchema>;

export const complianceCountsSchema = z.object({
  /** Generated occurrences due in the period. */
  due: z.number(),
  on_time: z.number(),
  late: z.number(),
  missed: z.number(),
  /** Not completed and still within due date + tolerance. */
  open: z.number(),
  /** on_time / (on_time + late + missed) × 100, rounded; null when nothing is decided yet. */
  on_time_pct: z.number().nullable(),
});
export type ComplianceCounts = z.infer<typeof complianceCountsSchema>;

export const complianceSchema = z.object({
  from: z.string(),
  to: z.string(),
  tolerance_days: z.number(),
  total: complianceCountsSchema,
  plans: z.array(
    complianceCountsSchema.extend({
      plan_id: z.number(),
      nom: z.string(),
      client_id: z.number().nullable(),
      nom_entreprise: z.string().nullable(),
    }),
  ),
});
export type Compliance = z.infer<typeof complianceSchema>;

/** GET /plans/compliance.csv: one line per plan, then the total — what a contractor hands its client. */
export const COMPLIANCE_CSV_COLUMNS = [
  ['plan', 'Plan'],
  ['client', 'Client'],
  ['due', 'Échéances'],
  ['on_time', 'À temps'],
  ['late', 'En retard'],
  ['missed', 'Manquées'],
  ['open', 'En cours'],
  ['on_time_pct', 'À temps (%)'],
] as const;
export const COMPLIANCE_CSV_TOTAL = 'Total';
export const complianceFileName = (q: { from: string; to: string }) => `conformite-preventive_${q.from}_${q.to}.csv`;

/** on_time / decided × 100, rounded; null when no occurrence is decided. */
export function onTimePct(onTime: number, late: number, missed: number): number | null {
  const decided = onTime + late + missed;
  return decided === 0 ? null : Math.round((onTime / decided) * 100);
}
