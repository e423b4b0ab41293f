import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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
import { sections, users } from './access.ts';
import { timestamps } from './columns.ts';
import { clients } from './customers.ts';
import { interventions } from './interventions.ts';

/**
 * Spare parts: the catalogue, locations, movements, levels and part requests. Part of the typed mirror of the
 * migrations (../schema.ts).
 */
// Spare parts and stock (migration 0024_stock.sql).
export const parts = pgTable(
  'parts',
  {
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
  },
  (t) => [index('parts_updated_idx').on(t.updatedAt, t.id)],
); // 0061: the sync's order

export const stockLocations = pgTable('stock_locations', {
  id: serial('id').primaryKey(),
  nom: varchar('nom', { length: 100 }).notNull(),
  type: varchar('type', { length: 10 }).notNull(),
  technicienId: integer('technicien_id').references(() => users.id, { onDelete: 'set null' }),
  clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // 0066: the section the location belongs to (else its technician's or its client's)
  sectionId: integer('section_id').references(() => sections.id, { onDelete: 'set null' }),
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
  /** Migration 0047: the client supplies the parts (a contract may pause its clocks while waiting for them). */
  fourniParClient: boolean('fourni_par_client').notNull().default(false),
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
