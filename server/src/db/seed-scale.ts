import { sql } from 'drizzle-orm';
import { hashPassword } from '../lib/password.ts';
import type { Db, DbOrTx } from './database.ts';
import { seedContracts, seedSlaClocks } from './seed-demo-contracts.ts';

/**
 * npm run seed:demo -- --scale large: years of history for performance work (issue 16) — 2,000 clients, 50,000
 * equipment, 1,000,000 interventions with their status history over 5 years, generated inside PostgreSQL
 * (generate_series, nothing goes through Node) in chunks with a progress bar.
 *
 * Deterministic: every value is a function of the row number through md5 (never random()), so the same scale and the
 * same `today` give the same rows whatever the plan, the chunking or the machine (server/test/seed-scale.test.ts).
 * One transaction; the roll-up triggers stay quiet and the roll-ups are rebuilt once at the end (migration 0022).
 */
export type SeedScale = {
  clients: number;
  equipment: number;
  interventions: number;
  technicians: number;
  days: number;
};

export const SCALES = {
  large: { clients: 2000, equipment: 50_000, interventions: 1_000_000, technicians: 60, days: 5 * 365 },
  tiny: { clients: 12, equipment: 60, interventions: 1500, technicians: 4, days: 400 },
} as const satisfies Record<string, SeedScale>;

const CHUNK = 50_000;

/** A number in [0, 1) from the row number and a salt: md5, not random(), for determinism. */
function hRaw(g: string, salt: string) {
  return `((('x' || substr(md5(${g}::text || '${salt}'), 1, 8))::bit(32)::bigint) / 4294967296.0)`;
}
const h = (g: string, salt: string) => sql.raw(hRaw(g, salt));
const pickSql = (values: readonly string[], g: string, salt: string) =>
  sql.raw(
    `(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}])[1 + floor(${hRaw(g, salt)} * ${values.length})::int]`,
  );

const PREFIXES = [
  'Atlas',
  'Maghreb',
  'Souss',
  'Rif',
  'Sahara',
  'Tafilalet',
  'Chaouia',
  'Doukkala',
  'Tadla',
  'Oriental',
];
const ACTIVITIES: [string, string][] = [
  ['Textiles', 'Textile'],
  ['Agro Industries', 'Agro-alimentaire'],
  ['Câblage', 'Automobile'],
  ['Conserves', 'Agro-alimentaire'],
  ['Plastiques', 'Chimie'],
  ['Froid Industriel', 'Agro-alimentaire'],
  ['Emballages', 'Industrie'],
  ['Métallurgie', 'Industrie'],
  ['Pharma', 'Pharmaceutique'],
  ['Logistique', 'Logistique'],
];
const CITIES: [string, string][] = [
  ['Casablanca', '20250'],
  ['Rabat', '10000'],
  ['Tanger', '90000'],
  ['Fès', '30000'],
  ['Marrakech', '40000'],
  ['Agadir', '80000'],
  ['Meknès', '50000'],
  ['Kénitra', '14000'],
  ['Oujda', '60000'],
  ['Tétouan', '93000'],
  ['El Jadida', '24000'],
  ['Settat', '26000'],
];
const MODELS: [string, string, string, string, number][] = [
  ['Transformateur', 'TRANSFORMATEUR', 'Schneider Electric', 'Trihal 630 kVA', 185000],
  ['Transformateur', 'TRANSFORMATEUR', 'ABB', 'RESIBLOC 1000 kVA', 240000],
  ['Groupe électrogène', 'GROUPE_ELECTROGENE', 'Caterpillar', 'C18 550 kVA', 420000],
  ['Groupe électrogène', 'GROUPE_ELECTROGENE', 'SDMO', 'J165K', 160000],
  ['Tableau électrique', 'TABLEAU_ELECTRIQUE', 'Legrand', 'XL³ 4000', 78000],
  ['Moteur électrique', 'MOTEUR_ELECTRIQUE', 'Leroy-Somer', 'LS 200 L 30 kW', 42000],
  ['Onduleur', 'ONDULEUR', 'APC', 'Galaxy VS 40 kVA', 88000],
  ['Compresseur', 'COMPRESSEUR', 'Atlas Copco', 'GA 37 VSD+', 230000],
  ['Pompe', 'POMPE', 'Grundfos', 'NB 65-200', 36000],
  ['Climatisation', 'CLIMATISATION', 'Daikin', 'VRV IV 20 CV', 150000],
];
const FIRST = ['Youssef', 'Hamza', 'Khadija', 'Rachid', 'Salma', 'Omar', 'Imane', 'Anas', 'Zineb', 'Mehdi'];
const LAST = ['Amrani', 'El Idrissi', 'Bennani', 'Ouazzani', 'Alaoui', 'Berrada', 'Chraibi', 'Tazi', 'Fassi', 'Naciri'];
const TASKS = [
  'Maintenance préventive trimestrielle',
  'Remplacement des roulements',
  'Contrôle thermographique du TGBT',
  'Vidange et remplacement des filtres',
  'Alarme de surchauffe signalée par l’exploitant',
  'Contrôle de l’isolement et serrage des connexions',
  'Remplacement des batteries de l’onduleur',
  'Fuite d’huile constatée au niveau du carter',
  'Essai de démarrage en charge du groupe',
  'Nettoyage des condenseurs avant l’été',
];

