-- Habilitations électriques (issue 34, NF C 18-510 / IMANOR RCC002). Each titre d'habilitation is one row per symbol
-- (a renewal is a new row: the history is kept, nothing is overwritten); the scanned signed titre is a FileStorage
-- key. A user's medical fitness is one date. An equipment states its voltage domain and, per kind of work, the
-- symbols one of which suffices (exigences, filled from its type's defaults, domain/src/habilitations/requirements.ts);
-- an intervention states its kind of work, and an assignment forced without the required symbols keeps its
-- justification (derogation_*, for the technician it was given to). The standard's implications (B2V ⇒ B1V ⇒ B0) are
-- a company setting (app_settings 'company'.habilitations_implications, off unless set).
CREATE TABLE IF NOT EXISTS "habilitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"symbole" varchar(4) NOT NULL,
	"attribut" varchar(20),
	"domaine" varchar(3) NOT NULL,
	"champ" text DEFAULT '' NOT NULL,
	"restrictions" text DEFAULT '' NOT NULL,
	"delivree_le" date NOT NULL,
	"valide_jusqu_au" date NOT NULL,
	"signataire" varchar(200) NOT NULL,
	"document_key" varchar(255),
	"document_name" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	-- the expiry notices (90, 30 and 0 days before), each claimed once across instances by a row-locked UPDATE
	"notified_90_at" timestamp with time zone,
	"notified_30_at" timestamp with time zone,
	"notified_0_at" timestamp with time zone,
	CONSTRAINT "habilitations_domaine_ck" CHECK ("domaine" IN ('BT', 'HTA', 'HTB')),
	CONSTRAINT "habilitations_dates_ck" CHECK ("valide_jusqu_au" >= "delivree_le")
);--> statement-breakpoint
-- A holder's titles (the check, the user's tab); the titles by expiry (GET /habilitations?expire_avant=, reminders).
CREATE INDEX IF NOT EXISTS "habilitations_user_idx" ON "habilitations" ("user_id", "valide_jusqu_au" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "habilitations_expiry_idx" ON "habilitations" ("valide_jusqu_au", "id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "aptitude_medicale_jusqu_au" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "aptitude_notified_90_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "aptitude_notified_30_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "aptitude_notified_0_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "equipements" ADD COLUMN IF NOT EXISTS "domaine_tension" varchar(3);--> statement-breakpoint
ALTER TABLE "equipements" ADD COLUMN IF NOT EXISTS "exigences" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "equipements" DROP CONSTRAINT IF EXISTS "equipements_domaine_tension_ck";--> statement-breakpoint
ALTER TABLE "equipements" ADD CONSTRAINT "equipements_domaine_tension_ck" CHECK ("domaine_tension" IN ('TBT', 'BT', 'HTA', 'HTB'));--> statement-breakpoint
UPDATE "equipements" e SET "domaine_tension" = d.domaine, "exigences" = d.exigences
FROM (VALUES
('TRANSFORMATEUR', 'HTA', '[{"travail":"HORS_TENSION","symboles":["H1V","H2V"]},{"travail":"CONSIGNATION","symboles":["HC"]},{"travail":"MANOEUVRE","symboles":["HE Manœuvre"]},{"travail":"ESSAIS","symboles":["HE Essai","HE Mesurage","HE Vérification"]},{"travail":"INTERVENTION_BT","symboles":["BR"]}]'::jsonb),
('CELLULE_HTA', 'HTA', '[{"travail":"HORS_TENSION","symboles":["H1V","H2V"]},{"travail":"CONSIGNATION","symboles":["HC"]},{"travail":"MANOEUVRE","symboles":["HE Manœuvre"]},{"travail":"ESSAIS","symboles":["HE Essai","HE Mesurage","HE Vérification"]}]'::jsonb),
('TABLEAU_ELECTRIQUE', 'BT', '[{"travail":"HORS_TENSION","symboles":["B1V","B2V"]},{"travail":"INTERVENTION_BT","symboles":["BR"]},{"travail":"CONSIGNATION","symboles":["BC"]},{"travail":"MANOEUVRE","symboles":["BE Manœuvre","BR"]},{"travail":"ESSAIS","symboles":["BE Essai","BE Mesurage","BE Vérification","BR"]}]'::jsonb),
('GROUPE_ELECTROGENE', 'BT', '[{"travail":"HORS_TENSION","symboles":["BR","B1V","B2V"]},{"travail":"INTERVENTION_BT","symboles":["BR"]},{"travail":"CONSIGNATION","symboles":["BC","BR"]},{"travail":"MANOEUVRE","symboles":["BR","BE Manœuvre"]},{"travail":"ESSAIS","symboles":["BR","BE Essai","BE Mesurage"]}]'::jsonb),
('MOTEUR_ELECTRIQUE', 'BT', '[{"travail":"HORS_TENSION","symboles":["B1V","B2V"]},{"travail":"INTERVENTION_BT","symboles":["BR"]},{"travail":"CONSIGNATION","symboles":["BC"]},{"travail":"MANOEUVRE","symboles":["BE Manœuvre","BR"]},{"travail":"ESSAIS","symboles":["BE Essai","BE Mesurage","BE Vérification","BR"]}]'::jsonb),
('ONDULEUR', 'BT', '[{"travail":"HORS_TENSION","symboles":["B1V","B2V"]},{"travail":"INTERVENTION_BT","symboles":["BR"]},{"travail":"CONSIGNATION","symboles":["BC"]},{"travail":"MANOEUVRE","symboles":["BE Manœuvre","BR"]},{"travail":"ESSAIS","symboles":["BE Essai","BE Mesurage","BE Vérification","BR"]}]'::jsonb),
('DISJONCTEUR', 'BT', '[{"travail":"HORS_TENSION","symboles":["B1V","B2V"]},{"travail":"INTERVENTION_BT","symboles":["BR"]},{"travail":"CONSIGNATION","symboles":["BC"]},{"travail":"MANOEUVRE","symboles":["BE Manœuvre","BR"]},{"travail":"ESSAIS","symboles":["BE Essai","BE Mesurage","BE Vérification","BR"]}]'::jsonb),
('BATTERIE_CONDENSATEURS', 'BT', '[{"travail":"HORS_TENSION","symboles":["B1V","B2V"]},{"travail":"INTERVENTION_BT","symboles":["BR"]},{"travail":"CONSIGNATION","symboles":["BC"]},{"travail":"MANOEUVRE","symboles":["BE Manœuvre","BR"]},{"travail":"ESSAIS","symboles":["BE Essai","BE Mesurage","BE Vérification","BR"]}]'::jsonb),
('VARIATEUR_VITESSE', 'BT', '[{"travail":"HORS_TENSION","symboles":["B1V","B2V"]},{"travail":"INTERVENTION_BT","symboles":["BR"]},{"travail":"CONSIGNATION","symboles":["BC"]},{"travail":"MANOEUVRE","symboles":["BE Manœuvre","BR"]},{"travail":"ESSAIS","symboles":["BE Essai","BE Mesurage","BE Vérification","BR"]}]'::jsonb),
('ECLAIRAGE', 'BT', '[{"travail":"HORS_TENSION","symboles":["B1V","B2V"]},{"travail":"INTERVENTION_BT","symboles":["BR"]},{"travail":"CONSIGNATION","symboles":["BC"]},{"travail":"MANOEUVRE","symboles":["BE Manœuvre","BR"]},{"travail":"ESSAIS","symboles":["BE Essai","BE Mesurage","BE Vérification","BR"]}]'::jsonb)
) AS d(type, domaine, exigences)
WHERE e.type_equipement = d.type AND e.domaine_tension IS NULL AND e.exigences = '[]'::jsonb;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "type_travail" varchar(20);--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "derogation_motif" text;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "derogation_par" integer REFERENCES "users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "derogation_le" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "derogation_technician_id" integer REFERENCES "users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "intervention_templates" ADD COLUMN IF NOT EXISTS "type_travail" varchar(20);--> statement-breakpoint
ALTER TABLE "interventions" DROP CONSTRAINT IF EXISTS "interventions_type_travail_ck";--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_type_travail_ck" CHECK ("type_travail" IN ('HORS_TENSION', 'INTERVENTION_BT', 'MANOEUVRE', 'ESSAIS', 'CONSIGNATION', 'NON_ELECTRIQUE'));--> statement-breakpoint
INSERT INTO "permissions" ("module", "action", "description") VALUES
('habilitations', 'manage', 'Gérer les titres d''habilitation électrique et les aptitudes médicales'),
('habilitations', 'override', 'Forcer une affectation sans l''habilitation requise, avec une justification écrite')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r.id, p.id FROM "roles" r JOIN "permissions" p ON p.module = 'habilitations' AND p.action = 'manage'
WHERE r.nom IN ('Administrateur', 'Responsable')
ON CONFLICT DO NOTHING;
