-- Consignation records (issue 34, NF C 18-510): one per intervention — the five steps in order (séparation,
-- condamnation with its lock number, identification, VAT with the detector tested before and after, mise à la terre
-- et en court-circuit), each with its time and who did it, as a JSON array; the numbered attestation (numero from a
-- sequence, attestee_le when the five steps are done and both chargés signed); the déconsignation in reverse order.
CREATE SEQUENCE IF NOT EXISTS "consignation_numero_seq";--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "intervention_consignations" (
	"intervention_id" integer PRIMARY KEY NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"numero" varchar(30) NOT NULL,
	"charge_consignation_id" integer REFERENCES "users"("id") ON DELETE set null,
	"charge_travaux_id" integer REFERENCES "users"("id") ON DELETE set null,
	"etapes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signe_charge_consignation" boolean DEFAULT false NOT NULL,
	"signe_charge_travaux" boolean DEFAULT false NOT NULL,
	"attestee_le" timestamp with time zone,
	"deconsignation" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deconsignee_le" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "intervention_consignations_numero_uq" UNIQUE ("numero")
);
