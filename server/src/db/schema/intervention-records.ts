import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { timestamps } from './columns.ts';
import { interventionHistory, interventions } from './interventions.ts';

/**
 * What a technician adds to an intervention: comments, timer sessions, attachments, checklist, review, report. Part of
 * the typed mirror of the migrations (../schema.ts).
 */
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
    /** 0055: the offline phone's change id (Idempotency-Key): a photo sent twice is stored once. */
    changeId: varchar('change_id', { length: 64 }),
  },
  (t) => [
    index('intervention_attachments_intervention_idx').on(t.interventionId, t.id),
    uniqueIndex('intervention_attachments_change_uq')
      .on(t.interventionId, t.userId, t.changeId)
      .where(sql`${t.changeId} IS NOT NULL`),
  ],
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

// 0046_reopen_keeps_review.sql: reviews superseded by a reopening or by a change after submission, kept as history.
export const interventionReviewHistory = pgTable(
  'intervention_review_history',
  {
    id: serial('id').primaryKey(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    reviewStatus: varchar('review_status', { length: 20 }).notNull(),
    comment: text('comment'),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reason: text('reason'),
    supersededAt: timestamp('superseded_at', { withTimezone: true }).notNull().defaultNow(),
    supersededBy: integer('superseded_by').references(() => users.id, { onDelete: 'set null' }),
    supersededMotif: text('superseded_motif'),
    historyId: integer('history_id').references(() => interventionHistory.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('intervention_review_history_intervention_idx').on(t.interventionId, t.supersededAt),
    index('intervention_review_history_history_idx').on(t.historyId),
  ],
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

// 0051_signed_bon.sql (issue 32): the bon d'intervention's content frozen at each signature, and the signatures.
export const interventionBonVersions = pgTable(
  'intervention_bon_versions',
  {
    id: serial('id').primaryKey(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The canonical JSON text exactly as hashed. */
    contenu: text('contenu').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('intervention_bon_versions_uq').on(t.interventionId, t.version)],
);

export const interventionSignatures = pgTable(
  'intervention_signatures',
  {
    id: serial('id').primaryKey(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    bonVersionId: integer('bon_version_id')
      .notNull()
      .references(() => interventionBonVersions.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 12 }).notNull(),
    nom: varchar('nom', { length: 150 }).notNull(),
    qualite: varchar('qualite', { length: 150 }),
    /** The device's time at signing. */
    signeLe: timestamp('signe_le', { withTimezone: true }).notNull(),
    /** The server's time when it was received. */
    recuLe: timestamp('recu_le', { withTimezone: true }).notNull().defaultNow(),
    /** The bon's content hash at signing (its version's). */
    sha256: varchar('sha256', { length: 64 }).notNull(),
    imageSha256: varchar('image_sha256', { length: 64 }).notNull(),
    storageKey: varchar('storage_key', { length: 255 }).notNull().unique('intervention_signatures_storage_key_uq'),
    changeId: varchar('change_id', { length: 64 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('intervention_signatures_change_id_uq').on(t.interventionId, t.userId, t.changeId),
    index('intervention_signatures_intervention_idx').on(t.interventionId, t.id),
    index('intervention_signatures_version_idx').on(t.bonVersionId),
  ],
);
