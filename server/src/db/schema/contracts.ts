import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { timestamps } from './columns.ts';
import { clients, equipements } from './customers.ts';
import { interventions } from './interventions.ts';
import { plans } from './plans.ts';

/**
 * Maintenance contracts, business calendars and the SLA clocks of interventions (migration 0047, issue 31). Part of
 * the typed mirror of the migrations (../schema.ts). The company's public holidays are `holidays` (plans.ts).
 */
export const businessCalendars = pgTable('business_calendars', {
  id: serial('id').primaryKey(),
  nom: varchar('nom', { length: 150 }).notNull().unique('business_calendars_nom_uq'),
  /** false for an on-call 24/7 calendar: public holidays are worked. */
  appliqueJoursFeries: boolean('applique_jours_feries').notNull().default(true),
  ...timestamps,
});

/** Weekly intervals in minutes of the local day (0..1440), several per day for split shifts; jour 1 = lundi. */
export const businessCalendarIntervals = pgTable(
  'business_calendar_intervals',
  {
    id: serial('id').primaryKey(),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => businessCalendars.id, { onDelete: 'cascade' }),
    jour: smallint('jour').notNull(),
    debut: smallint('debut').notNull(),
    fin: smallint('fin').notNull(),
  },
  (t) => [index('business_calendar_intervals_calendar_idx').on(t.calendarId, t.jour, t.debut)],
);

/** A day of one calendar closed (ouvert = false) or worked despite a public holiday (ouvert = true). */
export const businessCalendarExceptions = pgTable(
  'business_calendar_exceptions',
  {
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => businessCalendars.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    ouvert: boolean('ouvert').notNull(),
  },
  (t) => [primaryKey({ name: 'business_calendar_exceptions_pk', columns: [t.calendarId, t.date] })],
);

/** The head row: the current terms (lists, coverage lookup, overlap check); `version` is the current version's number. */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    numero: varchar('numero', { length: 50 }).notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    dateDebut: date('date_debut', { mode: 'string' }).notNull(),
    dateFin: date('date_fin', { mode: 'string' }).notNull(),
    reconductionTacite: boolean('reconduction_tacite').notNull().default(false),
    allEquipment: boolean('all_equipment').notNull().default(true),
    calendrierId: integer('calendrier_id')
      .notNull()
      .references(() => businessCalendars.id, { onDelete: 'restrict' }),
    montantAnnuelHt: numeric('montant_annuel_ht', { precision: 14, scale: 2 }),
    version: integer('version').notNull().default(1),
    /** 0051_signed_bon.sql: TERMINEE needs the client's signature on this contract's interventions (issue 32). */
    signatureClientObligatoire: boolean('signature_client_obligatoire').notNull().default(false),
    // 0067: the client portal shows the costs and prices (period report) for this client
    prixPortail: boolean('prix_portail').notNull().default(false),
    /** When the 60- and 30-day expiry notices went to the administrators (once each per end date). */
    expiryNotified60At: timestamp('expiry_notified_60_at', { withTimezone: true }),
    expiryNotified30At: timestamp('expiry_notified_30_at', { withTimezone: true }),
    creerPar: integer('creer_par').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contracts_numero_uq').on(t.numero).where(sql`${t.deletedAt} IS NULL`),
    index('contracts_client_idx').on(t.clientId, t.dateDebut).where(sql`${t.deletedAt} IS NULL`),
    index('contracts_fin_idx').on(t.dateFin, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('contracts_calendrier_idx').on(t.calendrierId),
  ],
);

/** Every save of a contract: its full terms; guarantees and pause statuses hang from it. */
export const contractVersions = pgTable(
  'contract_versions',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    type: varchar('type', { length: 10 }).notNull(),
    dateDebut: date('date_debut', { mode: 'string' }).notNull(),
    dateFin: date('date_fin', { mode: 'string' }).notNull(),
    reconductionTacite: boolean('reconduction_tacite').notNull(),
    allEquipment: boolean('all_equipment').notNull(),
    /** The covered equipment ids at this version (null: all of the client's). */
    equipementIds: jsonb('equipement_ids').$type<number[] | null>(),
    planIds: jsonb('plan_ids').$type<number[]>().notNull().default([]),
    calendrierId: integer('calendrier_id')
      .notNull()
      .references(() => businessCalendars.id, { onDelete: 'restrict' }),
    montantAnnuelHt: numeric('montant_annuel_ht', { precision: 14, scale: 2 }),
    creerPar: integer('creer_par').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('contract_versions_uq').on(t.contractId, t.version),
    index('contract_versions_calendrier_idx').on(t.calendrierId),
  ],
);

