import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * Sections, roles and permissions, users and their sessions, the login throttle, the key shared by instances. Part of
 * the typed mirror of the migrations (../schema.ts).
 */
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
  /** "Limité à ses sections" (migration 0063): its users see only their section's clients and what hangs from them. */
  limiteSections: boolean('limite_sections').notNull().default(false),
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
    /**
     * Client portal (migration 0056): the one client company a portal user belongs to (FK in SQL: customers.ts
     * imports this file), his right, and his e-mail opt-in. Null droit = an internal user.
     */
    clientId: integer('client_id'),
    portailDroit: varchar('portail_droit', { length: 10 }),
    portailNotifications: boolean('portail_notifications').notNull().default(false),
    // 0058_habilitations.sql: the last day of the recorded medical fitness (null: none recorded)
    aptitudeMedicaleJusquAu: date('aptitude_medicale_jusqu_au', { mode: 'string' }),
    // its expiry notices (90, 30, 0 days before), cleared when the date changes
    aptitudeNotified90At: timestamp('aptitude_notified_90_at', { withTimezone: true }),
    aptitudeNotified30At: timestamp('aptitude_notified_30_at', { withTimezone: true }),
    aptitudeNotified0At: timestamp('aptitude_notified_0_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('users_client_idx').on(t.clientId).where(sql`${t.clientId} IS NOT NULL`),
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

/** 0058_habilitations.sql: titres d'habilitation électrique, one row per symbol; a renewal is a new row. */
export const habilitations = pgTable(
  'habilitations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbole: varchar('symbole', { length: 4 }).notNull(),
    attribut: varchar('attribut', { length: 20 }),
    domaine: varchar('domaine', { length: 3 }).notNull(),
    champ: text('champ').notNull().default(''),
    restrictions: text('restrictions').notNull().default(''),
    delivreeLe: date('delivree_le', { mode: 'string' }).notNull(),
    valideJusquAu: date('valide_jusqu_au', { mode: 'string' }).notNull(),
    signataire: varchar('signataire', { length: 200 }).notNull(),
    documentKey: varchar('document_key', { length: 255 }),
    documentName: varchar('document_name', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    // the expiry notices (90, 30, 0 days before), each once across instances
    notified90At: timestamp('notified_90_at', { withTimezone: true }),
    notified30At: timestamp('notified_30_at', { withTimezone: true }),
    notified0At: timestamp('notified_0_at', { withTimezone: true }),
  },
  (t) => [
    index('habilitations_user_idx').on(t.userId, t.valideJusquAu.desc()),
    index('habilitations_expiry_idx').on(t.valideJusquAu, t.id),
    check('habilitations_domaine_ck', sql`${t.domaine} IN ('BT', 'HTA', 'HTB')`),
    check('habilitations_dates_ck', sql`${t.valideJusquAu} >= ${t.delivreeLe}`),
  ],
);

/** API tokens (migration 0059, issue 35): `gmao_pat_…` kept as its SHA-256, scopes ⊆ the owner's permissions. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nom: varchar('nom', { length: 100 }).notNull(),
    prefixe: varchar('prefixe', { length: 16 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    scopes: text('scopes').array().notNull(),
    expireLe: timestamp('expire_le', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: varchar('last_used_ip', { length: 64 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
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

/** 0012_app_secrets.sql: secrets the application generates itself (the JWT signing key when JWT_SECRET is unset). */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 60 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
