import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCALES, seedScale } from '../src/db/seed-scale.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * The large demo generator (npm run seed:demo -- --scale large) at a tiny scale: two databases seeded the same day
 * hold the same rows (compared through their content, not their ids), with history, and roll-ups built.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const FINGERPRINT = sql`
  SELECT (SELECT md5(string_agg(concat_ws('|', nom_entreprise, ville, code_postal, secteur_activite), ',' ORDER BY id)) FROM clients) AS clients,
         (SELECT md5(string_agg(concat_ws('|', e.nom, e.type_equipement, e.marque, e.cout, e.valeur, c.nom_entreprise), ',' ORDER BY e.id))
            FROM equipements e JOIN clients c ON c.id = e.proprietaire_id) AS equipment,
         (SELECT md5(string_agg(concat_ws('|', i.date, i.statut, i.urgence, i.description, e.nom, u.username,
                 i.started_at, i.completed_at, i.deleted_at, i.archived_at), ',' ORDER BY i.id))
            FROM interventions i JOIN equipements e ON e.id = i.equipement_id LEFT JOIN users u ON u.id = i.technician_id) AS interventions,
         (SELECT md5(string_agg(concat_ws('|', h.from_statut, h.to_statut, h.created_at), ',' ORDER BY h.intervention_id, h.created_at, h.id))
            FROM intervention_history h) AS history,
         (SELECT count(*)::int FROM interventions) AS n,
         (SELECT count(*)::int FROM intervention_history) AS h,
         (SELECT COALESCE(sum(n), 0)::int FROM rollup_daily) AS rolled,
         (SELECT count(*)::int FROM interventions WHERE deleted_at IS NULL AND archived_at IS NULL) AS visible`;

describe('seedScale', () => {
  it('is deterministic and fills history and roll-ups', async () => {
    const today = '2026-11-24';
    await seedScale(a.database.db, SCALES.tiny, { today });
    await seedScale(b.database.db, SCALES.tiny, { today });
    const [fa] = (await a.database.db.execute(FINGERPRINT)).rows;
    const [fb] = (await b.database.db.execute(FINGERPRINT)).rows;
    expect(fa).toEqual(fb);
    expect(fa).toMatchObject({ n: SCALES.tiny.interventions });
    expect(fa.h as number).toBeGreaterThan(SCALES.tiny.interventions);
    expect(fa.rolled).toBe(fa.visible);
    const { rows } = await a.database.db.execute<{ statuts: number; days: number }>(
      sql`SELECT count(DISTINCT statut)::int AS statuts, count(DISTINCT date)::int AS days FROM interventions`,
    );
    expect(rows[0].statuts).toBe(7);
    expect(rows[0].days).toBeGreaterThan(300);
  });
});
