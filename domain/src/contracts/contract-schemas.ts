import { z } from 'zod';
import { idSchema, isCalendarDay, paginationQuerySchema, queryBoolean } from '../common/api.ts';
import { moneyText } from '../common/numbers.ts';
import { plagesIssue, sortPlages } from './calendar-plages.ts';
import {
  CONTRACT_TYPES,
  DEFAULT_PAUSE_RULES,
  CONTRACT_MESSAGES as M,
  MAX_CONTRACT_EQUIPMENT,
  MAX_CONTRACT_PLANS,
  MAX_EXCEPTIONS,
  MAX_GUARANTEE_MINUTES,
  MAX_PLAGES,
  PAUSE_CONDITIONS,
  PAUSE_STATUTS,
  SLA_CIBLES,
  SLA_ETATS,
} from './contract-constants.ts';

/**
 * Maintenance contracts and business calendars (issue 31): the bodies of POST/PUT /api/contracts and
 * /api/calendars exactly as the issue's "API (fixed)" section says, the list queries and the responses.
 */
export * from './calendar-plages.ts';
export * from './contract-constants.ts';

/** Half of a surrogate pair without the other half: shown as U+FFFD (PostgreSQL's jsonb refuses it in the audit row). */
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const wellFormed = (v: string) => v.replace(LONE_SURROGATES, '\ufffd');

const day = z.string({ error: M.dateInvalid }).trim().refine(isCalendarDay, M.dateInvalid);

// ---------------------------------------------------------------- calendars

export const plageSchema = z.object({
  jour: z.number({ error: M.jourInvalid }).int(M.jourInvalid).min(1, M.jourInvalid).max(7, M.jourInvalid),
  debut: z
    .string({ error: M.heureInvalid })
    .trim()
    .regex(/^\d{2}:\d{2}$/, M.heureInvalid),
  fin: z
    .string({ error: M.heureInvalid })
    .trim()
    .regex(/^\d{2}:\d{2}$/, M.heureInvalid),
});

export const calendarExceptionSchema = z.object({
  date: day,
  /** false: the day is closed; true: the day is worked with its weekday's intervals even if it is a public holiday. */
  ouvert: z.boolean({ error: 'Indiquez si le jour est ouvert ou fermé' }),
});

export const calendarInputSchema = z
  .object({
    nom: z.string({ error: M.nomRequired }).trim().min(1, M.nomRequired).max(150, M.nomMax).transform(wellFormed),
    plages: z.array(plageSchema, { error: M.plagesEmpty }).min(1, M.plagesEmpty).max(MAX_PLAGES, M.plagesTooMany),
    exceptions: z.array(calendarExceptionSchema).max(MAX_EXCEPTIONS, M.exceptionsTooMany).default([]),
    /** Whether the company's public holidays are closed days of this calendar (false for a 24/7 on-call one). */
    applique_jours_feries: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    const issue = plagesIssue(v.plages);
    if (issue) ctx.addIssue({ code: 'custom', path: ['plages', issue.index], message: issue.message });
    const seen = new Set<string>();
    v.exceptions.forEach((e, i) => {
      if (seen.has(e.date)) {
        ctx.addIssue({ code: 'custom', path: ['exceptions', i, 'date'], message: M.exceptionDuplicate(e.date) });
      }
      seen.add(e.date);
    });
  })
  .transform((v) => ({ ...v, plages: sortPlages(v.plages) }));
export type CalendarInput = z.output<typeof calendarInputSchema>;

