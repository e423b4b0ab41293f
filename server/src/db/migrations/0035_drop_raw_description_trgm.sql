-- Issue 16: since migration 0031 every search of an intervention's description reads its folded copy
-- (description_fold: its trigram index, and the words index of 0034); the trigram index of the raw description (0003)
-- had no reader left — 0 scans after the whole 1 M-row bench — yet every insert and every status change still
-- extracted the description's trigrams into it (73 MB at 1 M rows, and its share of the GIN pending-list flushes).
DROP INDEX IF EXISTS interventions_description_trgm_idx;
