import { z } from 'zod';
import { PLAN_MESSAGES, PLAN_MODES, planInputSchema } from './plan-schemas.ts';

// The labels and the words of a plan, without zod nor the rrule package (issue 30: the dashboard and the equipment
// page show them): plan-words.ts.
export { describePlanTriggers, describeRrule, PLAN_LABELS, RRULE_PRESETS } from './plan-words.ts';

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
