import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './access.ts';

/**
 * Outgoing webhooks (migration 0060, issue 35): the endpoints and the outbox of their deliveries. Part of the typed
 * mirror of the migrations (../schema.ts).
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: varchar('url', { length: 2000 }).notNull(),
  events: text('events').array().notNull(),
  actif: boolean('actif').notNull().default(true),
  secret: varchar('secret', { length: 80 }).notNull(),
  previousSecret: varchar('previous_secret', { length: 80 }),
  previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
  disabledReason: varchar('disabled_reason', { length: 255 }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: varchar('event_id', { length: 40 }).notNull(),
    eventType: varchar('event_type', { length: 40 }).notNull(),
    payload: jsonb('payload').notNull(),
    statut: varchar('statut', { length: 12 }).notNull().default('EN_ATTENTE'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    sendingSince: timestamp('sending_since', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: varchar('last_error', { length: 500 }),
    responseExcerpt: text('response_excerpt'),
    redeliveryOf: integer('redelivery_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc(), t.id.desc()),
    index('webhook_deliveries_endpoint_statut_idx').on(t.endpointId, t.statut),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);
