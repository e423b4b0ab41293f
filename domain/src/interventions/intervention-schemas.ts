import { z } from 'zod';
import { idSchema, isCalendarDay, MAX_ID, paginationQuerySchema, queryBoolean } from '../common/api.ts';
import { syncQueryFields } from '../common/sync.ts';
import { PAUSE_MOTIF_MESSAGES, PAUSE_MOTIFS } from '../contracts/contract-constants.ts';
import { derogationInputSchema, derogationSchema, workKindSchema } from '../habilitations/habilitation-schemas.ts';
import { interventionSlaSchema, SLA_FILTERS } from '../sla/sla-clock.ts';
import { technicianRefSchema } from './assignment-schemas.ts';
import { scopeSchema } from './lifecycle-schemas.ts';
import { LIST_CURSOR_PATTERN } from './list-cursor.ts';
import { PHASES } from './phases.ts';
import { OVERDUE_DAYS } from './predicates.ts';
import { REVIEW_STATUSES } from './review-schemas.ts';
import { plannedWallClockSchema } from './schedule-schemas.ts';
import { DEFAULT_STATUT, FORM_STATUTS, STATUTS, type Statut } from './status.ts';
import { STATUT_INVALID, statutSchema } from './statut-schema.ts';
import { REOPEN_MESSAGES, REOPEN_MOTIF_MAX } from './workflow.ts';

/** The motif of a reopening: optional in every status change, required by the server when leaving TERMINEE. */
export const reopenMotifSchema = z.string().trim().max(REOPEN_MOTIF_MAX, REOPEN_MESSAGES.motifMax).nullish();

/** The web's reopening confirmation: the motif the server requires when leaving TERMINEE. */
export const reopenFormSchema = z.object({
  motif: z
    .string({ error: REOPEN_MESSAGES.motifRequired })
    .trim()
    .min(1, REOPEN_MESSAGES.motifRequired)
    .max(REOPEN_MOTIF_MAX, REOPEN_MESSAGES.motifMax),
});
export type ReopenFormInput = z.input<typeof reopenFormSchema>;

export const INTERVENTION_MESSAGES = {
  equipementRequired: "L'équipement est requis",
  dateRequired: 'La date est requise',
  dateInvalid: 'Date invalide (format AAAA-MM-JJ)',
  descriptionMax: 'La description ne peut pas dépasser 5000 caractères',
  statutInvalid: STATUT_INVALID,
  noteRequired: 'La note est requise',
  noteMax: 'La note ne peut pas dépasser 2000 caractères',
  cursorInvalid: 'Curseur de page invalide (format AAAA-MM-JJ.identifiant)',
} as const;

/** The list's `days` default: the overdue rule's own (predicates.ts). */
export const OVERDUE_DAYS_DEFAULT = OVERDUE_DAYS;

export { statutSchema };

const isoDate = z
  .string({ error: INTERVENTION_MESSAGES.dateRequired })
  .trim()
  .min(1, { error: INTERVENTION_MESSAGES.dateRequired, abort: true })
  .refine(isCalendarDay, INTERVENTION_MESSAGES.dateInvalid);

const id = idSchema;

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
    .positive({ error: INTERVENTION_MESSAGES.equipementRequired })
    .max(MAX_ID, { error: INTERVENTION_MESSAGES.equipementRequired }),
  client_id: id.nullish(),
  date: isoDate,
  description,
  urgence: z.boolean().default(false),
  statut: z
    .enum(FORM_STATUTS as [Statut, ...Statut[]], { error: INTERVENTION_MESSAGES.statutInvalid })
    .default(DEFAULT_STATUT),
  /** Assigned at creation (issue 14), with the assignment's rules: interventions:assign, or oneself. */
  technicianId: id.nullish(),
  /** Issue 34: the kind of work (what its equipment requires of the technician); null: not stated. */
  type_travail: workKindSchema.nullish(),
  /** Issue 34: forces the assignment at creation without the required habilitation (habilitations:override). */
  derogation: derogationInputSchema.nullish(),
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
  /** '' = nobody; shown to holders of interventions:assign. */
  technicianId: z.string().optional(),
  /** Issue 34: '' = not stated. */
  type_travail: z.union([z.literal(''), workKindSchema]).optional(),
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
  /** The motif of a reopening (statut leaving TERMINEE), as in PUT /:id/status. */
  motif: reopenMotifSchema,
  /** Issue 34: the kind of work; the assigned technician must hold what it requires. */
  type_travail: workKindSchema.nullish(),
});
export type InterventionUpdate = z.output<typeof interventionUpdateSchema>;

/** The pause's reason (issue 31, contract-constants.ts PAUSE_MOTIF_MESSAGES): only with statut EN_PAUSE. */
export const pauseMotifSchema = z.enum(PAUSE_MOTIFS, { error: PAUSE_MOTIF_MESSAGES.invalid }).nullish();

/** The web's pause dialog: the motif is required there (the API keeps it optional for its other callers). */
export const pauseFormSchema = z.object({
  pause_motif: z.enum(PAUSE_MOTIFS, { error: PAUSE_MOTIF_MESSAGES.required }),
  note: z.string().trim().max(2000, INTERVENTION_MESSAGES.noteMax),
});
export type PauseFormInput = z.input<typeof pauseFormSchema>;

