import { z } from 'zod';
import { idSchema, isCalendarDay, queryBoolean } from '../common/api.ts';
import { EQUIPMENT_TYPES } from '../equipment/equipment-types.ts';
import { statutSchema } from '../interventions/statut-schema.ts';
import { isValidRrule } from './recurrence.ts';

/**
 * Preventive maintenance plans (issue 17): a template applied to one equipment, or to every equipment of a type of
 * one client (equipment added later joins), on an RFC 5545 recurrence, generated `jours_avance` days ahead as
 * PLANIFIEE interventions. Compliance counts each generated occurrence as on time, late, missed or open.
 */
export const PLAN_MESSAGES = {
  nomRequired: 'Le nom du plan est requis',
  nomMax: 'Le nom ne peut pas dépasser 150 caractères',
  templateRequired: "Le modèle d'intervention est requis",
  targetRequired: "Indiquez un équipement, ou un client et un type d'équipement",
  targetBoth: "Indiquez soit un équipement, soit un client et un type d'équipement, pas les deux",
  typeInvalid: "Type d'équipement inconnu",
  rruleInvalid: 'Règle de récurrence invalide (format RFC 5545, ex. FREQ=MONTHLY;BYMONTHDAY=1)',
  dateInvalid: 'Date invalide (AAAA-MM-JJ)',
  joursAvanceInvalid: "Le délai d'anticipation doit être un nombre de jours entre 0 et 365",
  rangeInvalid: 'La date de fin doit suivre la date de début',
  rangeTooLong: 'La période ne peut pas dépasser 3 ans',
  notFound: 'Plan de maintenance introuvable',
  templateNotFound: "Modèle d'intervention introuvable",
  templateInactive: 'Ce modèle est désactivé',
  equipmentNotFound: 'Équipement introuvable',
  clientNotFound: 'Client introuvable',
  technicianNotFound: 'Technicien introuvable ou désactivé',
  wrongType: (template: string, equipment: string) =>
    `Le modèle s'applique aux équipements de type ${template.replaceAll('_', ' ')}, pas ${equipment.replaceAll('_', ' ')}`,
  created: 'Plan de maintenance créé avec succès',
  updated: 'Plan de maintenance modifié avec succès (les échéances déjà générées sont conservées)',
  deleted: 'Plan de maintenance supprimé (les interventions générées sont conservées)',
  generated: (n: number) =>
    n === 0 ? 'Aucune nouvelle intervention à générer' : `${n} intervention(s) préventive(s) générée(s)`,
  historyNote: (nom: string) => `Générée par le plan de maintenance « ${nom} »`,
  assignedBy: 'Maintenance préventive',
  holidayLibelleRequired: 'Le libellé du jour férié est requis',
  holidayTaken: 'Ce jour figure déjà dans la liste des jours fériés',
  holidayNotFound: 'Jour férié introuvable',
  holidayCreated: 'Jour férié ajouté',
  holidayDeleted: 'Jour férié supprimé',
  modeInvalid: 'Mode de récurrence inconnu',
  intervalleInvalid: 'Le nombre de jours après la dernière réalisation doit être un entier entre 1 et 3650',
  seuilInvalid: "Le seuil d'heures de fonctionnement doit être un entier entre 1 et 1 000 000",
  historyNoteMeter: (nom: string, heures: number) =>
    `Générée par le plan de maintenance « ${nom} » : ${heures} heures de fonctionnement depuis la dernière réalisation`,
} as const;

/**
 * How a plan's occurrences follow each other: CALENDRIER, on the RFC 5545 rule (fixed calendar); APRES_REALISATION,
 * N days after the last completion of the plan's intervention on each equipment (one open occurrence at a time).
 */
export const PLAN_MODES = ['CALENDRIER', 'APRES_REALISATION'] as const;
export type PlanMode = (typeof PLAN_MODES)[number];
/** Which trigger generated an occurrence: the plan's mode, or the meter (running hours). */
export const PLAN_TRIGGERS = ['CALENDRIER', 'APRES_REALISATION', 'COMPTEUR'] as const;
export type PlanTrigger = (typeof PLAN_TRIGGERS)[number];
/** The rule stored for an after-completion plan (the rrule column stays filled; only the calendar mode reads it). */
export const afterCompletionRrule = (days: number) => `FREQ=DAILY;INTERVAL=${days}`;

/** A generated intervention completed within this many days after its due date counts as on time. */
export const COMPLIANCE_TOLERANCE_DAYS = 7;
/** Longest period of GET /plans/{id}/occurrences and GET /plans/compliance. */
export const MAX_PLAN_RANGE_DAYS = 3 * 366;
/** Default lead time: interventions are created this many days before their due date. */
export const DEFAULT_JOURS_AVANCE = 7;
/** Generated interventions are planned at this Casablanca wall-clock time on their due date. */
export const PLAN_START_TIME = '08:00';

const day = z.string({ error: PLAN_MESSAGES.dateInvalid }).trim().refine(isCalendarDay, PLAN_MESSAGES.dateInvalid);

