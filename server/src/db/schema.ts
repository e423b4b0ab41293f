/**
 * The typed mirror of the database for drizzle's query builder and row types. The SQL migrations in migrations/ are
 * the source of the schema (hand-written, applied in file-name order by migrate.ts); this file follows them by hand,
 * and server/test/schema-drift.test.ts fails when a table or column (name, type, nullability) differs either way
 * from the migrated database. To change the schema: add the next migration, then mirror it here (ARCHITECTURE.md
 * "Schema and migrations").
 */
export * from './schema/access.ts';
export * from './schema/contracts.ts';
export * from './schema/customers.ts';
export * from './schema/intervention-records.ts';
export * from './schema/interventions.ts';
export * from './schema/operations.ts';
export * from './schema/plans.ts';
export * from './schema/requests.ts';
export * from './schema/rollups.ts';
export * from './schema/stock.ts';
export * from './schema/webhooks.ts';
