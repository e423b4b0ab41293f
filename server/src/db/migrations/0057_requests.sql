-- Demandes d'intervention (issue 33). Each equipment's request link: a random token printed in its QR code
-- (APP_URL/r/{token}), created at the first ask and kept as is across upgrades; "rotate" replaces it (the old label
-- stops working: an unknown token answers the same plain 404). Requests filed through it (source QR) or by a portal
-- user (source PORTAIL; portal_user_id is a plain column until the portal's table exists), their photos (FileStorage
-- keys), and the decision: accepted into an intervention, merged into an open one, or declined with a reason.
-- The public form's throttles count in request_throttle: the login throttle's columns and code (auth-throttle),
-- in a table of its own so that each clean-up only forgets its own keys (their windows differ); in PostgreSQL, so
-- that they hold across every instance.
CREATE TABLE IF NOT EXISTS "equipment_request_links" (
	"equipement_id" integer PRIMARY KEY NOT NULL REFERENCES "equipements"("id") ON DELETE cascade,
	"token" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_request_links_token_uq" UNIQUE ("token")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "intervention_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"statut" varchar(12) DEFAULT 'NOUVELLE' NOT NULL,
	"source" varchar(10) NOT NULL,
	"equipement_id" integer NOT NULL REFERENCES "equipements"("id") ON DELETE cascade,
	"description" text NOT NULL,
	"nom" varchar(100) NOT NULL,
	"telephone" varchar(30) NOT NULL,
	"email" varchar(200),
	"portal_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer REFERENCES "users"("id") ON DELETE set null,
	"decided_at" timestamp with time zone,
	"motif" text,
	"intervention_id" integer REFERENCES "interventions"("id") ON DELETE set null,
	CONSTRAINT "intervention_requests_statut_ck" CHECK ("statut" IN ('NOUVELLE', 'ACCEPTEE', 'REFUSEE', 'FUSIONNEE')),
	CONSTRAINT "intervention_requests_source_ck" CHECK ("source" IN ('QR', 'PORTAIL'))
);--> statement-breakpoint
-- The inbox: by statut, newest first; all statuts, newest first; a portal user's own requests; an equipment's.
CREATE INDEX IF NOT EXISTS "intervention_requests_statut_idx" ON "intervention_requests" ("statut", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_requests_created_idx" ON "intervention_requests" ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_requests_equipement_idx" ON "intervention_requests" ("equipement_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_requests_portal_user_idx" ON "intervention_requests" ("portal_user_id") WHERE "portal_user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_requests_intervention_idx" ON "intervention_requests" ("intervention_id") WHERE "intervention_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "intervention_request_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL REFERENCES "intervention_requests"("id") ON DELETE cascade,
	"original_name" varchar(255) NOT NULL,
	"mime_type" varchar(50) NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intervention_request_photos_key_uq" UNIQUE ("storage_key")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_request_photos_request_idx" ON "intervention_request_photos" ("request_id", "id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "request_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "request_throttle_window_idx" ON "request_throttle" ("window_start");--> statement-breakpoint
INSERT INTO "permissions" ("module", "action", "description") VALUES
('requests', 'manage', 'Traiter les demandes d''intervention (accepter, fusionner, refuser) et les liens QR des équipements')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r.id, p.id FROM "roles" r JOIN "permissions" p ON p.module = 'requests'
WHERE r.nom IN ('Administrateur', 'Responsable')
ON CONFLICT DO NOTHING;
