-- Audit log: append-only record of security and business events (ARCHITECTURE.md "Audit log"). Rows are written in
-- the transaction of the change they record. UPDATE is always refused; DELETE only by the retention purge, which
-- sets gmao.audit_purge for its own transaction.
CREATE TABLE IF NOT EXISTS "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"action" varchar(60) NOT NULL,
	"actor_id" integer, -- no foreign key: the row outlives the account and is never updated
	"actor_username" varchar(100),
	"entity_type" varchar(40),
	"entity_id" varchar(40),
	"summary" text,
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64),
	"request_id" varchar(64)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_action_idx" ON "audit_log" USING btree ("action", "at" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id", "at" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type", "entity_id", "at" DESC);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND current_setting('gmao.audit_purge', true) = 'on' THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_log_append_only" ON "audit_log";--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
	FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
