-- One visibility mechanism (issue 33): a client belongs to a section (the agency that serves it), and a role may be
-- "limité à ses sections": its users then see the clients of their section(s) and what hangs from them (equipment,
-- interventions, plans, reports). The predicate itself is server/src/db/visibility.ts.
ALTER TABLE "clients" ADD COLUMN IF NOT EXISTS "section_id" integer REFERENCES "sections"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_section_idx" ON "clients" ("section_id");--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN IF NOT EXISTS "limite_sections" boolean DEFAULT false NOT NULL;
