import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { interventions } from './interventions.ts';

/**
 * The audit log, applied migrations, notifications and their preferences, the job queue, application settings. Part of
 * the typed mirror of the migrations (../schema.ts).
 */
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

/** The migrations applied to this database (written by db/migrate.ts, which creates the table). */
export const schemaMigrations = pgTable('schema_migrations', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

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

// 0036_list_cache_version.sql: counters whose sum is the version of the data the interventions list shows (its cache,
// modules/interventions/list-cache.ts); moved by statement triggers on the tables the list reads.
export const listCacheVersions = pgTable('list_cache_versions', {
  shard: smallint('shard').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

/** Tombstones (migration 0061, issue 35): a deleted row, or an intervention gone to the trash or the archive. */
export const deletedRows = pgTable(
  'deleted_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: varchar('type', { length: 20 }).notNull(),
    rowId: integer('row_id').notNull(),
    raison: varchar('raison', { length: 20 }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deleted_rows_at_idx').on(t.deletedAt, t.id)],
);
