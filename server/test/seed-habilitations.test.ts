import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed-demo.ts';
import { refusedAssignments } from '../src/modules/habilitations/habilitation-check.service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/** Issue 34: the demo data carries titres (some expiring soon), equipment requirements, and valid assignments. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
});
afterAll(() => t.close());

it('gives the demo technicians titres, some expiring within 90 days, and the equipment its type’s requirements', async () => {
  const db = t.database.db;
  const [facts] = (
    await db.execute<{ titres: number; soon: number; holders: number; hta: number; stated: number }>(sql`SELECT
      (SELECT count(*)::int FROM habilitations) AS titres,
      (SELECT count(*)::int FROM habilitations WHERE valide_jusqu_au BETWEEN current_date AND current_date + 90) AS soon,
      (SELECT count(DISTINCT user_id)::int FROM habilitations) AS holders,
      (SELECT count(*)::int FROM equipements WHERE type_equipement = 'TRANSFORMATEUR' AND domaine_tension <> 'HTA') AS hta,
      (SELECT count(*)::int FROM interventions WHERE type_travail IS NOT NULL AND type_travail <> 'NON_ELECTRIQUE') AS stated`)
  ).rows;
  expect(facts.titres).toBeGreaterThan(10);
  expect(facts.soon).toBeGreaterThanOrEqual(2);
  expect(facts.holders).toBe(4);
  expect(facts.hta).toBe(0);
  expect(facts.stated).toBeGreaterThan(10);
});

it('every demo assignment passes the habilitation check', async () => {
  const { rows } = await t.database.db.execute<{ id: number; technician_id: number }>(
    sql`SELECT id, technician_id FROM interventions WHERE technician_id IS NOT NULL`,
  );
  expect(await refusedAssignments(t.database.db, rows)).toEqual([]);
});
