import { z } from 'zod';
import { idSchema, isCalendarDay, queryBoolean } from '../common/api.ts';
import { EQUIPMENT_TYPES } from '../equipment/equipment-types.ts';
import {
  afterCompletionRrule,
  DEFAULT_JOURS_AVANCE,
  MAX_PLAN_RANGE_DAYS,
  PLAN_MESSAGES,
  PLAN_MODES,
} from './plan-constants.ts';
import { isValidRrule } from './recurrence.ts';

/**
 * Preventive maintenance plans (issue 17): a template applied to one equipment, or to every equipment of a type of
 * one client (equipment added later joins), on an RFC 5545 recurrence, generated `jours_avance` days ahead as
 * PLANIFIEE interventions. Compliance counts each generated occurrence as on time, late, missed or open.
 *
 * This module holds the inputs (plans, queries, holidays) and re-exports the messages and fixed values
 * (plan-constants.ts) and the response shapes (plan-response-schemas.ts).
 */
export * from './plan-constants.ts';
export * from './plan-response-schemas.ts';

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
