-- Interventions created offline (issue 32): a technician's phone keeps a new intervention as a draft and sends it when
-- the network is back, with an idempotency key (the `Idempotency-Key` header of POST /api/interventions). A draft
-- sent twice — an answer lost, the phone retrying — creates one intervention: the key is claimed first (its row
-- inserted ON CONFLICT DO NOTHING, so a concurrent sending waits for the first and then finds it), and the second
-- sending answers the intervention the first created. Per user: a key is the device's, never another user's.
CREATE TABLE IF NOT EXISTS "intervention_creation_keys" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"key" varchar(64) NOT NULL,
	"intervention_id" integer REFERENCES "interventions"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intervention_creation_keys_pk" PRIMARY KEY ("user_id", "key")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_creation_keys_intervention_idx" ON "intervention_creation_keys" ("intervention_id");
--> statement-breakpoint
-- A photo taken offline is sent with its change id (the `Idempotency-Key` header of POST
-- /api/interventions/{id}/attachments): sent again after a lost answer, the attachment already stored is answered.
-- Per user (a key is the device's own).
ALTER TABLE "intervention_attachments" ADD COLUMN IF NOT EXISTS "change_id" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "intervention_attachments_change_uq" ON "intervention_attachments" ("intervention_id", "user_id", "change_id") WHERE "change_id" IS NOT NULL;
