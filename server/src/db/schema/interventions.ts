import { STATUTS, type Statut } from '@gmao/domain/interventions/status';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { timestamps } from './columns.ts';
import { clients, equipements } from './customers.ts';
import { parts, stockLocations } from './stock.ts';

/**
 * Interventions, their status history, the records of the spec's detail tabs, templates, custom field definitions and
 * the offline sync log. Part of the typed mirror of the migrations (../schema.ts).
 */
export const interventions = pgTable(
  'interventions',
  {
    id: serial('id').primaryKey(),
    equipementId: integer('equipement_id')
      .notNull()
      .references(() => equipements.id, { onDelete: 'restrict' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    technicianId: integer('technician_id').references(() => users.id, { onDelete: 'set null' }),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description'),
    // 0031_description_fold.sql: the description folded for search (gmao_fold), computed by PostgreSQL on write
    descriptionFold: text('description_fold').generatedAlwaysAs(sql`gmao_fold(coalesce(description, ''))`),
    urgence: boolean('urgence').notNull().default(false),
    statut: varchar('statut', { length: 20 }).$type<Statut>().notNull().default('PLANIFIEE'),
    note: text('note'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    // the template it was created from (FK in migration 0014; intervention_templates is declared below)
    templateId: integer('template_id'),
    /** Values of the custom fields, keyed by definition key (migration 0015). */
    customFields: jsonb('custom_fields').notNull().default({}),
    // 0016_intervention_schedule.sql: planned start (Casablanca when sent without a zone) and duration in minutes
    plannedAt: timestamp('planned_at', { withTimezone: true }),
    dureePrevue: integer('duree_prevue'),
    creerPar: integer('creer_par').references(() => users.id, { onDelete: 'set null' }),
    // raised by one by every accepted write to the intervention or its sub-records (migration 0017)
    version: integer('version').notNull().default(1),
    // 0019_notifications.sql: when "intervention en retard" was notified (once)
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
    // 0023_plans.sql: the preventive plan that generated it (FK to plans, declared below; index interventions_plan_idx)
    planId: integer('plan_id'),
    // 0047_contracts.sql: created on equipment no contract covered (billable); EN_PAUSE's reason (ATTENTE_CLIENT…)
    horsContrat: boolean('hors_contrat').notNull().default(false),
    pauseMotif: varchar('pause_motif', { length: 20 }),
    // 0065: holds a breached (DEPASSE) guaranteed-time clock — set by a trigger on intervention_sla, never cleared
    slaDepasse: boolean('sla_depasse').notNull().default(false),
    // 0058_habilitations.sql: the kind of work (what its equipment requires) and an assignment forced without the
    // required habilitation (justification, by whom, when, for which technician)
    typeTravail: varchar('type_travail', { length: 20 }),
    derogationMotif: text('derogation_motif'),
    derogationPar: integer('derogation_par').references(() => users.id, { onDelete: 'set null' }),
    derogationLe: timestamp('derogation_le', { withTimezone: true }),
    derogationTechnicianId: integer('derogation_technician_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('interventions_date_idx').on(t.date, t.id),
    index('interventions_statut_idx').on(t.statut, t.date),
    index('interventions_equipement_idx').on(t.equipementId, t.date),
    index('interventions_client_idx').on(t.clientId, t.date),
    index('interventions_technician_idx').on(t.technicianId),
    index('interventions_created_idx').on(t.createdAt),
    // 0003_interventions.sql (its pg_trgm index on the raw description was dropped by 0035: searches read
    // description_fold, whose trigram and words indexes are in migrations 0031 and 0034)
    index('interventions_urgent_idx').on(t.date, t.id).where(sql`${t.urgence}`),
    index('interventions_open_date_idx')
      .on(t.date)
      .where(sql`${t.statut} IN ('PLANIFIEE', 'EN_ATTENTE_PDR', 'EN_COURS', 'EN_PAUSE')`),
    index('interventions_planned_at_idx').on(t.plannedAt, t.id).where(sql`${t.plannedAt} IS NOT NULL`),
    // 0029: the visible rows in list order, also by status (the list's page ids and bounded count, index-only)
    index('interventions_visible_idx').on(t.date, t.id).where(sql`${t.deletedAt} IS NULL AND ${t.archivedAt} IS NULL`),
    // 0061: the sync's order (updated_since)
    index('interventions_updated_idx').on(t.updatedAt, t.id),
    index('interventions_hors_contrat_idx')
      .on(t.date, t.id)
      .where(sql`${t.horsContrat} AND ${t.deletedAt} IS NULL AND ${t.archivedAt} IS NULL`),
    index('interventions_sla_depasse_idx')
      .on(t.date, t.id, t.statut)
      .where(sql`${t.slaDepasse} AND ${t.deletedAt} IS NULL AND ${t.archivedAt} IS NULL`),
    index('interventions_visible_statut_idx')
      .on(t.statut, t.date, t.id)
      .where(sql`${t.deletedAt} IS NULL AND ${t.archivedAt} IS NULL`),
    check('interventions_duree_prevue_check', sql`${t.dureePrevue} IS NULL OR (${t.dureePrevue} BETWEEN 1 AND 43200)`),
    // 0013_statut_check.sql: only the domain's statuses (server/test/statut-check.test.ts).
    check('interventions_statut_check', sql`${t.statut} IN (${sql.raw(STATUTS.map((s) => `'${s}'`).join(', '))})`),
  ],
);

export const interventionHistory = pgTable(
  'intervention_history',
  {
    id: serial('id').primaryKey(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    fromStatut: varchar('from_statut', { length: 20 }),
    toStatut: varchar('to_statut', { length: 20 }),
    note: text('note'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // 0046: the timestamps a status move replaced, so that its undo puts them back.
    previousStartedAt: timestamp('previous_started_at', { withTimezone: true }),
    previousCompletedAt: timestamp('previous_completed_at', { withTimezone: true }),
    // 0053: the pause's reason it replaced (issue 31), put back by its undo.
    previousPauseMotif: varchar('previous_pause_motif', { length: 20 }),
  },
  (t) => [index('intervention_history_intervention_idx').on(t.interventionId, t.createdAt)],
);

// 0005_intervention_records.sql: one current record of each kind per intervention, and its materials.
export const interventionDiagnostics = pgTable('intervention_diagnostics', {
  interventionId: integer('intervention_id')
    .primaryKey()
    .references(() => interventions.id, { onDelete: 'cascade' }),
  constat: text('constat').notNull(),
  causes: text('causes'),
  actionsRecommandees: text('actions_recommandees'),
  gravite: varchar('gravite', { length: 20 }).notNull().default('MOYENNE'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const interventionPlanifications = pgTable('intervention_planifications', {
  interventionId: integer('intervention_id')
    .primaryKey()
    .references(() => interventions.id, { onDelete: 'cascade' }),
  datePrevue: date('date_prevue', { mode: 'string' }).notNull(),
  dureeEstimee: numeric('duree_estimee', { precision: 5, scale: 2 }),
  piecesNecessaires: text('pieces_necessaires'),
  instructions: text('instructions'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const interventionQualityControls = pgTable('intervention_quality_controls', {
  interventionId: integer('intervention_id')
    .primaryKey()
    .references(() => interventions.id, { onDelete: 'cascade' }),
  resultat: varchar('resultat', { length: 20 }).notNull(),
  observations: text('observations'),
  controleLe: date('controle_le', { mode: 'string' }).notNull(),
  controlePar: integer('controle_par').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const interventionMaterials = pgTable(
  'intervention_materials',
  {
    id: serial('id').primaryKey(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    designation: varchar('designation', { length: 200 }).notNull(),
    reference: varchar('reference', { length: 100 }),
    quantite: numeric('quantite', { precision: 12, scale: 3 }).notNull(),
    prixUnitaire: numeric('prix_unitaire', { precision: 14, scale: 2 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    /** Stock link (migration 0024): the part and the location it is reserved in, and where it stands. */
    partId: integer('part_id').references(() => parts.id),
    locationId: integer('location_id').references(() => stockLocations.id),
    stockState: varchar('stock_state', { length: 10 }),
  },
  (t) => [index('intervention_materials_intervention_idx').on(t.interventionId, t.id)],
);

/** Recurring jobs with their checklist and planned materials (migration 0014); see modules/templates. */
export const interventionTemplates = pgTable('intervention_templates', {
  id: serial('id').primaryKey(),
  nom: varchar('nom', { length: 150 }).notNull(),
  description: text('description'),
  typeEquipement: varchar('type_equipement', { length: 50 }),
  urgence: boolean('urgence').notNull().default(false),
  dureeEstimee: integer('duree_estimee'),
  checklist: jsonb('checklist').notNull().default([]),
  materiaux: jsonb('materiaux').notNull().default([]),
  actif: boolean('actif').notNull().default(true),
  // 0058_habilitations.sql: the kind of work of the interventions made from it
  typeTravail: varchar('type_travail', { length: 20 }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** Definitions of the interventions' custom fields (migration 0015); see interventions/custom-fields. */
export const customFieldDefinitions = pgTable('custom_field_definitions', {
  id: serial('id').primaryKey(),
  cle: varchar('cle', { length: 40 }).notNull().unique('custom_field_definitions_cle_uq'),
  libelle: varchar('libelle', { length: 100 }).notNull(),
  type: varchar('type', { length: 20 }).notNull(),
  unite: varchar('unite', { length: 20 }),
  options: jsonb('options').notNull().default([]),
  obligatoire: boolean('obligatoire').notNull().default(false),
  typeEquipement: varchar('type_equipement', { length: 50 }),
  position: integer('position').notNull().default(0),
  actif: boolean('actif').notNull().default(true),
  ...timestamps,
});

/** Changes a device synchronised (POST /interventions/:id/sync), with their outcome (migration 0017). */
export const interventionSyncLog = pgTable(
  'intervention_sync_log',
  {
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    changeType: varchar('change_type', { length: 20 }).notNull(),
    applied: boolean('applied').notNull(),
    reason: text('reason'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.interventionId, t.clientId] })],
);

/** Idempotency keys of interventions created offline (migration 0055, POST /interventions `Idempotency-Key`). */
export const interventionCreationKeys = pgTable(
  'intervention_creation_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 64 }).notNull(),
    interventionId: integer('intervention_id').references(() => interventions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'intervention_creation_keys_pk', columns: [t.userId, t.key] }),
    index('intervention_creation_keys_intervention_idx').on(t.interventionId),
  ],
);

/** 0064_consignations.sql: the consignation record of an intervention (issue 34), steps and déconsignation as JSON. */
export const interventionConsignations = pgTable('intervention_consignations', {
  interventionId: integer('intervention_id')
    .primaryKey()
    .references(() => interventions.id, { onDelete: 'cascade' }),
  numero: varchar('numero', { length: 30 }).notNull().unique('intervention_consignations_numero_uq'),
  chargeConsignationId: integer('charge_consignation_id').references(() => users.id, { onDelete: 'set null' }),
  chargeTravauxId: integer('charge_travaux_id').references(() => users.id, { onDelete: 'set null' }),
  etapes: jsonb('etapes').notNull().default([]),
  signeChargeConsignation: boolean('signe_charge_consignation').notNull().default(false),
  signeChargeTravaux: boolean('signe_charge_travaux').notNull().default(false),
  attesteeLe: timestamp('attestee_le', { withTimezone: true }),
  deconsignation: jsonb('deconsignation').notNull().default([]),
  deconsigneeLe: timestamp('deconsignee_le', { withTimezone: true }),
  /** 0068: the two chargés' signature images (file storage keys). */
  signatureCcKey: varchar('signature_cc_key', { length: 255 }),
  signatureCtKey: varchar('signature_ct_key', { length: 255 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
