-- Intervention review (submit / approve / reject, one current review per finished intervention; a reopening deletes
-- it) and written intervention reports (comptes rendus).
CREATE TABLE IF NOT EXISTS "intervention_reviews" (
	"intervention_id" integer PRIMARY KEY NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"review_status" varchar(20) NOT NULL,
	"comment" text,
	"submitted_by" integer REFERENCES "users"("id") ON DELETE set null,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" integer REFERENCES "users"("id") ON DELETE set null,
	"reviewed_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "intervention_reviews_status_ck" CHECK ("review_status" IN ('SOUMISE', 'APPROUVEE', 'REJETEE'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_reviews_status_idx" ON "intervention_reviews" USING btree ("review_status", "intervention_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "intervention_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"intervention_id" integer NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"titre" varchar(200) NOT NULL,
	"contenu" text NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_reports_intervention_idx" ON "intervention_reports" USING btree ("intervention_id", "created_at", "id");--> statement-breakpoint
-- The new permission, and the existing 'Responsable' role gets it (roles only receive defaults when created).
INSERT INTO "permissions" ("module", "action", "description")
VALUES ('interventions', 'approve', 'Approuver ou rejeter les interventions soumises à validation')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r.id, p.id FROM "roles" r JOIN "permissions" p ON p.module = 'interventions' AND p.action = 'approve'
WHERE r.nom = 'Responsable'
ON CONFLICT DO NOTHING;
