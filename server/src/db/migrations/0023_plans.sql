-- Preventive maintenance plans (issue 17). A plan applies an intervention template to one equipment, or to every
-- equipment of a type of one client (equipment added later joins), on an RFC 5545 recurrence rule, generated
-- "jours_avance" days ahead. plan_occurrences records each generated occurrence: its unique key (plan, equipment,
-- rule date) is what makes generation idempotent across retries and server instances (INSERT … ON CONFLICT DO
-- NOTHING in the transaction that creates the intervention). Deleting a plan is a soft delete (deleted_at): its
-- generated interventions keep plan_id and their compliance history. holidays: the skip dates (Moroccan public
-- holidays, editable): an occurrence on one moves to the next working day. generate_from: set when a paused plan is
-- resumed, so the paused period is not back-filled. New permissions plans:read, plans:manage.
CREATE TABLE IF NOT EXISTS "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" varchar(150) NOT NULL,
	"template_id" integer REFERENCES "intervention_templates"("id") ON DELETE set null,
	"equipement_id" integer REFERENCES "equipements"("id") ON DELETE cascade,
	"client_id" integer REFERENCES "clients"("id") ON DELETE cascade,
	"type_equipement" varchar(50),
	"rrule" varchar(500) NOT NULL,
	"date_debut" date NOT NULL,
	"jours_avance" integer DEFAULT 7 NOT NULL,
	"technicien_id" integer REFERENCES "users"("id") ON DELETE set null,
	"actif" boolean DEFAULT true NOT NULL,
	"generated_through" date,
	"generate_from" date,
	"creer_par" integer REFERENCES "users"("id") ON DELETE set null,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_target_ck" CHECK (
		("equipement_id" IS NOT NULL AND "client_id" IS NULL AND "type_equipement" IS NULL)
		OR ("equipement_id" IS NULL AND "client_id" IS NOT NULL AND "type_equipement" IS NOT NULL)
		OR "deleted_at" IS NOT NULL),
	CONSTRAINT "plans_jours_avance_ck" CHECK ("jours_avance" BETWEEN 0 AND 365)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "plans_equipement_idx" ON "plans" ("equipement_id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "plans_client_type_idx" ON "plans" ("client_id", "type_equipement") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "plan_occurrences" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL REFERENCES "plans"("id") ON DELETE cascade,
	"equipement_id" integer NOT NULL REFERENCES "equipements"("id") ON DELETE cascade,
	"rule_date" date NOT NULL,
	"due_date" date NOT NULL,
	"intervention_id" integer REFERENCES "interventions"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_occurrences_key_uq" UNIQUE ("plan_id", "equipement_id", "rule_date")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "plan_occurrences_due_idx" ON "plan_occurrences" ("due_date", "plan_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "plan_occurrences_intervention_idx" ON "plan_occurrences" ("intervention_id");--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "plan_id" integer REFERENCES "plans"("id") ON DELETE set null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "interventions_plan_idx" ON "interventions" ("plan_id", "date") WHERE "plan_id" IS NOT NULL;--> statement-breakpoint
-- Skip dates. annuel: the month and day repeat every year (stored in year 2000, a leap year); otherwise one day.
CREATE TABLE IF NOT EXISTS "holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"jour" date NOT NULL,
	"annuel" boolean DEFAULT false NOT NULL,
	"libelle" varchar(150) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holidays_jour_uq" UNIQUE ("jour")
);--> statement-breakpoint
-- Fixed-date Moroccan public holidays (every year) and the Islamic holidays of 2026-2027 at their expected dates
-- (lunar calendar: the official dates follow the moon sighting and may move by a day — edit the rows then).
INSERT INTO "holidays" ("jour", "annuel", "libelle") VALUES
('2000-01-01', true, 'Nouvel An'),
('2000-01-11', true, 'Manifeste de l''Indépendance'),
('2000-01-14', true, 'Nouvel An amazigh'),
('2000-05-01', true, 'Fête du Travail'),
('2000-07-30', true, 'Fête du Trône'),
('2000-08-14', true, 'Allégeance Oued Eddahab'),
('2000-08-20', true, 'Révolution du Roi et du Peuple'),
('2000-08-21', true, 'Fête de la Jeunesse'),
('2000-11-06', true, 'Marche Verte'),
('2000-11-18', true, 'Fête de l''Indépendance'),
('2026-03-20', false, 'Aïd al-Fitr'),
('2026-03-21', false, 'Aïd al-Fitr (2e jour)'),
('2026-05-27', false, 'Aïd al-Adha'),
('2026-05-28', false, 'Aïd al-Adha (2e jour)'),
('2026-06-16', false, 'Nouvel An de l''Hégire'),
('2026-08-25', false, 'Aïd al-Mawlid'),
('2026-08-26', false, 'Aïd al-Mawlid (2e jour)'),
('2027-03-10', false, 'Aïd al-Fitr'),
('2027-03-11', false, 'Aïd al-Fitr (2e jour)'),
('2027-05-17', false, 'Aïd al-Adha'),
('2027-05-18', false, 'Aïd al-Adha (2e jour)'),
('2027-06-06', false, 'Nouvel An de l''Hégire'),
('2027-08-15', false, 'Aïd al-Mawlid'),
('2027-08-16', false, 'Aïd al-Mawlid (2e jour)')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "permissions" ("module", "action", "description") VALUES
('plans', 'read', 'Consulter les plans de maintenance préventive et leur taux de conformité'),
('plans', 'manage', 'Gérer les plans de maintenance préventive (créer, modifier, supprimer, générer)')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r.id, p.id FROM "roles" r JOIN "permissions" p ON p.module = 'plans'
WHERE r.nom IN ('Administrateur', 'Responsable')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r.id, p.id FROM "roles" r JOIN "permissions" p ON p.module = 'plans' AND p.action = 'read'
WHERE r.nom IN ('Technicien', 'Consultation')
ON CONFLICT DO NOTHING;
