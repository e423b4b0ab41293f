import { boolean, date, integer, numeric, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Per-intervention facts and the daily roll-ups the dashboard, analytics and reports read. Part of the typed mirror of
 * the migrations (../schema.ts).
 */
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
  // 0033_facts_timing.sql: first start, last finish, start of the open wait for parts (the period CSV reads them)
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  waitingSince: timestamp('waiting_since', { withTimezone: true }),
});

const rollupMeasures = {
  n: integer('n').notNull(),
  nStart: integer('n_start').notNull(),
  sumStartS: numeric('sum_start_s').notNull(),
  nRepair: integer('n_repair').notNull(),
  sumRepairS: numeric('sum_repair_s').notNull(),
  nInterrupted: integer('n_interrupted').notNull(),
  // NUMERIC(24,2): 2^31 interventions at the largest cost (migration 0041).
  sumCout: numeric('sum_cout', { precision: 24, scale: 2 }).notNull(),
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
  // 0037: split by urgence too (a technician's urgent count).
  urgence: boolean('urgence').notNull(),
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

// 0040_month_year_rollups.sql: interventions per month × client (the by-client chart) and per calendar year ×
// equipment (a calendar year's report), kept from intervention_facts by statement triggers
export const rollupMonthClient = pgTable(
  'rollup_month_client',
  {
    month: date('month', { mode: 'string' }).notNull(),
    clientId: integer('client_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'rollup_month_client_pk', columns: [t.month, t.clientId] })],
);

export const rollupYearEquipment = pgTable(
  'rollup_year_equipment',
  {
    year: integer('year').notNull(),
    equipementId: integer('equipement_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'rollup_year_equipment_pk', columns: [t.year, t.equipementId] })],
);
