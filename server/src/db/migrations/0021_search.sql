-- Global search (issue 15): accent- and case-insensitive substring search over equipment (name, brand, model, serial),
-- clients (name, city, ICE) and interventions (description; the number is matched exactly). `gmao_fold` is the one
-- normalisation (unaccent + lower), IMMUTABLE so that trigram GIN indexes can be built on it; where the unaccent
-- extension cannot be created it falls back to lower() (searches stay case-insensitive). Clients get their ICE
-- (Identifiant Commun de l'Entreprise, 15 digits).
ALTER TABLE "clients" ADD COLUMN IF NOT EXISTS "ice" varchar(15);--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT IF EXISTS "clients_ice_ck";--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_ice_ck" CHECK ("ice" IS NULL OR "ice" ~ '^[0-9]{15}$');--> statement-breakpoint
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS unaccent;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'unaccent unavailable (%); search folds case only', SQLERRM;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'unaccent') THEN
    EXECUTE $f$CREATE OR REPLACE FUNCTION gmao_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS
      'SELECT lower(public.unaccent(''public.unaccent''::regdictionary, $1))'$f$;
  ELSE
    EXECUTE $f$CREATE OR REPLACE FUNCTION gmao_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS
      'SELECT lower($1)'$f$;
  END IF;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS equipements_fold_trgm_idx ON equipements USING gin (
      gmao_fold(coalesce(nom, '') || ' ' || coalesce(marque, '') || ' ' || coalesce(modele, '') || ' ' || coalesce(numero_serie, ''))
      gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS clients_fold_trgm_idx ON clients USING gin (
      gmao_fold(coalesce(nom_entreprise, '') || ' ' || coalesce(ville, '') || ' ' || coalesce(ice, '')) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS interventions_fold_trgm_idx ON interventions USING gin (
      gmao_fold(coalesce(description, '')) gin_trgm_ops);
  END IF;
END $$;