export const contractGuarantees = pgTable(
  'contract_guarantees',
  {
    contractVersionId: integer('contract_version_id')
      .notNull()
      .references(() => contractVersions.id, { onDelete: 'cascade' }),
    urgence: boolean('urgence').notNull(),
    cible: varchar('cible', { length: 20 }).notNull(),
    minutes: integer('minutes').notNull(),
  },
  (t) => [primaryKey({ name: 'contract_guarantees_pk', columns: [t.contractVersionId, t.urgence, t.cible] })],
);

/** Statuses that pause the clocks, each under a condition (TOUJOURS, PIECES_CLIENT, ATTENTE_CLIENT). */
export const contractPauseStatuses = pgTable(
  'contract_pause_statuses',
  {
    contractVersionId: integer('contract_version_id')
      .notNull()
      .references(() => contractVersions.id, { onDelete: 'cascade' }),
    statut: varchar('statut', { length: 20 }).notNull(),
    condition: varchar('condition', { length: 20 }).notNull().default('TOUJOURS'),
  },
  (t) => [primaryKey({ name: 'contract_pause_statuses_pk', columns: [t.contractVersionId, t.statut, t.condition] })],
);

export const contractEquipment = pgTable(
  'contract_equipment',
  {
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    equipementId: integer('equipement_id')
      .notNull()
      .references(() => equipements.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'contract_equipment_pk', columns: [t.contractId, t.equipementId] }),
    index('contract_equipment_equipement_idx').on(t.equipementId),
  ],
);

export const contractPlans = pgTable(
  'contract_plans',
  {
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'contract_plans_pk', columns: [t.contractId, t.planId] }),
    index('contract_plans_plan_idx').on(t.planId),
  ],
);

export const contractDocuments = pgTable(
  'contract_documents',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 150 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: varchar('storage_key', { length: 255 }).notNull().unique('contract_documents_storage_key_uq'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_documents_contract_idx').on(t.contractId, t.id)],
);

/** One clock per intervention and target (filled and advanced by the SLA job; see the migration's notes). */
export const interventionSla = pgTable(
  'intervention_sla',
  {
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    cible: varchar('cible', { length: 20 }).notNull(),
    contractVersionId: integer('contract_version_id')
      .notNull()
      .references(() => contractVersions.id, { onDelete: 'restrict' }),
    objectifMinutes: integer('objectif_minutes').notNull(),
    demarreLe: timestamp('demarre_le', { withTimezone: true }).notNull(),
    echeance: timestamp('echeance', { withTimezone: true }),
    alerteLe: timestamp('alerte_le', { withTimezone: true }),
    etat: varchar('etat', { length: 10 }).notNull().default('EN_COURS'),
    consommeMinutes: integer('consomme_minutes').notNull().default(0),
    pausedMinutes: integer('paused_minutes').notNull().default(0),
    pauseDepuis: timestamp('pause_depuis', { withTimezone: true }),
    atteintLe: timestamp('atteint_le', { withTimezone: true }),
    notified75At: timestamp('notified_75_at', { withTimezone: true }),
    notified100At: timestamp('notified_100_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'intervention_sla_pk', columns: [t.interventionId, t.cible] }),
    index('intervention_sla_etat_echeance_idx').on(t.etat, t.echeance),
    // Migration 0053: with the intervention's id, the "à risque" filter's read is index-only.
    index('intervention_sla_alerte_idx').on(t.alerteLe, t.interventionId).where(sql`${t.etat} = 'EN_COURS'`),
    index('intervention_sla_etat_intervention_idx').on(t.etat, t.interventionId),
    index('intervention_sla_version_idx').on(t.contractVersionId),
    // 0062: the report's period
    index('intervention_sla_demarre_idx').on(t.demarreLe),
  ],
);
