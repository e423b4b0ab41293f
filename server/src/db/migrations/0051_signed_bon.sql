-- The signed bon d'intervention (issue 32).
--
-- The company profile and the documents' settings ("Signature du client obligatoire pour terminer", "Afficher les
-- prix sur le bon") are app_settings rows (key 'company'); the logo is a file in FileStorage named there. A contract
-- may ask for the client's signature too (contracts.signature_client_obligatoire, the current terms; ADD COLUMN …
-- NOT NULL DEFAULT false is a catalogue change, no rewrite).
--
-- intervention_bon_versions: the bon's content frozen at a signature — the canonical JSON text exactly as hashed
-- (sha256 of those UTF-8 bytes), so the hash can be checked again and version N printed as it was signed. A signature
-- on unchanged content joins the latest version; on changed content it makes version N+1.
-- intervention_signatures: one row per signature, its PNG in FileStorage (storage_key), the signer, the device's time
-- (signe_le), the server's (recu_le), the content hash at signing (sha256, the version's) and the image's own hash.
-- change_id: an offline device's idempotency key, per intervention (a replay returns the signature already recorded).
ALTER TABLE "contracts" ADD COLUMN IF NOT EXISTS "signature_client_obligatoire" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "intervention_bon_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"intervention_id" integer NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"version" integer NOT NULL,
	"contenu" text NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intervention_bon_versions_uq" UNIQUE ("intervention_id", "version"),
	CONSTRAINT "intervention_bon_versions_version_ck" CHECK ("version" >= 1)
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "intervention_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"intervention_id" integer NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"bon_version_id" integer NOT NULL REFERENCES "intervention_bon_versions"("id") ON DELETE cascade,
	"role" varchar(12) NOT NULL,
	"nom" varchar(150) NOT NULL,
	"qualite" varchar(150),
	"signe_le" timestamp with time zone NOT NULL,
	"recu_le" timestamp with time zone DEFAULT now() NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"image_sha256" varchar(64) NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"change_id" varchar(64),
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "intervention_signatures_role_ck" CHECK ("role" IN ('CLIENT', 'TECHNICIEN')),
	CONSTRAINT "intervention_signatures_storage_key_uq" UNIQUE ("storage_key"),
	CONSTRAINT "intervention_signatures_change_id_uq" UNIQUE ("intervention_id", "change_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_signatures_intervention_idx" ON "intervention_signatures" ("intervention_id", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_signatures_version_idx" ON "intervention_signatures" ("bon_version_id");
