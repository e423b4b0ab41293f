import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../src/db/database.ts';
import { seedContracts, seedSlaClocks } from '../src/db/seed-demo-contracts.ts';

/**
 * A large, realistic dataset generated inside PostgreSQL (generate_series; nothing goes through Node):
 * `rows` interventions over ~13 months on 500 clients / 3,000 equipment / 20 technicians, with status history,
 * contracts for 4 clients in 5 and the SLA clocks of the interventions they cover (issue 31),
 * 1 % soft-deleted and 2 % archived, inserted in date order (until 2026-11-27 in random order: every list page,
 * probe and walk then read its rows from as many heap pages as rows, which a real history does not do).
 */
export async function seedBenchData(db: Db, rows: number) {
  // bulk load in one transaction: the roll-up triggers stay quiet, the roll-ups are rebuilt in one pass at the end
  // (migration 0022)
  await db.transaction((tx) => load(tx, rows));
  // As autovacuum leaves a database that has been running: statistics and the visibility map up to date (index-only
  // scans need it), and no autovacuum pass of a million fresh rows competing with the timed runs.
  await db.execute(sql`VACUUM ANALYZE`);
}

async function load(db: DbOrTx, rows: number) {
  await db.execute(sql`SELECT set_config('gmao.rollups_off', 'on', true)`);
  await db.execute(sql`SELECT setseed(0.42)`);
  await db.execute(sql`
    INSERT INTO clients (nom_entreprise, secteur_activite, ville)
    SELECT 'Client ' || g,
           (ARRAY['Textile','Agro-alimentaire','Automobile','Chimie','Énergie'])[1 + g % 5],
           (ARRAY['Casablanca','Rabat','Tanger','Fès','Agadir','Marrakech'])[1 + g % 6]
    FROM generate_series(1, 500) g`);
  await db.execute(sql`
    INSERT INTO equipements (nom, type_equipement, proprietaire_id, cout, valeur)
    SELECT 'Équipement ' || g,
           (ARRAY['TRANSFORMATEUR','GROUPE_ELECTROGENE','TABLEAU_ELECTRIQUE','MOTEUR_ELECTRIQUE','ONDULEUR',
                  'COMPRESSEUR','POMPE','CLIMATISATION'])[1 + g % 8],
           c.min_id + g % 500, (500 + g % 5000)::numeric(14,2), (20000 + g * 7 % 400000)::numeric(14,2)
    FROM generate_series(1, 3000) g, (SELECT min(id) AS min_id FROM clients) c`);
  await db.execute(sql`
    INSERT INTO users (nom, username, password_hash)
    SELECT 'Technicien ' || g, 'bench_tech_' || g, 'x' FROM generate_series(1, 20) g`);
  await db.execute(sql`
    WITH e AS (SELECT min(id) AS min_id FROM equipements),
         u AS (SELECT min(id) AS min_id FROM users WHERE username LIKE 'bench_tech_%'),
         g AS (SELECT g, random() AS r, random() AS r2, (random() * 400)::int - 10 AS days_ago
               FROM generate_series(1, ${rows}) g)
    INSERT INTO interventions (equipement_id, client_id, technician_id, date, description, urgence, statut,
                               started_at, completed_at, deleted_at, archived_at, created_at)
    SELECT eq.id, eq.proprietaire_id, CASE WHEN g.r2 < 0.9 THEN u.min_id + g.g % 20 END,
           current_date - g.days_ago, 'Intervention de maintenance n° ' || g.g, g.r2 < 0.15,
           s.statut,
           CASE WHEN s.statut NOT IN ('PLANIFIEE', 'ANNULEE') THEN (current_date - g.days_ago) + interval '3 hours' END,
           CASE WHEN s.statut = 'TERMINEE' THEN (current_date - g.days_ago) + interval '3 hours' + (g.r * 40) * interval '1 hour' END,
           CASE WHEN g.g % 100 = 0 THEN now() END,
           CASE WHEN g.g % 50 = 1 THEN now() END,
           (current_date - g.days_ago) - interval '2 days'
    FROM g CROSS JOIN e CROSS JOIN u
         JOIN equipements eq ON eq.id = e.min_id + (g.g::bigint * 7919) % 3000
         CROSS JOIN LATERAL (SELECT CASE WHEN g.days_ago < 3 THEN 'PLANIFIEE'
                              WHEN g.r < 0.62 THEN 'TERMINEE' WHEN g.r < 0.72 THEN 'EN_COURS'
                              WHEN g.r < 0.78 THEN 'EN_PAUSE' WHEN g.r < 0.84 THEN 'EN_ATTENTE_PDR'
                              WHEN g.r < 0.90 THEN 'ANNULEE' WHEN g.r < 0.94 THEN 'ECHEC' ELSE 'PLANIFIEE' END AS statut) s
    -- In the order they would have been created (oldest first), as a table that grew with the years lays its rows:
    -- the newest interventions together at the end of the heap, their ids rising with their dates.
    ORDER BY g.days_ago DESC, g.g`);
  await db.execute(sql`
    INSERT INTO intervention_history (intervention_id, from_statut, to_statut, created_at)
    SELECT id, 'PLANIFIEE', 'EN_COURS', started_at FROM interventions WHERE started_at IS NOT NULL
    UNION ALL
    SELECT id, 'EN_COURS', 'EN_PAUSE', started_at + interval '1 hour' FROM interventions
      WHERE statut = 'EN_PAUSE' OR (statut = 'TERMINEE' AND id % 5 = 0)
    UNION ALL
    SELECT id, 'EN_COURS', 'TERMINEE', completed_at FROM interventions WHERE completed_at IS NOT NULL`);
  // Issue 31: the demo seeds' contracts (4 clients in 5, a year each) and the clocks of the interventions they cover,
  // so that the SLA list filters and the dashboard card read real rows.
  await seedContracts(db, { today: metricsToday(), creator: null });
  await seedSlaClocks(db);
  await db.execute(sql`SELECT rollup_rebuild()`);
}
