import { STATUTS, type Statut } from '@gmao/domain/interventions/status';
import { sql } from 'drizzle-orm';
import {
  bigserial,
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
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The typed mirror of the database for drizzle's query builder and row types. The SQL migrations in migrations/ are
 * the source of the schema (hand-written, applied in file-name order by migrate.ts); this file follows them by hand,
 * and server/test/schema-drift.test.ts fails when a table or column (name, type, nullability) differs either way
 * from the migrated database. To change the schema: add the next migration, then mirror it here (ARCHITECTURE.md
 * "Schema and migrations").
 */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const sections = pgTable('sections', {
  id: serial('id').primaryKey(),
  nom: varchar('nom', { length: 100 }).notNull().unique(),
  description: text('description'),
  // responsible user; FK added in SQL to avoid a circular table reference in TypeScript
  responsableId: integer('responsable_id'),
  ...timestamps,
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  nom: varchar('nom', { length: 100 }).notNull().unique(),
  description: text('description'),
  ...timestamps,
});

export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    module: varchar('module', { length: 50 }).notNull(),
    action: varchar('action', { length: 50 }).notNull(),
    description: text('description'),
  },
  (t) => [uniqueIndex('permissions_module_action_uq').on(t.module, t.action)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    nom: varchar('nom', { length: 100 }).notNull(),
    username: varchar('username', { length: 100 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    sectionId: integer('section_id').references(() => sections.id, { onDelete: 'set null' }),
    // a self-registered account names its section as free text until an admin assigns one
    requestedSection: varchar('requested_section', { length: 100 }),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'restrict' }),
    enabled: boolean('enabled').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // first activation by an administrator (migration 0001); null + disabled = a pending self-registration
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    // set when an administrator chose the password (migration 0010); cleared by the user's own change
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    // 0020_jobs_mail_reset.sql: optional, unique regardless of case (password recovery, e-mail notifications)
    email: varchar('email', { length: 254 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`).where(sql`${t.email} IS NOT NULL`),
    index('users_created_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('users_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.enabled} = false AND ${t.activatedAt} IS NULL AND ${t.deletedAt} IS NULL`),
    index('users_role_idx').on(t.roleId),
    index('users_section_idx').on(t.sectionId),
    index('users_nom_idx').on(t.nom),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_live_family_idx').on(t.familyId).where(sql`${t.revokedAt} IS NULL`),
  ],
);

/** Login and registration throttling counters (migration 0010, `modules/auth/auth-throttle.ts`). */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_throttle_window_idx').on(t.windowStart)],
);

/** @fastify/rate-limit's counters (migration 0030, db/rate-limit-store.ts). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    nomEntreprise: varchar('nom_entreprise', { length: 200 }).notNull(),
    secteurActivite: varchar('secteur_activite', { length: 100 }),
    adresse: text('adresse'),
    ville: varchar('ville', { length: 100 }),
    codePostal: varchar('code_postal', { length: 20 }),
    tel: varchar('tel', { length: 30 }),
    fax: varchar('fax', { length: 30 }),
    email: varchar('email', { length: 200 }),
    siteWeb: varchar('site_web', { length: 200 }),
    contactPrincipal: varchar('contact_principal', { length: 150 }),
    posteContact: varchar('poste_contact', { length: 100 }),
    telephoneContact: varchar('telephone_contact', { length: 30 }),
    emailContact: varchar('email_contact', { length: 200 }),
    registreCommerce: varchar('registre_commerce', { length: 100 }),
    /** Identifiant Commun de l'Entreprise (15 digits, migration 0021). */
    ice: varchar('ice', { length: 15 }),
    formeJuridique: varchar('forme_juridique', { length: 50 }),
    creerPar: integer('creer_par').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('clients_nom_idx').on(t.nomEntreprise, t.id),
    index('clients_secteur_idx').on(t.secteurActivite),
    index('clients_ville_idx').on(t.ville),
  ],
);

