-- Intervention work records: one current diagnostic, planification and quality control per intervention (upserted),
-- and the materials used (exact decimals). Every row goes with its intervention.
CREATE TABLE IF NOT EXISTS "intervention_diagnostics" (
	"intervention_id" integer PRIMARY KEY NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"constat" text NOT NULL,
	"causes" text,
	"actions_recommandees" text,
	"gravite" varchar(20) DEFAULT 'MOYENNE' NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intervention_diagnostics_gravite_ck" CHECK ("gravite" IN ('FAIBLE', 'MOYENNE', 'ELEVEE', 'CRITIQUE'))
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "intervention_planifications" (
	"intervention_id" integer PRIMARY KEY NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"date_prevue" date NOT NULL,
	"duree_estimee" numeric(5, 2),
	"pieces_necessaires" text,
	"instructions" text,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intervention_planifications_duree_ck" CHECK ("duree_estimee" IS NULL OR "duree_estimee" > 0)
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "intervention_quality_controls" (
	"intervention_id" integer PRIMARY KEY NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"resultat" varchar(20) NOT NULL,
	"observations" text,
	"controle_le" date NOT NULL,
	"controle_par" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intervention_quality_controls_resultat_ck" CHECK ("resultat" IN ('CONFORME', 'NON_CONFORME'))
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "intervention_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"intervention_id" integer NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"designation" varchar(200) NOT NULL,
	"reference" varchar(100),
	"quantite" numeric(12, 3) NOT NULL,
	"prix_unitaire" numeric(14, 2) NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intervention_materials_quantite_ck" CHECK ("quantite" > 0),
	CONSTRAINT "intervention_materials_prix_ck" CHECK ("prix_unitaire" >= 0)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_materials_intervention_idx" ON "intervention_materials" USING btree ("intervention_id", "id");
