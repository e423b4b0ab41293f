-- The two other triggers of preventive plans (issue 17). mode: CALENDRIER (the RFC 5545 rule, as before) or
-- APRES_REALISATION (the next due date of an equipment is its last completion of the plan + intervalle_jours, or
-- date_debut before the first; one open occurrence per equipment at a time). seuil_heures: optional meter trigger,
-- one intervention when the running hours since the reading at the last completion (or at the plan's start) reach it.
-- plan_occurrences.declencheur says which trigger generated a row; the calendar key (plan, equipment, rule date) now
-- covers the calendar and after-completion rows, and a meter row's key is (plan, equipment, the completed
-- intervention its hours count from — 0 before the first). compteur_releves: running-hours readings of equipment.
ALTER TABLE "plans" ADD COLUMN IF NOT EXISTS "mode" varchar(20) DEFAULT 'CALENDRIER' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN IF NOT EXISTS "intervalle_jours" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN IF NOT EXISTS "seuil_heures" integer;--> statement-breakpoint
ALTER TABLE "plans" DROP CONSTRAINT IF EXISTS "plans_mode_ck";--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_mode_ck" CHECK (
	("mode" = 'CALENDRIER') OR ("mode" = 'APRES_REALISATION' AND "intervalle_jours" BETWEEN 1 AND 3650));--> statement-breakpoint
ALTER TABLE "plans" DROP CONSTRAINT IF EXISTS "plans_seuil_heures_ck";--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_seuil_heures_ck" CHECK ("seuil_heures" IS NULL OR "seuil_heures" BETWEEN 1 AND 1000000);--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD COLUMN IF NOT EXISTS "declencheur" varchar(20) DEFAULT 'CALENDRIER' NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD COLUMN IF NOT EXISTS "base_intervention_id" integer;--> statement-breakpoint
ALTER TABLE "plan_occurrences" DROP CONSTRAINT IF EXISTS "plan_occurrences_declencheur_ck";--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD CONSTRAINT "plan_occurrences_declencheur_ck"
	CHECK ("declencheur" IN ('CALENDRIER', 'APRES_REALISATION', 'COMPTEUR'));--> statement-breakpoint
ALTER TABLE "plan_occurrences" DROP CONSTRAINT IF EXISTS "plan_occurrences_key_uq";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "plan_occurrences_key_uq" ON "plan_occurrences" ("plan_id", "equipement_id", "rule_date")
	WHERE "declencheur" <> 'COMPTEUR';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "plan_occurrences_meter_uq"
	ON "plan_occurrences" ("plan_id", "equipement_id", (COALESCE("base_intervention_id", 0)))
	WHERE "declencheur" = 'COMPTEUR';--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "compteur_releves" (
	"id" serial PRIMARY KEY NOT NULL,
	"equipement_id" integer NOT NULL REFERENCES "equipements"("id") ON DELETE cascade,
	"date" date NOT NULL,
	"valeur" integer NOT NULL,
	"saisi_par" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compteur_releves_valeur_ck" CHECK ("valeur" >= 0)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "compteur_releves_equipement_idx" ON "compteur_releves" ("equipement_id", "date", "id");
