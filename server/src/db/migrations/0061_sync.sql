-- Changes since (issue 35): an integrator mirrors interventions, clients, equipment and parts without full reloads.
--
-- updated_at is now kept by PostgreSQL (a BEFORE UPDATE trigger: any change of the row, whoever writes it), so the
-- lists' `updated_since` misses nothing an UPDATE changed; (updated_at, id) indexes serve the sync's order.
-- deleted_rows: a tombstone for each row deleted, and for an intervention that leaves the active list (trash or
-- archive; it comes back with a new updated_at when restored), read by GET /api/changes.
CREATE OR REPLACE FUNCTION gmao_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW IS DISTINCT FROM OLD THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "deleted_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" varchar(20) NOT NULL,
	"row_id" integer NOT NULL,
	"raison" varchar(20) NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deleted_rows_at_idx" ON "deleted_rows" ("deleted_at", "id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION gmao_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO deleted_rows (type, row_id, raison) VALUES (TG_ARGV[0], OLD.id, 'SUPPRIMEE');
  ELSIF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    INSERT INTO deleted_rows (type, row_id, raison) VALUES (TG_ARGV[0], NEW.id, 'CORBEILLE');
  ELSIF NEW.archived_at IS NOT NULL AND OLD.archived_at IS NULL THEN
    INSERT INTO deleted_rows (type, row_id, raison) VALUES (TG_ARGV[0], NEW.id, 'ARCHIVEE');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE t text[];
BEGIN
  FOREACH t SLICE 1 IN ARRAY ARRAY[
    ARRAY['interventions', 'intervention'], ARRAY['clients', 'client'],
    ARRAY['equipements', 'equipment'], ARRAY['parts', 'part']] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS sync_touch ON %I', t[1]);
    EXECUTE format('CREATE TRIGGER sync_touch BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION gmao_touch_updated_at()', t[1]);
    EXECUTE format('DROP TRIGGER IF EXISTS sync_tombstone ON %I', t[1]);
    EXECUTE format('CREATE TRIGGER sync_tombstone AFTER DELETE ON %I FOR EACH ROW EXECUTE FUNCTION gmao_tombstone(%L)', t[1], t[2]);
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (updated_at, id)', t[1] || '_updated_idx', t[1]);
  END LOOP;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS sync_tombstone_hidden ON interventions;--> statement-breakpoint
CREATE TRIGGER sync_tombstone_hidden AFTER UPDATE OF deleted_at, archived_at ON interventions
  FOR EACH ROW EXECUTE FUNCTION gmao_tombstone('intervention');
