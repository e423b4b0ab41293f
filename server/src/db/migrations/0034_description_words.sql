-- Issue 16: a search of several words ("n° 4242") asked the description's trigram index for its long words' trigrams
-- ("424", "242": 560 candidates at 1 M rows, each then read from the heap to find the 108 holding the whole text).
-- In a text holding the folded query, every word of the query after a space starts a word of the text (the text has
-- that space before it): so the words of the description — split at spaces only, as the query is, both folded first
-- (gmao_fold can bring spaces: ¼ → " 1/4") — are indexed, and such a query asks for the texts with a word starting
-- with its longest later words ("4242": 111 candidates, read in 0.2 ms instead of 0.66). The first word of the query
-- may end a text's word, so it is never asked for; a query of one word keeps the trigram index. No extension needed.

-- The distinct words of a folded text (split at spaces), each cut to 64 characters (a lexeme is at most 2 KB).
CREATE OR REPLACE FUNCTION gmao_words(text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT left(w, 64))), ''::tsvector)
  FROM unnest(string_to_array($1, ' ')) w
  WHERE w <> ''
$$;
--> statement-breakpoint
-- For a folded query: texts holding it have a word starting with each of its words after the first; the two longest
-- of those (three characters or more: a shorter prefix names too many words), as prefixes cut to 64 characters.
-- NULL when there is none (the caller then uses the trigram index).
CREATE OR REPLACE FUNCTION gmao_words_query(text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT string_agg('''' || replace(replace(left(w, 64), '\', '\\'), '''', '''''') || ''':*', ' & ')::tsquery
  FROM (SELECT w FROM unnest((string_to_array($1, ' '))[2:]) w
        WHERE length(w) >= 3 ORDER BY length(w) DESC, w LIMIT 2) longest
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS interventions_description_words_idx ON interventions USING gin (gmao_words(description_fold));