export const planInputSchema = z
  .object({
    nom: z
      .string({ error: PLAN_MESSAGES.nomRequired })
      .trim()
      .min(1, PLAN_MESSAGES.nomRequired)
      .max(150, PLAN_MESSAGES.nomMax),
    template_id: idSchema,
    equipement_id: idSchema.nullish().transform((v) => v ?? null),
    client_id: idSchema.nullish().transform((v) => v ?? null),
    type_equipement: z
      .enum(EQUIPMENT_TYPES, { error: PLAN_MESSAGES.typeInvalid })
      .nullish()
      .transform((v) => v ?? null),
    /** Required in the calendar mode; in the after-completion mode it may be left out (stored as FREQ=DAILY;INTERVAL=N). */
    rrule: z
      .string({ error: PLAN_MESSAGES.rruleInvalid })
      .trim()
      .max(500, PLAN_MESSAGES.rruleInvalid)
      .refine(isValidRrule, PLAN_MESSAGES.rruleInvalid)
      .transform((v) => v.replace(/^RRULE:/i, '').toUpperCase())
      .optional(),
    date_debut: day,
    jours_avance: z
      .number({ error: PLAN_MESSAGES.joursAvanceInvalid })
      .int(PLAN_MESSAGES.joursAvanceInvalid)
      .min(0, PLAN_MESSAGES.joursAvanceInvalid)
      .max(365, PLAN_MESSAGES.joursAvanceInvalid)
      .default(DEFAULT_JOURS_AVANCE),
    technicien_id: idSchema.nullish().transform((v) => v ?? null),
    actif: z.boolean().default(true),
    mode: z.enum(PLAN_MODES, { error: PLAN_MESSAGES.modeInvalid }).default('CALENDRIER'),
    /** Mode APRES_REALISATION: days between a completion and the next due date. */
    intervalle_jours: z
      .number({ error: PLAN_MESSAGES.intervalleInvalid })
      .int(PLAN_MESSAGES.intervalleInvalid)
      .min(1, PLAN_MESSAGES.intervalleInvalid)
      .max(3650, PLAN_MESSAGES.intervalleInvalid)
      .nullish()
      .transform((v) => v ?? null),
    /** Optional meter trigger: an intervention every N running hours (readings entered on the equipment). */
    seuil_heures: z
      .number({ error: PLAN_MESSAGES.seuilInvalid })
      .int(PLAN_MESSAGES.seuilInvalid)
      .min(1, PLAN_MESSAGES.seuilInvalid)
      .max(1_000_000, PLAN_MESSAGES.seuilInvalid)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'CALENDRIER' && v.rrule === undefined) {
      ctx.addIssue({ code: 'custom', path: ['rrule'], message: PLAN_MESSAGES.rruleInvalid });
    }
    if (v.mode === 'APRES_REALISATION' && v.intervalle_jours === null) {
      ctx.addIssue({ code: 'custom', path: ['intervalle_jours'], message: PLAN_MESSAGES.intervalleInvalid });
    }
    const byType = v.client_id !== null || v.type_equipement !== null;
    if (v.equipement_id !== null && byType) {
      ctx.addIssue({ code: 'custom', path: ['equipement_id'], message: PLAN_MESSAGES.targetBoth });
    } else if (v.equipement_id === null && (v.client_id === null || v.type_equipement === null)) {
      const path =
        v.client_id === null && byType ? 'client_id' : v.client_id === null ? 'equipement_id' : 'type_equipement';
      ctx.addIssue({ code: 'custom', path: [path], message: PLAN_MESSAGES.targetRequired });
    }
  })
  .transform((v) => {
    const after = v.mode === 'APRES_REALISATION' && v.intervalle_jours !== null;
    return {
      ...v,
      rrule: after ? afterCompletionRrule(v.intervalle_jours as number) : (v.rrule ?? ''),
      intervalle_jours: after ? v.intervalle_jours : null,
    };
  });
export type PlanInput = z.output<typeof planInputSchema>;

export const planListQuerySchema = z.object({
  /** Plans that reach this equipment (directly, or by its type and client). */
  equipement_id: idSchema.optional(),
  client_id: idSchema.optional(),
  actif: queryBoolean.optional(),
});
export type PlanListQuery = z.output<typeof planListQuerySchema>;

const range = z
  .object({ from: day, to: day })
  .refine((v) => v.to >= v.from, { message: PLAN_MESSAGES.rangeInvalid, path: ['to'] })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= MAX_PLAN_RANGE_DAYS * 86_400_000, {
    message: PLAN_MESSAGES.rangeTooLong,
    path: ['to'],
  });
export const occurrencesQuerySchema = range;
export type OccurrencesQuery = z.output<typeof occurrencesQuerySchema>;

export const complianceQuerySchema = z
  .object({ from: day, to: day, client_id: idSchema.optional(), plan_id: idSchema.optional() })
  .refine((v) => v.to >= v.from, { message: PLAN_MESSAGES.rangeInvalid, path: ['to'] })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= MAX_PLAN_RANGE_DAYS * 86_400_000, {
    message: PLAN_MESSAGES.rangeTooLong,
    path: ['to'],
  });
export type ComplianceQuery = z.output<typeof complianceQuerySchema>;

// ---- response shapes -------------------------------------------------------------------------------------------

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

/** Year in which yearly skip dates are stored (a leap year, so 29 February can be one). */
export const HOLIDAY_ANNUAL_YEAR = '2000';

/** A skip date of the plans: one day, or (annuel) its month and day every year. */
export const holidayInputSchema = z.object({
  jour: day,
  annuel: z.boolean().default(false),
  libelle: z
    .string({ error: PLAN_MESSAGES.holidayLibelleRequired })
    .trim()
    .min(1, PLAN_MESSAGES.holidayLibelleRequired)
    .max(150),
});
export type HolidayInput = z.output<typeof holidayInputSchema>;

export const holidaySchema = z.object({
  id: z.number(),
  /** YYYY-MM-DD; for a yearly one the year is HOLIDAY_ANNUAL_YEAR (only month and day count). */
  jour: z.string(),
  annuel: z.boolean(),
  libelle: z.string(),
});
export type Holiday = z.infer<typeof holidaySchema>;
