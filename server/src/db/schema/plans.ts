import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { timestamps } from './columns.ts';
import { clients, equipements } from './customers.ts';
import { interventions, interventionTemplates } from './interventions.ts';

/**
 * Preventive maintenance: plans, their occurrences, meter readings and public holidays. Part of the typed mirror of
 * the migrations (../schema.ts).
 */
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
