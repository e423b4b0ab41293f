import { type SQL, sql } from 'drizzle-orm';
import { literalCount } from './prepared.ts';

/**
 * Substring search on folded text (unaccented, lower-case: `gmao_fold`, migration 0021). The expressions below are
 * exactly those of the trigram GIN indexes of that migration, so every search through them is an index scan — the
 * global search of the top bar and the interventions list's search alike (issue 16: 10.9 s at 1 M rows with ILIKE
 * over a join).
 */
/**
 * `%q%` of the folded text q: folded first, then LIKE's wildcards escaped. Folding turns the full-width ％ ＿ ＼ into
 * ASCII, so escaping before it let them act as wildcards ("50％" matched "50 bars").
 */
const foldedLike = (q: string) =>
  sql`'%' || regexp_replace(gmao_fold(${q}), ${sql.raw(`'([\\\\%_])'`)}, ${sql.raw(`'\\\\\\1'`)}, 'g') || '%'`;

/** The text searched for, or a pattern already folded (a statement's `(SELECT …)`, shared by its scans). */
type Query = string | SQL;
/** `v` folded in a subquery, which the planner does not read: a prepared statement keeps one plan for every word. */
const hiddenFold = (v: string) => sql`(SELECT gmao_fold(${v}))`;
/** The LIKE pattern of q (foldedLike) in a subquery, like hiddenFold. */
const hiddenLike = (q: string) => sql`(SELECT ${foldedLike(q)})`;
const pattern = (q: Query) => (typeof q === 'string' ? foldedLike(q) : q);
const folded = (text: SQL, q: Query) => sql`gmao_fold(${text}) LIKE ${pattern(q)}`;

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

/**
 * Runs of three or more letters or digits, the longest three: the part of a search the description's trigram index
 * narrows well. A shorter word gives only padded trigrams ("n" of "n° 4242": "  n", " n "), found in nearly every
 * row, and GIN had to read their posting lists to intersect them (1.6 → 1.1 ms for "n° 4242" at 1 M rows).
 */
export function indexedWords(q: string): string[] {
  const runs = q.match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return [...new Set(runs)].sort((a, b) => b.length - a.length).slice(0, 3);
}

/**
 * A query of several words with a short one ("maintenance n° 12"): the trigram index is asked for its whole pattern,
 * whose short words' trigrams narrow a long word found everywhere ("maintenance": 582 → 68 ms for the list at 1 M
 * rows, where its later words are too short for the words index). Not for long words only ("intervention
 * maintenance"): their boundary trigrams are as frequent as the words and only add posting lists to read (the top
 * bar's search 442 → 732 ms).
 */
function hasShortWord(q: string): boolean {
  const words = q.trim().split(/\s+/);
  return words.length > 1 && words.some((w) => [...w].length < 3);
}

/**
 * An intervention's description (the folded copy stored on write, migration 0031) holding `q`, through one of two
 * indexes, then the whole text on each candidate (strpos, which no index takes):
 * - a query of several words: the words index (migration 0034) on its longest words after the first, as prefixes of
 *   the description's words (`gmao_words_query`, in SQL: the query is folded first, and folding may bring spaces);
 * - otherwise (`gmao_words_query` is NULL) the trigram index on the query's long words (indexedWords), or on its whole
 *   pattern when it has a short word among several (hasShortWord).
 * The choice is made in SQL (`descriptionScans`: both scans, each behind a one-time filter, only one run).
 * `hidden`: the values as subqueries, which the planner does not read — a prepared statement then has one plan for
 * every word (list.repository.ts).
 */
function descriptionParts(alias: string, q: string, hidden: boolean) {
  const value = (v: string) => (hidden ? hiddenFold(v) : sql`gmao_fold(${v})`);
  const like = (v: string) => (hidden ? hiddenLike(v) : foldedLike(v));
  const text = sql`${sql.raw(alias)}.description_fold`;
  const whole = sql`strpos(${text}, ${value(q)}) > 0`;
  const wordsQuery = sql`(SELECT gmao_words_query(gmao_fold(${q})))`;
  // Each index's condition finds candidates; `whole` is the one that decides (the scans and the rows walked agree).
  const candidates = (hasShortWord(q) ? [] : indexedWords(q)).map((w) => sql`${text} LIKE ${like(w)}`);
  const trigrams = sql`(${sql.join(candidates.length ? candidates : [sql`${text} LIKE ${like(q)}`], sql` AND `)} AND ${whole})`;
  return { trigrams, byWords: sql`(gmao_words(${text}) @@ ${wordsQuery} AND ${whole})`, wordsQuery };
}

/**
 * The description holding q as a condition planned for its values (the top bar's search): through the trigram index.
 * Not the words index: the planner cannot estimate a prefix of a rare word (no statistics name it) and, asked for the
 * newest 20, walked the list's date index instead (217,678 rows, 50–366 ms for "n° 4242" at 1 M rows, against 1.2 ms).
 */
export function descriptionHolds(alias: string, q: string): SQL {
  return descriptionParts(alias, q, false).trigrams;
}

