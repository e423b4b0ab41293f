import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listInterventions, listQueries, statusCounts } from '../src/modules/interventions/list.repository.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment } from './helpers/factories.ts';

/**
 * The interventions list's search of several words (issue 16, migration 0034): the words of the query after the first
 * are asked of the description's words index (as prefixes), the whole text then checked on each candidate. It must
 * find exactly what a substring search of the folded text finds — whatever the spaces, quotes, fractions that fold
 * into spaces, or words longer than the index keeps — and it must be that index that answers.
 */
let t: TestApp;
let equipmentId: number;
let clientId: number;
const LONG = 'x'.repeat(90);
const DESCRIPTIONS = [
  'Remplacement relais n° 4242 armoire TGBT',
  'Contrôle n° 42420 après coupure',
  'Réf n° 14242 (ne commence pas par 4242)',
  'Serrage ¼ pouce   double  espaces',
  "Joint d'étanchéité \\ clé dynamométrique",
  `Câble ${LONG} tiré`,
];

beforeAll(async () => {
  t = await createTestApp();
  const client = await createClient(t.database.db, { nomEntreprise: 'Mots Industries', ville: 'Kénitra' });
  const equipment = await createEquipment(t.database.db, { proprietaireId: client.id, nom: 'Pompe doseuse' });
  equipmentId = equipment.id;
  clientId = client.id;
  // Rows that match nothing asked, so that the index has other words to skip.
  await t.database.db.execute(sql`
    INSERT INTO interventions (equipement_id, client_id, date, description, statut)
    SELECT ${equipmentId}::int, ${clientId}::int, current_date - g, 'Visite n° ' || (g * 7) || ' sans suite', 'PLANIFIEE'
    FROM generate_series(1, 300) g`);
  for (const [i, description] of DESCRIPTIONS.entries()) {
    await t.database.db.execute(sql`
      INSERT INTO interventions (equipement_id, client_id, date, description, statut)
      VALUES (${equipmentId}, ${clientId}, current_date - ${i}::int, ${description}, 'EN_COURS')`);
  }
  await t.database.db.execute(sql`ANALYZE interventions`);
});
afterAll(() => t.close());

/** What a substring search of the folded description finds, in list order. */
async function substringMatches(q: string): Promise<number[]> {
  const { rows } = await t.database.db.execute<{ id: number }>(sql`
    SELECT i.id FROM interventions i
    WHERE i.deleted_at IS NULL AND i.archived_at IS NULL AND strpos(i.description_fold, gmao_fold(${q})) > 0
    ORDER BY i.date DESC, i.id DESC`);
  return rows.map((r) => r.id);
}

const search = async (q: string) => {
  const { rows, total } = await listInterventions(t.database.db, { scope: 'active', days: 7, search: q }, 1, 50);
  return { ids: rows.map((r) => r.id), total };
};

describe('a search of several words', () => {
  it('finds exactly the descriptions holding the folded query', async () => {
    const queries: [string, number][] = [
      ['n° 4242', 2], // 4242 and 42420 (a word starting with 4242), not 14242
      ['N° 42420', 1],
      ['elais n° 4242 ARM', 1], // the first word may end a word of the text ("relais"): never asked
      ['relais n° 4242 armoire tgbt', 1],
      ['n° 14242 (ne', 1],
      ['serrage ¼ pouce', 1], // ¼ folds to " 1/4": the words asked are taken after folding
      ['pouce   double  esp', 1],
      ["joint d'etancheite \\ cle", 1],
      [`cable ${'x'.repeat(70)}`, 1], // a word longer than the 64 characters the index keeps
      [`${'x'.repeat(80)} tire`, 1],
      ['n° 4243', 0],
      ['contrôle n° 4242', 1],
    ];
    for (const [q, expected] of queries) {
      const found = await search(q);
      expect(found.ids, q).toEqual(await substringMatches(q));
      expect(found.total, q).toBe(expected);
    }
  });

  it('counts the same rows in the status counts as in the list', async () => {
    const counts = await statusCounts(t.database.db, { days: 7, search: 'n° 4242' });
    expect(counts.total).toBe(2);
    expect(counts.statuts.EN_COURS).toBe(2);
  });

  it('lists once an intervention found by its description, its equipment and its client', async () => {
    // Older than the newest rows probed, so that the index scans answer: the equipment "Groupe Agadir" (two rows, one
    // of them described with the word too), another equipment of its client in Agadir (one row), and a description
    // naming Agadir on the other client's equipment (one row).
    const agadir = await createClient(t.database.db, { nomEntreprise: 'Sud Énergie', ville: 'Agadir' });
    const groupe = await createEquipment(t.database.db, { proprietaireId: agadir.id, nom: 'Groupe Agadir' });
    const moteur = await createEquipment(t.database.db, { proprietaireId: agadir.id, nom: 'Moteur' });
    for (const [equipment, client, description] of [
      [groupe.id, agadir.id, 'Révision groupe agadir'],
      [groupe.id, agadir.id, 'Vidange'],
      [moteur.id, agadir.id, 'Bobinage'],
      [equipmentId, clientId, 'Livraison depuis Agadir'],
    ] as const) {
      await t.database.db.execute(sql`
        INSERT INTO interventions (equipement_id, client_id, date, description, statut)
        VALUES (${equipment}, ${client}, current_date - 900, ${description}, 'TERMINEE')`);
    }
    for (const [q, expected] of [
      ['agadir', 4],
      ['groupe agadir', 2], // the words index for the description, the equipment's name for both rows
      ['sud énergie', 3],
    ] as const) {
      const found = await search(q);
      expect(found.total, q).toBe(expected);
      expect(new Set(found.ids).size, q).toBe(expected);
    }
  });

  it('asks the words index for the later words of the folded query, as prefixes; one word goes to the trigram index', async () => {
    const asked = async (q: string) =>
      (await t.database.db.execute<{ q: string | null }>(sql`SELECT gmao_words_query(gmao_fold(${q}))::text AS q`))
        .rows[0].q;
    expect(await asked('Relais N° 4242')).toBe("'4242':*");
    expect(await asked('serrage ¼ pouce')).toBe("'pouce':* & '1/4':*"); // folded first: "serrage  1/4 pouce"
    expect(await asked("a b'c\\d")).toBe("'b''c\\\\d':*");
    expect(await asked(`a ${'y'.repeat(100)}`)).toBe(`'${'y'.repeat(64)}':*`);
    expect(await asked('42420')).toBeNull();
    expect(await asked('n° 42')).toBeNull(); // "42": too short a prefix to ask
    // And it is that index that answers (the scan behind the other index's gate never runs).
    const wordsIndexRan = async (q: string) => {
      const { rows } = await t.database.db.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN (ANALYZE, COSTS OFF) ${listQueries({ scope: 'active', days: 7, search: q }, 1, 20).page}`,
      );
      return rows.some(
        (r) => r['QUERY PLAN'].includes('on interventions_description_words_idx') && !r['QUERY PLAN'].includes('never'),
      );
    };
    expect(await wordsIndexRan('relais n° 4242')).toBe(true);
    expect(await wordsIndexRan('42420')).toBe(false);
  });
});

describe('the description’s indexes', () => {
  it('are on its folded copy only: no write feeds an index of the raw text that no search reads', async () => {
    const { rows } = await t.database.db.execute<{ indexname: string; indexdef: string }>(
      sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'interventions' AND indexdef LIKE '%description%'`,
    );
    expect(rows.map((r) => r.indexname)).toContain('interventions_description_words_idx');
    for (const { indexdef } of rows) expect(indexdef).toMatch(/description_fold/);
  });
});
