import type { RequestSource, RequestStatut } from '@gmao/domain/requests/request-schemas';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { equipements } from './customers.ts';
import { interventions } from './interventions.ts';

/**
 * Demandes d'intervention (migration 0057, issue 33): each equipment's QR request link, the requests and their photos.
 * Part of the typed mirror of the migrations (../schema.ts).
 */
export const equipmentRequestLinks = pgTable('equipment_request_links', {
  equipementId: integer('equipement_id')
    .primaryKey()
    .references(() => equipements.id, { onDelete: 'cascade' }),
  token: varchar('token', { length: 64 }).notNull().unique('equipment_request_links_token_uq'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const interventionRequests = pgTable(
  'intervention_requests',
  {
    id: serial('id').primaryKey(),
    statut: varchar('statut', { length: 12 }).$type<RequestStatut>().notNull().default('NOUVELLE'),
    source: varchar('source', { length: 10 }).$type<RequestSource>().notNull(),
    equipementId: integer('equipement_id')
      .notNull()
      .references(() => equipements.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    nom: varchar('nom', { length: 100 }).notNull(),
    telephone: varchar('telephone', { length: 30 }).notNull(),
    email: varchar('email', { length: 200 }),
    /** The portal user who filed it (source PORTAIL); no foreign key until the portal's users table exists. */
    portalUserId: integer('portal_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    motif: text('motif'),
    interventionId: integer('intervention_id').references(() => interventions.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('intervention_requests_statut_idx').on(t.statut, t.createdAt.desc(), t.id.desc()),
    index('intervention_requests_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('intervention_requests_equipement_idx').on(t.equipementId),
    index('intervention_requests_portal_user_idx').on(t.portalUserId).where(sql`${t.portalUserId} IS NOT NULL`),
    index('intervention_requests_intervention_idx').on(t.interventionId).where(sql`${t.interventionId} IS NOT NULL`),
  ],
);

export const interventionRequestPhotos = pgTable(
  'intervention_request_photos',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => interventionRequests.id, { onDelete: 'cascade' }),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 50 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: varchar('storage_key', { length: 255 }).notNull().unique('intervention_request_photos_key_uq'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('intervention_request_photos_request_idx').on(t.requestId, t.id)],
);

/** The public form's throttle counters: auth_throttle's columns (modules/auth/auth-throttle.repository.ts). */
export const requestThrottle = pgTable(
  'request_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_throttle_window_idx').on(t.windowStart)],
);