/** PUT /interventions/:id/status */
export const statusChangeSchema = z.object({
  statut: statutSchema,
  note: z.string().trim().max(2000, INTERVENTION_MESSAGES.noteMax).nullish(),
  /** Required by the server when leaving TERMINEE (reopenRefusal, workflow.ts); ignored otherwise. */
  motif: reopenMotifSchema,
  /** Issue 31: why an intervention is put EN_PAUSE ("attente client" may pause the contract's clocks). */
  pause_motif: pauseMotifSchema,
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
/** The list's keyset cursor (list-cursor.ts): `page` then only numbers the page read from it. */
export const listCursorSchema = z
  .string()
  .regex(LIST_CURSOR_PATTERN, INTERVENTION_MESSAGES.cursorInvalid)
  .transform((s) => ({ date: s.slice(0, 10), id: Number(s.slice(11)) }))
  .refine((c) => isCalendarDay(c.date) && c.id <= MAX_ID, INTERVENTION_MESSAGES.cursorInvalid);

export const LIST_SORTS = ['recent', 'nearest'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const LIST_SORT_LABELS = {
  recent: 'Date la plus récente d’abord',
  nearest: 'Date la plus proche d’abord',
} as const satisfies Record<ListSort, string>;

export const interventionListQuerySchema = paginationQuerySchema.extend({
  /** Keyset cursor: the previous page's last row (list-cursor.ts). */
  after: listCursorSchema.optional(),
  equipement_id: id.optional(),
  client_id: id.optional(),
  technician_id: id.optional(),
  /** Generated by this preventive plan (issue 17). */
  plan_id: id.optional(),
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
  /** A custom field's key and the value it must hold (champ=puissance&valeur=630; oui/non as true/false). */
  champ: z
    .string()
    .regex(/^[a-z][a-z0-9_]{1,39}$/)
    .optional(),
  valeur: z.string().trim().max(500).optional(),
  /** Planned between these days (inclusive, Casablanca days): only scheduled interventions (POST /:id/schedule). */
  planned_from: isoDate.optional(),
  planned_to: isoDate.optional(),
  /** Open only (neither Terminée, Annulée nor Échec): the technician's counters (issue 30). */
  open: queryBoolean.optional(),
  /** Due on / before this Casablanca day: planned that day (before it), or unplanned and dated so (due-day.ts). */
  due_on: isoDate.optional(),
  due_before: isoDate.optional(),
  /**
   * Due between these Casablanca days (inclusive): planned within them, or not planned and dated within them — the
   * planning's feed (issue 30 item 2: an intervention with only its date shows on that day).
   */
  due_from: isoDate.optional(),
  due_to: isoDate.optional(),
  /** Without a planned time (the planning's « À planifier » list). */
  unscheduled: queryBoolean.optional(),
  /** Order: newest date first (default), or the nearest date to today first (the technician's list, issue 30). */
  sort: z.enum(LIST_SORTS).optional(),
  /** SLA state (issue 31; sla-clock.ts SLA_FILTERS). */
  sla: z.enum(SLA_FILTERS).optional(),
  /** Changes since (issue 35, common/sync.ts): oldest change first, `sync` in the answer; paging by its cursor. */
  ...syncQueryFields,
});
export type InterventionListQuery = z.output<typeof interventionListQuerySchema>;

/** GET /interventions/status-counts takes the same filters except status, paging and scope (active records only). */
export const statusCountsQuerySchema = interventionListQuerySchema.omit({
  statut: true,
  page: true,
  limit: true,
  scope: true,
  after: true,
  updated_since: true,
  cursor: true,
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
  statut: statutSchema,
  note: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Planned start (ISO instant, for integrators) and duration in minutes (POST/PUT /:id/schedule). */
  plannedAt: z.string().nullable().optional(),
  /** The same planned start on Casablanca's wall clock, converted by the server: what the web shows and edits. */
  plannedWallClock: plannedWallClockSchema.nullable().optional(),
  dureePrevue: z.number().nullable().optional(),
  /** The preventive plan that generated it (issue 17), null otherwise. */
  planId: z.number().nullable().optional(),
  /** Current review state of a finished intervention (null: never submitted, or reopened since). */
  reviewStatus: z.enum(REVIEW_STATUSES).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Raised by one by every accepted write (version-schemas.ts); also the ETag of GET /:id ("v<version>"). */
  version: z.number(),
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
  /** Values of the custom fields, keyed by definition key (GET /interventions/custom-fields gives the definitions). */
  custom_fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).default({}),
  /** SLA clocks (issue 31), on GET /:id: null when no contract applies and none is required. */
  sla: interventionSlaSchema.nullable().optional(),
  /** The reason of the current pause (EN_PAUSE only, issue 31), null otherwise or when not stated. */
  pauseMotif: z.enum(PAUSE_MOTIFS).nullable().optional(),
  /** Issue 34: the kind of work (null: not stated) and an assignment forced without the required habilitation. */
  type_travail: workKindSchema.nullable().optional(),
  derogation: derogationSchema.nullable().optional(),
  /**
   * Issue 34, on the list's page and GET /:id: an open intervention whose technician's required habilitation (or
   * medical fitness) expires before its planned day — what expired, one sentence each; null when none.
   */
  habilitation_expiree: z.array(z.string()).nullable().optional(),
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
  statut: statutSchema,
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
  availableActions: z.array(z.object({ statut: statutSchema, label: z.string(), primary: z.boolean() })),
  allowedTransitions: z.array(statutSchema),
  pauseCount: z.number(),
  /** The intervention's version the workflow was derived from (the version its buttons act on). */
  version: z.number(),
  /**
   * Issue 32: whether closing needs the client's signature (company setting or the contract's) and whether the bon
   * has one — the phone knows it offline and asks for the signature before the close.
   */
  clientSignature: z.object({ required: z.boolean(), signed: z.boolean() }).optional(),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const statusCountsSchema = z.object({
  total: z.number(),
  urgent: z.number(),
  overdue: z.number(),
  statuts: z.object(Object.fromEntries(STATUTS.map((s) => [s, z.number()])) as Record<Statut, z.ZodNumber>),
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;
