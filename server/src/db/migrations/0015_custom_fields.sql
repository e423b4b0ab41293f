-- Custom fields of interventions (spec §7 PUT /interventions/{id}/custom-fields): definitions managed by
-- administrators (global, or for one equipment type) and the values of each intervention in one JSONB object keyed by
-- the definition's key, checked against the definitions by the server on every write.
CREATE TABLE IF NOT EXISTS "custom_field_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"cle" varchar(40) NOT NULL,
	"libelle" varchar(100) NOT NULL,
	"type" varchar(20) NOT NULL,
	"unite" varchar(20),
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"obligatoire" boolean DEFAULT false NOT NULL,
	"type_equipement" varchar(50),
	"position" integer DEFAULT 0 NOT NULL,
	"actif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_field_definitions_cle_uq" UNIQUE ("cle"),
	CONSTRAINT "custom_field_definitions_type_ck" CHECK ("type" IN ('TEXTE', 'NOMBRE', 'DATE', 'OUI_NON', 'LISTE'))
);--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The list filters on one field's value by containment (custom_fields @> '{"cle": valeur}').
CREATE INDEX IF NOT EXISTS "interventions_custom_fields_idx" ON "interventions" USING gin ("custom_fields" jsonb_path_ops);
