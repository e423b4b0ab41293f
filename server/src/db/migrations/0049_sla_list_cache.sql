-- The interventions list reads the SLA clocks (issue 31: the sla filters and the rows' badge), so a change of
-- intervention_sla moves the list's cache version like a change of the other tables it reads (migration 0036). The
-- SLA job updates the table every minute, mostly touching no row: statement triggers with transition tables bump
-- only when a row was written (a trigger with a transition table takes one event, hence three).
CREATE OR REPLACE FUNCTION list_cache_bump_if_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF COALESCE(current_setting('gmao.list_cache_off', true), '') <> 'on' AND EXISTS (SELECT 1 FROM changed) THEN
    UPDATE list_cache_versions SET n = n + 1 WHERE shard = txid_current() % 32;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS list_cache_bump_ins ON intervention_sla;--> statement-breakpoint
CREATE TRIGGER list_cache_bump_ins AFTER INSERT ON intervention_sla REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION list_cache_bump_if_rows();--> statement-breakpoint
DROP TRIGGER IF EXISTS list_cache_bump_upd ON intervention_sla;--> statement-breakpoint
CREATE TRIGGER list_cache_bump_upd AFTER UPDATE ON intervention_sla REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION list_cache_bump_if_rows();--> statement-breakpoint
DROP TRIGGER IF EXISTS list_cache_bump_del ON intervention_sla;--> statement-breakpoint
CREATE TRIGGER list_cache_bump_del AFTER DELETE ON intervention_sla REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION list_cache_bump_if_rows();