type Progress = (label: string, done: number, total: number) => void;

/** A one-line progress bar on stderr (npm run seed:demo). */
export function progressBar(): Progress {
  return (label, done, total) => {
    const width = 30;
    const filled = Math.round((done / total) * width);
    const pct = Math.floor((done / total) * 100);
    process.stderr.write(
      `\r${label.padEnd(16)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${pct} % ${done}/${total}`,
    );
    if (done >= total) process.stderr.write('\n');
  };
}

export async function seedScale(db: Db, scale: SeedScale, opts: { today: string; progress?: Progress }) {
  const passwordHash = await hashPassword('DemoGmao2024');
  await db.transaction((tx) => load(tx, scale, opts.today, passwordHash, opts.progress ?? (() => undefined)));
  await db.execute(sql`ANALYZE`);
}

async function load(db: DbOrTx, s: SeedScale, today: string, passwordHash: string, progress: Progress) {
  await db.execute(sql`SELECT set_config('gmao.rollups_off', 'on', true)`);
  const cityNames = CITIES.map((c) => c[0]);
  progress('clients', 0, s.clients);
  await db.execute(sql`
    INSERT INTO clients (nom_entreprise, secteur_activite, ville, code_postal, adresse, tel, email, forme_juridique)
    SELECT p.prefix || ' ' || a.act || ' ' || c.city || ' ' || CASE WHEN g % 2 = 0 THEN 'SARL' ELSE 'SA' END
             || CASE WHEN g > ${PREFIXES.length * ACTIVITIES.length * CITIES.length * 2} THEN ' ' || g ELSE '' END,
           a.sector, c.city, c.cp, 'Zone industrielle, lot ' || (1 + g % 180),
           '+2125' || (22 + g % 7) || lpad(((g * 7919) % 1000000)::text, 6, '0'),
           'contact' || g || '@entreprise.ma', CASE WHEN g % 2 = 0 THEN 'SARL' ELSE 'SA' END
    FROM generate_series(1, ${s.clients}) g
    CROSS JOIN LATERAL (SELECT (ARRAY[${sql.raw(PREFIXES.map((p) => `'${p}'`).join(','))}])[1 + (g / 2) % ${PREFIXES.length}] AS prefix) p
    CROSS JOIN LATERAL (SELECT (ARRAY[${sql.raw(ACTIVITIES.map((a) => `'${a[0]}'`).join(','))}])[1 + (g / ${2 * PREFIXES.length}) % ${ACTIVITIES.length}] AS act,
                               (ARRAY[${sql.raw(ACTIVITIES.map((a) => `'${a[1]}'`).join(','))}])[1 + (g / ${2 * PREFIXES.length}) % ${ACTIVITIES.length}] AS sector) a
    CROSS JOIN LATERAL (SELECT (ARRAY[${sql.raw(cityNames.map((c) => `'${c}'`).join(','))}])[1 + (g / ${2 * PREFIXES.length * ACTIVITIES.length}) % ${CITIES.length}] AS city,
                               (ARRAY[${sql.raw(CITIES.map((c) => `'${c[1]}'`).join(','))}])[1 + (g / ${2 * PREFIXES.length * ACTIVITIES.length}) % ${CITIES.length}] AS cp) c
    ORDER BY g`);
  progress('clients', s.clients, s.clients);

  progress('équipements', 0, s.equipment);
  const m = (k: number) =>
    sql.raw(
      `(ARRAY[${MODELS.map((x) => (typeof x[k] === 'number' ? x[k] : `'${x[k]}'`)).join(',')}])[1 + floor(${hRaw('g', 'model')} * ${MODELS.length})::int]`,
    );
  await db.execute(sql`
    INSERT INTO equipements (nom, type_equipement, marque, modele, numero_serie, valeur, cout, proprietaire_id)
    SELECT mo.label || ' ' || g, mo.type, mo.marque, mo.modele,
           upper(left(mo.marque, 3)) || '-' || (2015 + g % 10) || '-' || lpad(g::text, 6, '0'),
           round((mo.price * (0.9 + ${h('g', 'valeur')} * 0.2))::numeric, 2),
           round((mo.price * (0.02 + ${h('g', 'cout')} * 0.05))::numeric, 2),
           cl.min_id + floor(${h('g', 'owner')} * ${s.clients})::int
    FROM generate_series(1, ${s.equipment}) g
    CROSS JOIN (SELECT min(id) AS min_id FROM clients) cl
    CROSS JOIN LATERAL (SELECT ${m(0)} AS label, ${m(1)} AS type, ${m(2)} AS marque, ${m(3)} AS modele,
                               ${m(4)}::numeric AS price) mo
    ORDER BY g`);
  progress('équipements', s.equipment, s.equipment);

  await db.execute(sql`
    INSERT INTO users (nom, username, password_hash, role_id)
    SELECT (ARRAY[${sql.raw(FIRST.map((f) => `'${f}'`).join(','))}])[1 + g % ${FIRST.length}] || ' ' ||
           (ARRAY[${sql.raw(LAST.map((l) => `'${l}'`).join(','))}])[1 + (g / ${FIRST.length}) % ${LAST.length}],
           'tech.' || g, ${passwordHash}, (SELECT id FROM roles WHERE nom = 'Technicien')
    FROM generate_series(1, ${s.technicians}) g ORDER BY g`);

  for (let from = 1; from <= s.interventions; from += CHUNK) {
    progress('interventions', from - 1, s.interventions);
    const to = Math.min(from + CHUNK - 1, s.interventions);
    await db.execute(sql`
      WITH e AS (SELECT min(id) AS min_id FROM equipements),
           u AS (SELECT min(id) AS min_id FROM users WHERE username LIKE 'tech.%'),
           g AS (SELECT g, ${h('g', 'r')} AS r, ${h('g', 'r2')} AS r2,
                        floor(${h('g', 'day')} * ${s.days + 10})::int - 10 AS days_ago,
                        ${h('g', 'dur')} AS dur
                 FROM generate_series(${from}::int, ${to}::int) g)
      INSERT INTO interventions (equipement_id, client_id, technician_id, date, description, urgence, statut,
                                 started_at, completed_at, deleted_at, archived_at, created_at, updated_at)
      SELECT eq.id, eq.proprietaire_id, CASE WHEN g.r2 < 0.92 THEN u.min_id + g.g % ${s.technicians} END,
             ${today}::date - g.days_ago, ${pickSql(TASKS, 'g.g', 'task')}, g.r2 < 0.12, st.statut,
             CASE WHEN st.statut NOT IN ('PLANIFIEE', 'ANNULEE')
                  THEN (${today}::date - g.days_ago) + interval '8 hours' + g.dur * interval '6 hours' END,
             CASE WHEN st.statut = 'TERMINEE'
                  THEN (${today}::date - g.days_ago) + interval '9 hours' + g.dur * interval '6 hours' + g.r * interval '30 hours' END,
             CASE WHEN g.g % 200 = 0 THEN (${today}::date - g.days_ago / 2)::timestamptz END,
             CASE WHEN g.g % 100 = 1 AND g.days_ago > 400 AND st.statut = 'TERMINEE' THEN (${today}::date - 30)::timestamptz END,
             (${today}::date - g.days_ago) - (1 + g.g % 5) * interval '1 day',
             (${today}::date - g.days_ago) - (1 + g.g % 5) * interval '1 day'
      FROM g CROSS JOIN e CROSS JOIN u
      JOIN equipements eq ON eq.id = e.min_id + floor(${h('g.g', 'equipement')} * ${s.equipment})::int
      CROSS JOIN LATERAL (SELECT CASE
          WHEN g.days_ago <= 3 THEN 'PLANIFIEE'
          WHEN g.days_ago > 45 THEN CASE WHEN g.r < 0.84 THEN 'TERMINEE' WHEN g.r < 0.89 THEN 'ANNULEE'
               WHEN g.r < 0.92 THEN 'ECHEC' WHEN g.r < 0.95 THEN 'EN_ATTENTE_PDR' WHEN g.r < 0.97 THEN 'EN_PAUSE'
               ELSE 'PLANIFIEE' END
          WHEN g.r < 0.5 THEN 'TERMINEE' WHEN g.r < 0.65 THEN 'EN_COURS' WHEN g.r < 0.72 THEN 'EN_PAUSE'
          WHEN g.r < 0.8 THEN 'EN_ATTENTE_PDR' WHEN g.r < 0.85 THEN 'ANNULEE' WHEN g.r < 0.88 THEN 'ECHEC'
          ELSE 'PLANIFIEE' END AS statut) st
      ORDER BY g.g`);
  }
  progress('interventions', s.interventions, s.interventions);

  progress('historique', 0, 1);
  await db.execute(sql`
    INSERT INTO intervention_history (intervention_id, from_statut, to_statut, user_id, note, created_at)
    SELECT id, 'PLANIFIEE', 'EN_COURS', technician_id, NULL, started_at FROM interventions WHERE started_at IS NOT NULL
    UNION ALL
    SELECT id, 'EN_COURS', statut, technician_id,
           CASE WHEN statut = 'EN_ATTENTE_PDR' THEN 'Pièce de rechange commandée chez le fournisseur' END,
           started_at + interval '4 hours'
      FROM interventions WHERE statut IN ('EN_PAUSE', 'EN_ATTENTE_PDR', 'ECHEC') AND started_at IS NOT NULL
    UNION ALL
    SELECT id, 'EN_COURS', 'EN_PAUSE', technician_id, 'En attente de l’accès au local technique',
           started_at + (completed_at - started_at) * 0.3 FROM interventions WHERE completed_at IS NOT NULL AND id % 5 = 0
    UNION ALL
    SELECT id, 'EN_PAUSE', 'EN_COURS', technician_id, NULL,
           started_at + (completed_at - started_at) * 0.6 FROM interventions WHERE completed_at IS NOT NULL AND id % 5 = 0
    UNION ALL
    SELECT id, 'EN_COURS', 'TERMINEE', technician_id, NULL, completed_at FROM interventions WHERE completed_at IS NOT NULL
    UNION ALL
    SELECT id, 'PLANIFIEE', 'ANNULEE', NULL, 'Annulée à la demande du client', date::timestamptz
      FROM interventions WHERE statut = 'ANNULEE'
    ORDER BY 1, 6`);
  progress('historique', 1, 1);
  progress('contrats', 0, 1);
  await seedContracts(db, { today, creator: null });
  // Issue 31: the clocks of the covered interventions, set-based (the SLA filters and the dashboard card have rows).
  await seedSlaClocks(db);
  progress('contrats', 1, 1);
  progress('roll-ups', 0, 1);
  await db.execute(sql`SELECT rollup_rebuild()`);
  progress('roll-ups', 1, 1);
}