/** `select` (a statement ending in its WHERE's conditions, on alias i) and the description holding q: two scans, one run. */
export function descriptionScans(select: SQL, q: string): SQL {
  const { trigrams, byWords, wordsQuery } = descriptionParts('i', q, true);
  return sql`${select} AND ${wordsQuery} IS NOT NULL AND ${byWords}
    UNION ALL ${select} AND ${wordsQuery} IS NULL AND ${trigrams}`;
}

/**
 * An intervention (alias `i`) whose description, equipment or client matches, as a filter of any statement (the status
 * counts, the exports): the ids of the index scans (the description's words or trigram index; the equipment's and the
 * client's, then interventions by equipement_id / client_id) — an OR over a join would scan every intervention.
 */
export const interventionMatches = (q: string) => {
  const p = hiddenLike(q);
  return sql`i.id = ANY(ARRAY(
    SELECT id FROM (${descriptionScans(sql`SELECT i.id FROM interventions i WHERE true`, q)}) described
    UNION
    SELECT si.id FROM interventions si JOIN equipements se ON se.id = si.equipement_id WHERE ${equipmentMatches('se', p)}
    UNION
    SELECT si.id FROM interventions si JOIN clients sc ON sc.id = si.client_id WHERE ${clientMatches('sc', p)}))`;
};

/** Rows of the newest a search reads first to tell a frequent word from a rare one, and the matches that make it frequent. */
const PROBE_ROWS = 100;
const PROBE_FREQUENT = 3;

/**
 * The interventions list's search: CTEs ending in `hits (id, date)`, the interventions matching the search and `where`
 * (a filter on alias i), read once for the page and its count. Two ways, chosen in the statement by a probe of the
 * newest PROBE_ROWS rows of `where`:
 * - a rare word (fewer than PROBE_FREQUENT of them match): the index scans above (the description's, descriptionScans;
 *   the interventions of the matching equipment, then of the matching clients, each branch leaving out the rows an
 *   earlier one found, so that the union needs no de-duplication) — their cost grows with the candidates (~1 µs each
 *   through the words index, ~8 through the trigram index, at 1 M rows);
 * - a frequent word: the rows of `where` walked in list order from `walk.keyset`, each tested, up to `walk.limit`
 *   matches — that cost grows with the rows walked (~3.5 µs each), so it wins above ~2 % of rows matching. At 1 M rows
 *   "maintenance" (in every description) took 9 s through the trigram scans, 3 ms walked; "Casablanca" (a sixth of
 *   the clients) 1.5 s, 16 ms.
 * The branch not taken is never run (its gate is a one-time filter). The pattern is a subquery, which the planner does
 * not read (it estimates any pattern alike) while the trigram indexes still take it: so the statement has the same
 * plan for every word, is prepared, and keeps its generic plan (list.repository.ts). The matching equipment and
 * clients are read once (eqm, clm) for the probe, the walk and the scans.
 */
export function searchHits(q: string, where: SQL, walk: { keyset: SQL; limit: number }): SQL[] {
  const p = hiddenLike(q);
  const order = sql`ORDER BY i.date DESC, i.id DESC`;
  // Row by row (the probe, the walk): the whole text only.
  const holds = sql`strpos(i.description_fold, ${hiddenFold(q)}) > 0`;
  const matches = sql`(${holds} OR i.equipement_id IN (SELECT id FROM eqm) OR i.client_id IN (SELECT id FROM clm))`;
  return [
    sql`eqm AS MATERIALIZED (SELECT se.id FROM equipements se WHERE ${equipmentMatches('se', p)})`,
    sql`clm AS MATERIALIZED (SELECT sc.id FROM clients sc WHERE ${clientMatches('sc', p)})`,
    sql`probe AS MATERIALIZED (SELECT count(*) >= ${literalCount(PROBE_FREQUENT)} AS frequent
      FROM (SELECT i.description_fold, i.equipement_id, i.client_id FROM interventions i WHERE ${where} ${order} LIMIT ${literalCount(PROBE_ROWS)}) i
      WHERE ${matches})`,
    sql`hits AS MATERIALIZED (
      (SELECT i.id, i.date FROM interventions i WHERE (SELECT frequent FROM probe) AND ${where}${walk.keyset} AND ${matches}
        ${order} LIMIT ${literalCount(walk.limit)})
      UNION ALL
      SELECT id, date FROM (
        SELECT id, date FROM (${descriptionScans(sql`SELECT i.id, i.date FROM interventions i WHERE ${where}`, q)}) described
        UNION ALL SELECT i.id, i.date FROM interventions i
          WHERE ${where} AND i.equipement_id = ANY(ARRAY(SELECT id FROM eqm)) AND NOT ${holds}
        UNION ALL SELECT i.id, i.date FROM interventions i
          WHERE ${where} AND i.client_id = ANY(ARRAY(SELECT id FROM clm)) AND NOT ${holds} AND NOT i.equipement_id IN (SELECT id FROM eqm)) scanned
      WHERE NOT (SELECT frequent FROM probe))`,
  ];
}
