import { type SQL, sql } from 'drizzle-orm';

/**
 * Substring search on folded text (unaccented, lower-case: `gmao_fold`, migration 0021). The expressions below are
 * exactly those of the trigram GIN indexes of that migration, so every search through them is an index scan — the
 * global search of the top bar and the interventions list's search alike (issue 16: 10.9 s at 1 M rows with ILIKE
 * over a join).
 */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The text searched for, or a pattern already folded (interventionMatches: the same for its three scans). */
type Query = string | SQL;
const folded = (text: SQL, q: Query) =>
  sql`gmao_fold(${text}) LIKE ${typeof q === 'string' ? sql`gmao_fold(${likePattern(q)})` : q}`;

/** An equipment's name, brand, model and serial number. */
export const equipmentMatches = (alias: string, q: Query) => {
  const e = sql.raw(alias);
  return folded(
    sql`coalesce(${e}.nom, '') || ' ' || coalesce(${e}.marque, '') || ' ' || coalesce(${e}.modele, '') || ' ' || coalesce(${e}.numero_serie, '')`,
    q,
  );
};

/** A client's company name, city and ICE. */
export const clientMatches = (alias: string, q: Query) => {
  const c = sql.raw(alias);
  return folded(
    sql`coalesce(${c}.nom_entreprise, '') || ' ' || coalesce(${c}.ville, '') || ' ' || coalesce(${c}.ice, '')`,
    q,
  );
};

/** An intervention's description. */
export const descriptionMatches = (alias: string, q: Query) =>
  folded(sql`coalesce(${sql.raw(alias)}.description, '')`, q);

/**
 * An intervention (alias `i`) whose description, equipment or client matches: the ids of three index scans (the
 * description's trigram index; the equipment's and the client's, then interventions by equipement_id / client_id),
 * joined once — an OR over the join would scan every intervention. The pattern is a subquery, which the planner
 * does not read (it estimates any pattern alike) while the trigram indexes still take it: so the list's statement of a
 * search has the same plan for every word, is prepared, and keeps its generic plan (list.repository.ts) — planning
 * these three scans twice (the page and its count) cost PostgreSQL 1.5 ms, four times their run. The list reads the
 * array once (a MATERIALIZED CTE) for its page and its count. UNION, not UNION ALL (which would spare deduplicating a
 * word found in every row, 0.8 s at 1 M rows): PostgreSQL 18 ran a UNION ALL's three scans in parallel workers, 11 ms
 * instead of 2 for a rare word at 1 M rows.
 */
export const matchingInterventionIds = (q: string) => {
  const p = sql`(SELECT gmao_fold(${likePattern(q)}))`;
  return sql`ARRAY(
    SELECT si.id FROM interventions si WHERE ${descriptionMatches('si', p)}
    UNION
    SELECT si.id FROM interventions si JOIN equipements se ON se.id = si.equipement_id WHERE ${equipmentMatches('se', p)}
    UNION
    SELECT si.id FROM interventions si JOIN clients sc ON sc.id = si.client_id WHERE ${clientMatches('sc', p)})`;
};
export const interventionMatches = (q: string) => sql`i.id = ANY(${matchingInterventionIds(q)})`;