export const calendarSchema = z.object({
  id: z.number(),
  nom: z.string(),
  applique_jours_feries: z.boolean(),
  plages: z.array(z.object({ jour: z.number(), debut: z.string(), fin: z.string() })),
  exceptions: z.array(z.object({ date: z.string(), ouvert: z.boolean() })),
  /** Live contracts whose current terms use it. */
  contrats: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Calendar = z.infer<typeof calendarSchema>;

// ---------------------------------------------------------------- contracts

export const guaranteeSchema = z.object({
  urgence: z.boolean({ error: "Indiquez l'urgence (vrai ou faux)" }),
  cible: z.enum(SLA_CIBLES, { error: M.cibleInvalid }),
  minutes: z
    .number({ error: M.minutesInvalid })
    .int(M.minutesInvalid)
    .positive(M.minutesInvalid)
    .max(MAX_GUARANTEE_MINUTES, M.minutesTooLarge),
});
export type Guarantee = z.infer<typeof guaranteeSchema>;

const pauseRuleObject = z.object({
  statut: z.enum(PAUSE_STATUTS, { error: M.pauseStatutInvalid }),
  condition: z.enum(PAUSE_CONDITIONS, { error: M.pauseConditionInvalid }).default('TOUJOURS'),
});
/** A pause status: `{statut, condition}`, or a status alone (it always pauses). */
export const pauseRuleSchema = z.union([
  z
    .enum(PAUSE_STATUTS, { error: M.pauseStatutInvalid })
    .transform((statut) => ({ statut, condition: 'TOUJOURS' as const })),
  pauseRuleObject,
]);

const idList = (max: number, tooMany: string, duplicate: string) =>
  z
    .array(idSchema)
    .max(max, tooMany)
    .refine((ids) => new Set(ids).size === ids.length, duplicate);

export const contractInputSchema = z
  .object({
    client_id: idSchema,
    numero: z
      .string({ error: M.numeroRequired })
      .trim()
      .min(1, M.numeroRequired)
      .max(50, M.numeroMax)
      .transform(wellFormed),
    type: z.enum(CONTRACT_TYPES, { error: M.typeInvalid }),
    date_debut: day,
    date_fin: day,
    reconduction_tacite: z.boolean().default(false),
    /** Issue 32: the client's signature on the bon is required to close this contract's interventions. */
    signature_client_obligatoire: z.boolean().default(false),
    /** Issue 33: the client's portal users see costs and prices (else they are hidden from them). */
    prix_portail: z.boolean().default(false),
    /** null (or absent): all of the client's equipment, present and future; else the covered list. */
    equipement_ids: idList(MAX_CONTRACT_EQUIPMENT, M.equipmentTooMany, M.equipmentDuplicate)
      .min(1, M.equipmentEmpty)
      .nullish()
      .transform((v) => v ?? null),
    /** Included preventive visits: the client's plans. */
    plan_ids: idList(MAX_CONTRACT_PLANS, M.planDuplicate, M.planDuplicate).default([]),
    calendrier_id: idSchema,
    montant_annuel_ht: moneyText(M.montantInvalid)
      .nullish()
      .transform((v) => v ?? null),
    garanties: z
      .array(guaranteeSchema)
      .max(SLA_CIBLES.length * 2, M.guaranteeDuplicate)
      .default([]),
    statuts_pause: z
      .array(pauseRuleSchema)
      .max(PAUSE_STATUTS.length * PAUSE_CONDITIONS.length, M.pauseDuplicate)
      .default(() => DEFAULT_PAUSE_RULES.map((r) => ({ ...r }))),
  })
  .superRefine((v, ctx) => {
    if (v.date_fin < v.date_debut) ctx.addIssue({ code: 'custom', path: ['date_fin'], message: M.endBeforeStart });
    const seen = new Set<string>();
    v.garanties.forEach((g, i) => {
      const key = `${g.urgence}:${g.cible}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['garanties', i], message: M.guaranteeDuplicate });
      seen.add(key);
    });
    const pauses = new Set<string>();
    v.statuts_pause.forEach((p, i) => {
      const key = `${p.statut}:${p.condition}`;
      if (pauses.has(key)) ctx.addIssue({ code: 'custom', path: ['statuts_pause', i], message: M.pauseDuplicate });
      pauses.add(key);
    });
  });
export type ContractInput = z.output<typeof contractInputSchema>;

export const contractListQuerySchema = paginationQuerySchema.extend({
  client_id: idSchema.optional(),
  /** Contracts ending within CONTRACT_EXPIRING_SOON_DAYS (and not ended yet). */
  expiring: queryBoolean.optional(),
});
export type ContractListQuery = z.output<typeof contractListQuerySchema>;

const guaranteeOut = z.object({ urgence: z.boolean(), cible: z.enum(SLA_CIBLES), minutes: z.number() });
const pauseOut = z.object({ statut: z.enum(PAUSE_STATUTS), condition: z.enum(PAUSE_CONDITIONS) });

export const contractListItemSchema = z.object({
  id: z.number(),
  client_id: z.number(),
  client_nom: z.string(),
  numero: z.string(),
  type: z.enum(CONTRACT_TYPES),
  date_debut: z.string(),
  date_fin: z.string(),
  reconduction_tacite: z.boolean(),
  signature_client_obligatoire: z.boolean(),
  prix_portail: z.boolean(),
  /** null: all of the client's equipment. */
  equipements: z.number().nullable(),
  calendrier_id: z.number(),
  calendrier_nom: z.string(),
  montant_annuel_ht: z.string().nullable(),
  version: z.number(),
  /** Days until date_fin (negative once ended). */
  jours_restants: z.number(),
});
export type ContractListItem = z.infer<typeof contractListItemSchema>;

export const contractVersionSchema = z.object({
  id: z.number(),
  version: z.number(),
  valid_from: z.string(),
  creer_par_nom: z.string().nullable(),
  type: z.enum(CONTRACT_TYPES),
  date_debut: z.string(),
  date_fin: z.string(),
  reconduction_tacite: z.boolean(),
  equipement_ids: z.array(z.number()).nullable(),
  plan_ids: z.array(z.number()),
  calendrier_id: z.number(),
  calendrier_nom: z.string(),
  montant_annuel_ht: z.string().nullable(),
  garanties: z.array(guaranteeOut),
  statuts_pause: z.array(pauseOut),
});
export type ContractVersion = z.infer<typeof contractVersionSchema>;

export const contractDocumentSchema = z.object({
  id: z.number(),
  originalName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  userId: z.number().nullable(),
  createdAt: z.string(),
});
export type ContractDocument = z.infer<typeof contractDocumentSchema>;

/** The contract form's checkbox (issue 33). */
export const CONTRACT_PORTAL_PRICES_LABEL = 'Afficher les coûts et les prix dans le portail du client';

export const contractSchema = contractListItemSchema.extend({
  equipement_ids: z.array(z.number()).nullable(),
  equipements_detail: z.array(z.object({ id: z.number(), nom: z.string() })),
  plan_ids: z.array(z.number()),
  plans_detail: z.array(z.object({ id: z.number(), nom: z.string() })),
  garanties: z.array(guaranteeOut),
  statuts_pause: z.array(pauseOut),
  created_at: z.string(),
  updated_at: z.string(),
  versions: z.array(contractVersionSchema),
  documents: z.array(contractDocumentSchema),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractDocumentParamsSchema = z.object({ id: idSchema, docId: idSchema });

/** The clock of one target, as GET /api/interventions/{id} will carry it (the SLA helper fills it). */
export const slaCibleSchema = z.object({
  cible: z.enum(SLA_CIBLES),
  echeance: z.string().nullable(),
  etat: z.enum(SLA_ETATS),
  consomme_minutes: z.number(),
  atteint_le: z.string().nullable(),
});
