import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
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
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
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
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
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

export const equipment = pgTable(
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
      .references(() => equipment.id, { onDelete: 'restrict' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    technicianId: integer('technician_id').references(() => users.id, { onDelete: 'set null' }),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description'),
    urgence: boolean('urgence').notNull().default(false),
    statut: varchar('statut', { length: 20 }).notNull().default('PLANIFIEE'),
    note: text('note'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    creerPar: integer('creer_par').references(() => users.id, { onDelete: 'set null' }),
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
  },
  (t) => [index('intervention_materials_intervention_idx').on(t.interventionId, t.id)],
);

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
