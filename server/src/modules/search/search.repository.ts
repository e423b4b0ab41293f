import type { Visibility } from '@gmao/domain/auth/visibility';
import type { SearchResult } from '@gmao/domain/search/search-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { visible } from '../../db/predicates.ts';
import { clientMatches, descriptionHolds, equipmentMatches } from '../../db/text-search.ts';
import { clientVisible } from '../../db/visibility.ts';

/**
 * Substring search on the folded (unaccented, lower-case) text, served by the trigram GIN indexes of migration 0021
 * (db/text-search.ts holds the indexed expressions). Best matches first (trigram similarity), then the newest.
 */

export async function searchEquipment(
  db: DbOrTx,
  v: Visibility,
  q: string,
  limit: number,
): Promise<SearchResult['equipment']> {
  const { rows } = await db.execute<SearchResult['equipment'][number]>(sql`
    SELECT e.id, e.nom, e.marque, e.modele, e.numero_serie, c.nom_entreprise AS client
    FROM equipements e JOIN clients c ON c.id = e.proprietaire_id
    WHERE ${equipmentMatches('e', q)} AND ${clientVisible(v, sql`e.proprietaire_id`)}
    ORDER BY similarity(gmao_fold(e.nom), gmao_fold(${q})) DESC, e.id DESC
    LIMIT ${limit}`);
  return rows;
}

export async function searchClients(
  db: DbOrTx,
  v: Visibility,
  q: string,
  limit: number,
): Promise<SearchResult['clients']> {
  const { rows } = await db.execute<SearchResult['clients'][number]>(sql`
    SELECT c.id, c.nom_entreprise, c.ville, c.ice FROM clients c
    WHERE ${clientMatches('c', q)} AND ${clientVisible(v, sql`c.id`)}
    ORDER BY similarity(gmao_fold(c.nom_entreprise), gmao_fold(${q})) DESC, c.id DESC
    LIMIT ${limit}`);
  return rows;
}

/**
 * How many of the newest interventions are searched first (5,000 cost 40 ms at 1 M rows; 1,000 about 10). A frequent word ("maintenance") fills the results from
 * them at once; otherwise the trigram index finds the rare matches anywhere in the history (issue 15: both under
 * 50 ms at 1 M rows, where one query took 2.5 s for a word every row holds — sorting all its matches by date).
 */
export const RECENT_WINDOW = 1_000;

export async function searchInterventions(
  db: DbOrTx,
  v: Visibility,
  q: string,
  number: number | null,
  limit: number,
): Promise<SearchResult['interventions']> {
  type Row = SearchResult['interventions'][number];
  const columns = sql`i.id, i.description, i.statut, i.date, e.nom AS equipement, c.nom_entreprise AS client`;
  const joins = sql`JOIN equipements e ON e.id = i.equipement_id JOIN clients c ON c.id = i.client_id`;
  // the user's visibility (db/visibility.ts), ANDed into every branch; TRUE for the whole company
  const seen = clientVisible(v, sql`i.client_id`);
  // The intervention of that number first (exact, by primary key).
  const exact =
    number === null
      ? []
      : (
          await db.execute<Row>(
            sql`SELECT ${columns} FROM interventions i ${joins} WHERE ${visible()} AND ${seen} AND i.id = ${number}`,
          )
        ).rows;
  const recent = await db.execute<Row>(sql`
    SELECT ${columns}
    FROM (SELECT * FROM interventions i WHERE ${visible()} ORDER BY i.date DESC, i.id DESC LIMIT ${RECENT_WINDOW}) i ${joins}
    WHERE ${descriptionHolds('i', q)} AND ${seen}
    ORDER BY i.date DESC, i.id DESC
    LIMIT ${limit}`);
  let found = recent.rows;
  if (found.length < limit) {
    const { rows } = await db.execute<Row>(sql`
      SELECT ${columns} FROM interventions i ${joins}
      WHERE ${visible()} AND ${seen} AND ${descriptionHolds('i', q)}
      ORDER BY i.date DESC, i.id DESC
      LIMIT ${limit}`);
    found = rows;
  }
  return [...exact, ...found.filter((r) => r.id !== number)].slice(0, limit);
}
