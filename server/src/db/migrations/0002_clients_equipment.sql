-- Search indexes for the clients and equipment lists (issue 4). The searches are substring matches
-- (ILIKE '%term%'), which a btree cannot serve; pg_trgm GIN indexes can. pg_trgm ships with PostgreSQL's
-- contrib (present in the embedded server and in Debian's postgresql package) and is a trusted extension since
-- PostgreSQL 13. Where it cannot be created (no contrib, no privilege), the migration still succeeds and the
-- searches fall back to scans; the expressions below are the exact ones the repositories filter on.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm unavailable (%); list searches will scan', SQLERRM;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS clients_search_trgm_idx ON clients USING gin (
      (lower(coalesce(nom_entreprise, '') || ' ' || coalesce(ville, '') || ' ' || coalesce(contact_principal, '')
        || ' ' || coalesce(email, '') || ' ' || coalesce(email_contact, ''))) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS clients_nom_trgm_idx ON clients USING gin ((lower(nom_entreprise)) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS equipements_search_trgm_idx ON equipements USING gin (
      (lower(coalesce(nom, '') || ' ' || coalesce(marque, '') || ' ' || coalesce(modele, ''))) gin_trgm_ops);
  END IF;
END $$;
--> statement-breakpoint
-- Equipment list sorted by name within one owner (the client detail and the proprietaire_id filter).
CREATE INDEX IF NOT EXISTS equipements_proprietaire_nom_idx ON equipements (proprietaire_id, nom, id);
