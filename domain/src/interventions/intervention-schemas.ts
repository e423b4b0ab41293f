import { z } from 'zod';
import { paginationQuerySchema, queryBoolean } from '../common/api.ts';
import { technicianRefSchema } from './assignment-schemas.ts';
import { scopeSchema } from './lifecycle-schemas.ts';
import { PHASES } from './phases.ts';
import { REVIEW_STATUSES } from './review-schemas.ts';
import { DEFAULT_STATUT, FORM_STATUTS, STATUTS, type Statut } from './status.ts';

export const INTERVENTION_MESSAGES = {
  equipementRequired: "L'équipement est requis",
  dateRequired: 'La date est requise',
  dateInvalid: 'Date invalide (format AAAA-MM-JJ)',
  descriptionMax: 'La description ne peut pas dépasser 5000 caractères',
  statutInvalid: 'Statut invalide',
  noteRequired: 'La note est requise',
  noteMax: 'La note ne peut pas dépasser 2000 caractères',
} as const;

/** An open intervention dated more than this many days ago is overdue (spec §9). */
export const OVERDUE_DAYS_DEFAULT = 30;

export const statutSchema = z.enum(STATUTS as [Statut, ...Statut[]], { error: INTERVENTION_MESSAGES.statutInvalid });

const isoDate = z
  .string({ error: INTERVENTION_MESSAGES.dateRequired })
  .trim()
  .min(1, { error: INTERVENTION_MESSAGES.dateRequired, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, INTERVENTION_MESSAGES.dateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), INTERVENTION_MESSAGES.dateInvalid);

const id = z.coerce.number().int().positive();

const description = z
  .string()
  .trim()
  .max(5000, INTERVENTION_MESSAGES.descriptionMax)
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /interventions. client_id is derived from the equipment's owner; when sent it must match. */
export const interventionCreateSchema = z.object({
  equipement_id: z.coerce
    .number({ error: INTERVENTION_MESSAGES.equipementRequired })
    .int({ error: INTERVENTION_MESSAGES.equipementRequired })
    .positive({ error: INTERVENTION_MESSAGES.equipementRequired }),
  client_id: id.nullish(),
  date: isoDate,
  description,
  urgence: z.boolean().default(false),
  statut: z
    .enum(FORM_STATUTS as [Statut, ...Statut[]], { error: INTERVENTION_MESSAGES.statutInvalid })
    .default(DEFAULT_STATUT),
});
export type InterventionCreateInput = z.input<typeof interventionCreateSchema>;
export type InterventionCreate = z.output<typeof interventionCreateSchema>;

/** The form (create): what the user types; the select yields a string id. */
export const interventionFormSchema = z.object({
  equipement_id: z.string().min(1, INTERVENTION_MESSAGES.equipementRequired),
  date: isoDate,
  description: z.string().max(5000, INTERVENTION_MESSAGES.descriptionMax),
  urgence: z.boolean(),
  statut: statutSchema,
});
export type InterventionFormValues = z.infer<typeof interventionFormSchema>;

/** PUT /interventions/:id (every field optional; a status change goes through the workflow). */
export const interventionUpdateSchema = z.object({
  equipement_id: id.optional(),
  client_id: id.nullish(),
  date: isoDate.optional(),
  description: description.optional(),
  urgence: z.boolean().optional(),
  statut: statutSchema.optional(),
  note: z.string().trim().max(2000, INTERVENTION_MESSAGES.noteMax).nullish(),
});
export type InterventionUpdate = z.output<typeof interventionUpdateSchema>;

/** PUT /interventions/:id/status */
export const statusChangeSchema = z.object({
  statut: statutSchema,
  note: z.string().trim().max(2000, INTERVENTION_MESSAGES.noteMax).nullish(),
});
export type StatusChange = z.output<typeof statusChangeSchema>;

/** POST /interventions/:id/workflow/notes */
export const workflowNoteSchema = z.object({
  note: z
    .string({ error: INTERVENTION_MESSAGES.noteRequired })
    .trim()
    .min(1, INTERVENTION_MESSAGES.noteRequired)
    .max(2000, INTERVENTION_MESSAGES.noteMax),
});
export type WorkflowNote = z.output<typeof workflowNoteSchema>;

/** GET /interventions query (spec §7). */
export const interventionListQuerySchema = paginationQuerySchema.extend({
  equipement_id: id.optional(),
  client_id: id.optional(),
  technician_id: id.optional(),
  statut: statutSchema.optional(),
  urgence: queryBoolean.optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  overdue: queryBoolean.optional(),
  days: z.coerce.number().int().min(0).max(3650).default(OVERDUE_DAYS_DEFAULT),
  /** active (default), archived or deleted (the trash). */
  scope: scopeSchema,
  /** Review state (review=SOUMISE: 'À valider'). */
  review: z.enum(REVIEW_STATUSES).optional(),
});
export type InterventionListQuery = z.output<typeof interventionListQuerySchema>;

/** GET /interventions/status-counts takes the same filters except status, paging and scope (active records only). */
export const statusCountsQuerySchema = interventionListQuerySchema.omit({
  statut: true,
  page: true,
  limit: true,
  scope: true,
});
export type StatusCountsQuery = z.output<typeof statusCountsQuerySchema>;

export const idParamsSchema = z.object({ id });

// ---- response shapes -------------------------------------------------------------------------------------------

export const interventionSchema = z.object({
  id: z.number(),
  equipement_id: z.number(),
  client_id: z.number(),
  technicianId: z.number().nullable(),
  /** The assigned technician (interventions.technician_id). */
  technician: technicianRefSchema.nullable(),
  date: z.string(),
  description: z.string().nullable(),
  urgence: z.boolean(),
  statut: z.string(),
  note: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Current review state of a finished intervention (null: never submitted, or reopened since). */
  reviewStatus: z.enum(REVIEW_STATUSES).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  equipement: z.object({
    id: z.number(),
    nom: z.string(),
    type_equipement: z.string().nullable(),
    marque: z.string().nullable(),
    modele: z.string().nullable(),
    proprietaire: z.object({
      id: z.number(),
      nom_entreprise: z.string(),
      ville: z.string().nullable(),
      contact_principal: z.string().nullable(),
      telephone_contact: z.string().nullable(),
    }),
  }),
  creerPar: z.object({ id: z.number(), nom: z.string() }).nullable(),
});
export type Intervention = z.infer<typeof interventionSchema>;

export const historyEntrySchema = z.object({
  id: z.number(),
  fromStatut: z.string().nullable(),
  toStatut: z.string().nullable(),
  note: z.string().nullable(),
  user: z.object({ id: z.number(), nom: z.string() }).nullable(),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

const phaseStateSchema = z.object({ completed: z.boolean(), label: z.string(), completedAt: z.string().nullable() });

export const workflowSchema = z.object({
  id: z.number(),
  statut: z.string(),
  urgence: z.boolean(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  phases: z.object(
    Object.fromEntries(PHASES.map((p) => [p, phaseStateSchema])) as Record<
      (typeof PHASES)[number],
      typeof phaseStateSchema
    >,
  ),
  phaseOrder: z.array(z.string()),
  nextActions: z.array(z.string()),
  availableActions: z.array(z.object({ statut: z.string(), label: z.string(), primary: z.boolean() })),
  allowedTransitions: z.array(z.string()),
  pauseCount: z.number(),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const statusCountsSchema = z.object({
  total: z.number(),
  urgent: z.number(),
  overdue: z.number(),
  statuts: z.object(Object.fromEntries(STATUTS.map((s) => [s, z.number()])) as Record<string, z.ZodNumber>),
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;