export const equipements = pgTable(
  'equipements',
  {
    id: serial('id').primaryKey(),
    nom: varchar('nom', { length: 200 }).notNull(),
    marque: varchar('marque', { length: 100 }),
    modele: varchar('modele', { length: 100 }),
    numeroSerie: varchar('numero_serie', { length: 100 }),
    typeEquipement: varchar('type_equipement', { length: 50 }),
    etatDeReception: text('etat_de_reception'),
    valeur: numeric('valeur', { precision: 14, scale: 2 }),
    cout: numeric('cout', { precision: 14, scale: 2 }),
    proprietaireId: integer('proprietaire_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    creerPar: integer('creer_par').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('equipements_proprietaire_idx').on(t.proprietaireId),
    index('equipements_type_idx').on(t.typeEquipement),
    index('equipements_nom_idx').on(t.nom, t.id),
  ],
);

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
    ...timestamps,
  },
  (t) => [
    index('interventions_date_idx').on(t.date, t.id),
    index('interventions_statut_idx').on(t.statut, t.date),
    index('interventions_equipement_idx').on(t.equipementId, t.date),
    index('interventions_client_idx').on(t.clientId, t.date),
    index('interventions_technician_idx').on(t.technicianId),
    index('interventions_created_idx').on(t.createdAt),
    // 0003_interventions.sql (plus a pg_trgm GIN index on description where the extension exists)
    index('interventions_urgent_idx').on(t.date, t.id).where(sql`${t.urgence}`),
    index('interventions_open_date_idx')
      .on(t.date)
      .where(sql`${t.statut} IN ('PLANIFIEE', 'EN_ATTENTE_PDR', 'EN_COURS', 'EN_PAUSE')`),
    index('interventions_planned_at_idx').on(t.plannedAt, t.id).where(sql`${t.plannedAt} IS NOT NULL`),
    // 0029: the visible rows in list order, also by status (the list's page ids and bounded count, index-only)
    index('interventions_visible_idx').on(t.date, t.id).where(sql`${t.deletedAt} IS NULL AND ${t.archivedAt} IS NULL`),
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

// Spare parts and stock (migration 0024_stock.sql).
export const parts = pgTable('parts', {
  id: serial('id').primaryKey(),
  reference: varchar('reference', { length: 100 }).notNull(),
  designation: varchar('designation', { length: 200 }).notNull(),
  famille: varchar('famille', { length: 100 }),
  unite: varchar('unite', { length: 20 }).notNull(),
  prixUnitaire: numeric('prix_unitaire', { precision: 14, scale: 2 }).notNull().default('0'),
  seuilReappro: numeric('seuil_reappro', { precision: 12, scale: 3 }).notNull().default('0'),
  quantiteReappro: numeric('quantite_reappro', { precision: 12, scale: 3 }).notNull().default('0'),
  /** [{nom, ice, contact, delai_jours}] (migration 0028). */
  fournisseurs: jsonb('fournisseurs').notNull().default([]),
  typesEquipement: text('types_equipement').array().notNull().default(sql`'{}'`),
  /** The photo's storage key and image type (migration 0028). */
  photoKey: varchar('photo_key', { length: 300 }),
  photoType: varchar('photo_type', { length: 50 }),
  ...timestamps,
});

export const stockLocations = pgTable('stock_locations', {
  id: serial('id').primaryKey(),
  nom: varchar('nom', { length: 100 }).notNull(),
  type: varchar('type', { length: 10 }).notNull(),
  technicienId: integer('technicien_id').references(() => users.id, { onDelete: 'set null' }),
  clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const stockMovements = pgTable('stock_movements', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  partId: integer('part_id')
    .notNull()
    .references(() => parts.id),
  locationId: integer('location_id')
    .notNull()
    .references(() => stockLocations.id),
  type: varchar('type', { length: 12 }).notNull(),
  quantite: numeric('quantite', { precision: 12, scale: 3 }).notNull(),
  motif: varchar('motif', { length: 500 }),
  interventionId: integer('intervention_id'),
  partRequestId: integer('part_request_id'),
  userId: integer('user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const stockLevels = pgTable(
  'stock_levels',
  {
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id),
    onHand: numeric('on_hand', { precision: 12, scale: 3 }).notNull().default('0'),
    reserved: numeric('reserved', { precision: 12, scale: 3 }).notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'stock_levels_pk', columns: [t.partId, t.locationId] })],
);

export const partRequests = pgTable('part_requests', {
  id: serial('id').primaryKey(),
  interventionId: integer('intervention_id')
    .notNull()
    .references(() => interventions.id, { onDelete: 'cascade' }),
  fournisseur: varchar('fournisseur', { length: 200 }).notNull(),
  dateCommande: date('date_commande').notNull(),
  datePrevue: date('date_prevue'),
  statut: varchar('statut', { length: 10 }).notNull().default('OUVERTE'),
  locationId: integer('location_id').references(() => stockLocations.id),
  receivedAt: timestamp('received_at', { withTimezone: true }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const partRequestLines = pgTable('part_request_lines', {
  id: serial('id').primaryKey(),
  requestId: integer('request_id')
    .notNull()
    .references(() => partRequests.id, { onDelete: 'cascade' }),
  partId: integer('part_id')
    .notNull()
    .references(() => parts.id),
  quantite: numeric('quantite', { precision: 12, scale: 3 }).notNull(),
});

// 0006_intervention_activity.sql: comments, timer sessions (one running per user and intervention), attachments.
export const interventionComments = pgTable(
  'intervention_comments',
  {
    id: serial('id').primaryKey(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment').notNull(),
    ...timestamps,
  },
  (t) => [index('intervention_comments_intervention_idx').on(t.interventionId, t.createdAt)],
);

export const interventionTimerSessions = pgTable(
  'intervention_timer_sessions',
  {
    id: serial('id').primaryKey(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [
    index('intervention_timer_sessions_intervention_idx').on(t.interventionId, t.startedAt),
    uniqueIndex('intervention_timer_sessions_open_uq')
      .on(t.interventionId, t.userId)
      .where(sql`${t.stoppedAt} IS NULL`),
  ],
);

export const interventionAttachments = pgTable(
  'intervention_attachments',
  {
    id: serial('id').primaryKey(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 150 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: varchar('storage_key', { length: 255 }).notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('intervention_attachments_intervention_idx').on(t.interventionId, t.id)],
);

// 0007_intervention_checklist.sql: checklist items (created from the equipment type with each intervention).
// The same migration adds the partial indexes interventions_archived_idx / interventions_deleted_idx (list scopes).
export const interventionChecklistItems = pgTable(
  'intervention_checklist_items',
  {
    id: serial('id').primaryKey(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: varchar('label', { length: 200 }).notNull(),
    checked: boolean('checked').notNull().default(false),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkedBy: integer('checked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('intervention_checklist_items_intervention_idx').on(t.interventionId, t.position, t.id)],
);

// 0008_intervention_review.sql: the current review of a finished intervention (deleted when it is reopened) and
// the written reports (comptes rendus). The migration also grants interventions:approve to an existing Responsable.
export const interventionReviews = pgTable(
  'intervention_reviews',
  {
    interventionId: integer('intervention_id')
      .primaryKey()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    reviewStatus: varchar('review_status', { length: 20 }).notNull(),
    comment: text('comment'),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reason: text('reason'),
  },
  (t) => [index('intervention_reviews_status_idx').on(t.reviewStatus, t.interventionId)],
);

export const interventionReports = pgTable(
  'intervention_reports',
  {
    id: serial('id').primaryKey(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    titre: varchar('titre', { length: 200 }).notNull(),
    contenu: text('contenu').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('intervention_reports_intervention_idx').on(t.interventionId, t.createdAt, t.id)],
);

/** Append-only (trigger in migration 0011); see modules/audit. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  action: varchar('action', { length: 60 }).notNull(),
  actorId: integer('actor_id'),
  actorUsername: varchar('actor_username', { length: 100 }),
  entityType: varchar('entity_type', { length: 40 }),
  entityId: varchar('entity_id', { length: 40 }),
  summary: text('summary'),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: varchar('ip', { length: 64 }),
  requestId: varchar('request_id', { length: 64 }),
});

/** 0012_app_secrets.sql: secrets the application generates itself (the JWT signing key when JWT_SECRET is unset). */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 60 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The migrations applied to this database (written by db/migrate.ts, which creates the table). */
export const schemaMigrations = pgTable('schema_migrations', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/** 0019_notifications.sql: one row per recipient, written in the causing change's transaction (modules/notifications). */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 10 }).notNull(),
    event: varchar('event', { length: 40 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    message: text('message').notNull(),
    interventionId: integer('intervention_id').references(() => interventions.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.userId, t.id).where(sql`${t.readAt} IS NULL`),
    index('notifications_intervention_idx').on(t.interventionId),
  ],
);

/** 0019_notifications.sql: each user's choice per event (no row = the domain's default). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 40 }).notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.event] })],
);

/** 0020_jobs_mail_reset.sql: the durable job queue (modules/jobs). */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    data: jsonb('data').notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    uniqueKey: varchar('unique_key', { length: 200 }).unique('jobs_unique_key_uq'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_ready_idx').on(t.runAt, t.id).where(sql`${t.doneAt} IS NULL AND ${t.failedAt} IS NULL`)],
);

/** 0020_jobs_mail_reset.sql: settings changed from the application (the SMTP server). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 0020_jobs_mail_reset.sql: password recovery links (hash only; single use; 30 minutes). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique('password_reset_tokens_hash_uq'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

// 0022_rollups.sql: per-intervention facts and their daily roll-up, kept by triggers in the writing transaction
export const interventionFacts = pgTable('intervention_facts', {
  interventionId: integer('intervention_id').primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  clientId: integer('client_id').notNull(),
  equipementId: integer('equipement_id').notNull(),
  typeEquipement: varchar('type_equipement', { length: 50 }),
  technicianId: integer('technician_id'),
  statut: varchar('statut', { length: 20 }).notNull(),
  urgence: boolean('urgence').notNull(),
  cout: numeric('cout', { precision: 14, scale: 2 }),
  startS: numeric('start_s'),
  repairS: numeric('repair_s'),
  interrupted: boolean('interrupted').notNull(),
  // 0026_waiting_split.sql: closed waiting-for-parts seconds, and the part of it inside the repair span
  waitS: numeric('wait_s'),
  waitRepairS: numeric('wait_repair_s'),
});

const rollupMeasures = {
  n: integer('n').notNull(),
  nStart: integer('n_start').notNull(),
  sumStartS: numeric('sum_start_s').notNull(),
  nRepair: integer('n_repair').notNull(),
  sumRepairS: numeric('sum_repair_s').notNull(),
  nInterrupted: integer('n_interrupted').notNull(),
  sumCout: numeric('sum_cout', { precision: 18, scale: 2 }).notNull(),
  sumWaitS: numeric('sum_wait_s').notNull().default('0'),
  sumWaitRepairS: numeric('sum_wait_repair_s').notNull().default('0'),
};

export const rollupDaily = pgTable('rollup_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  clientId: integer('client_id').notNull(),
  typeEquipement: varchar('type_equipement', { length: 50 }),
  technicianId: integer('technician_id'),
  statut: varchar('statut', { length: 20 }).notNull(),
  urgence: boolean('urgence').notNull(),
  ...rollupMeasures,
});

export const rollupDayStatus = pgTable('rollup_day_status', {
  day: date('day', { mode: 'string' }).notNull(),
  statut: varchar('statut', { length: 20 }).notNull(),
  urgence: boolean('urgence').notNull(),
  ...rollupMeasures,
});

export const rollupDayTechnician = pgTable('rollup_day_technician', {
  day: date('day', { mode: 'string' }).notNull(),
  technicianId: integer('technician_id'),
  statut: varchar('statut', { length: 20 }).notNull(),
  ...rollupMeasures,
});

export const rollupDayType = pgTable('rollup_day_type', {
  day: date('day', { mode: 'string' }).notNull(),
  typeEquipement: varchar('type_equipement', { length: 50 }),
  ...rollupMeasures,
});

export const rollupDayClient = pgTable('rollup_day_client', {
  day: date('day', { mode: 'string' }).notNull(),
  clientId: integer('client_id').notNull(),
  ...rollupMeasures,
});

/** Preventive maintenance plans (migration 0023); deleted_at: soft delete, generated interventions keep plan_id. */
export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  nom: varchar('nom', { length: 150 }).notNull(),
  templateId: integer('template_id').references(() => interventionTemplates.id, { onDelete: 'set null' }),
  equipementId: integer('equipement_id').references(() => equipements.id, { onDelete: 'cascade' }),
  clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
  typeEquipement: varchar('type_equipement', { length: 50 }),
  rrule: varchar('rrule', { length: 500 }).notNull(),
  dateDebut: date('date_debut', { mode: 'string' }).notNull(),
  joursAvance: integer('jours_avance').notNull().default(7),
  technicienId: integer('technicien_id').references(() => users.id, { onDelete: 'set null' }),
  actif: boolean('actif').notNull().default(true),
  generatedThrough: date('generated_through', { mode: 'string' }),
  generateFrom: date('generate_from', { mode: 'string' }),
  creerPar: integer('creer_par').references(() => users.id, { onDelete: 'set null' }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  ...timestamps,
  /** Migration 0025: CALENDRIER (rrule) or APRES_REALISATION (last completion + intervalle_jours). */
  mode: varchar('mode', { length: 20 }).notNull().default('CALENDRIER'),
  intervalleJours: integer('intervalle_jours'),
  /** Optional meter trigger: running hours since the last completion. */
  seuilHeures: integer('seuil_heures'),
});

/** Generated occurrences of a plan: unique (plan, equipment, rule date) is the generation's idempotency key. */
export const planOccurrences = pgTable(
  'plan_occurrences',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    equipementId: integer('equipement_id')
      .notNull()
      .references(() => equipements.id, { onDelete: 'cascade' }),
    ruleDate: date('rule_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    interventionId: integer('intervention_id').references(() => interventions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Migration 0025: which trigger generated it; a meter row's key is the completion its hours count from. */
    declencheur: varchar('declencheur', { length: 20 }).notNull().default('CALENDRIER'),
    baseInterventionId: integer('base_intervention_id'),
  },
  (t) => [
    uniqueIndex('plan_occurrences_key_uq')
      .on(t.planId, t.equipementId, t.ruleDate)
      .where(sql`${t.declencheur} <> 'COMPTEUR'`),
    uniqueIndex('plan_occurrences_meter_uq')
      .on(t.planId, t.equipementId, sql`COALESCE(${t.baseInterventionId}, 0)`)
      .where(sql`${t.declencheur} = 'COMPTEUR'`),
  ],
);

/** Running-hours readings of an equipment (migration 0025): never lower than an earlier one. */
export const compteurReleves = pgTable(
  'compteur_releves',
  {
    id: serial('id').primaryKey(),
    equipementId: integer('equipement_id')
      .notNull()
      .references(() => equipements.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    valeur: integer('valeur').notNull(),
    saisiPar: integer('saisi_par').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('compteur_releves_equipement_idx').on(t.equipementId, t.date, t.id)],
);

/** Skip dates of the plans (migration 0023): annuel rows repeat their month and day every year (stored in 2000). */
export const holidays = pgTable('holidays', {
  id: serial('id').primaryKey(),
  jour: date('jour', { mode: 'string' }).notNull().unique('holidays_jour_uq'),
  annuel: boolean('annuel').notNull().default(false),
  libelle: varchar('libelle', { length: 150 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
