-- Intervention templates (spec §7 /interventions/templates): recurring jobs of the trade with their checklist and
-- planned materials (JSONB validated by the domain's zod schema on every write). Interventions keep the template they
-- came from (ON DELETE SET NULL: deleting a template keeps its interventions). New permission templates:manage.
CREATE TABLE IF NOT EXISTS "intervention_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" varchar(150) NOT NULL,
	"description" text,
	"type_equipement" varchar(50),
	"urgence" boolean DEFAULT false NOT NULL,
	"duree_estimee" integer,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"materiaux" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actif" boolean DEFAULT true NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intervention_templates_checklist_ck" CHECK (jsonb_typeof("checklist") = 'array'),
	CONSTRAINT "intervention_templates_materiaux_ck" CHECK (jsonb_typeof("materiaux") = 'array')
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "intervention_templates_nom_uq" ON "intervention_templates" (lower("nom"));--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "template_id" integer REFERENCES "intervention_templates"("id") ON DELETE set null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "interventions_template_idx" ON "interventions" ("template_id") WHERE "template_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "permissions" ("module", "action", "description")
VALUES ('templates', 'manage', 'Gérer les modèles d''intervention (créer, modifier, supprimer)')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r.id, p.id FROM "roles" r JOIN "permissions" p ON p.module = 'templates' AND p.action = 'manage'
WHERE r.nom IN ('Administrateur', 'Responsable')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A starter set for an electrical maintenance contractor (editable, deletable; inserted once, by this migration).
INSERT INTO "intervention_templates" ("nom", "description", "type_equipement", "urgence", "duree_estimee", "checklist", "materiaux") VALUES
('Visite annuelle transformateur',
 'Visite préventive annuelle du transformateur : contrôle visuel, mesures, analyse d''huile, essais des protections.',
 'TRANSFORMATEUR', false, 240,
 '["Consignation et mise à la terre", "Contrôle visuel (fuites, corrosion, traversées)", "Mesure d''isolement (mégohmmètre 5 kV)", "Prélèvement d''huile pour analyse (rigidité, gaz dissous)", "Contrôle du silicagel (dessiccateur)", "Serrage des connexions BT et HTA", "Essais des protections (Buchholz, DGPT2, thermostat)", "Remise sous tension et relevé des charges"]',
 '[{"designation": "Kit de prélèvement d''huile", "reference": "PRL-HUILE", "quantite": "1", "prixUnitaire": "350.00"}, {"designation": "Silicagel (recharge 1 kg)", "reference": "SIL-1KG", "quantite": "1", "prixUnitaire": "120.00"}]'),
('Vidange groupe électrogène 250 h',
 'Entretien des 250 heures : vidange, filtres, niveaux, batteries et essai en charge.',
 'GROUPE_ELECTROGENE', false, 180,
 '["Relevé du compteur d''heures", "Vidange de l''huile moteur", "Remplacement du filtre à huile", "Remplacement du filtre à gasoil", "Contrôle / nettoyage du filtre à air", "Niveaux (liquide de refroidissement, gasoil)", "Contrôle des courroies et durites", "État et charge des batteries", "Essai de démarrage et essai en charge (30 min)", "Contrôle de la tension et de la fréquence"]',
 '[{"designation": "Huile moteur 15W40", "reference": "HUI-15W40", "quantite": "20", "prixUnitaire": "45.00"}, {"designation": "Filtre à huile", "reference": "FH-GE", "quantite": "1", "prixUnitaire": "180.00"}, {"designation": "Filtre à gasoil", "reference": "FG-GE", "quantite": "1", "prixUnitaire": "160.00"}]'),
('Thermographie TGBT',
 'Campagne de thermographie infrarouge du tableau général basse tension, en charge, avec rapport des points chauds.',
 'TABLEAU_ELECTRIQUE', false, 120,
 '["Vérification de la charge (≥ 40 % du nominal)", "Ouverture des capots en sécurité (EPI arc électrique)", "Thermographie des jeux de barres et raccordements", "Thermographie des disjoncteurs et départs", "Relevé des écarts de température", "Classement des points chauds et recommandations", "Fermeture et remise en état"]',
 '[]'),
('Maintenance onduleur semestrielle',
 'Contrôle semestriel de l''onduleur : batteries, ventilation, essais de basculement.',
 'ONDULEUR', false, 120,
 '["Contrôle visuel et nettoyage des filtres", "Relevé des alarmes et du journal", "Mesure de la tension des batteries", "Test d''autonomie sur batteries", "Essai de basculement sur by-pass", "Contrôle des ventilateurs"]',
 '[]'),
('Révision compresseur 2000 h',
 'Révision des 2000 heures : huile, filtres, séparateur, contrôle des sécurités.',
 'COMPRESSEUR', false, 180,
 '["Consignation électrique et purge du réseau", "Vidange de l''huile compresseur", "Remplacement du filtre à air", "Remplacement du filtre à huile", "Remplacement du séparateur air/huile", "Contrôle des soupapes de sécurité", "Essais et relevé des pressions"]',
 '[{"designation": "Huile compresseur (bidon 5 L)", "reference": "HUI-COMP-5L", "quantite": "2", "prixUnitaire": "390.00"}, {"designation": "Kit filtres compresseur", "reference": "KIT-FIL-COMP", "quantite": "1", "prixUnitaire": "950.00"}]'),
('Dépannage urgent — perte d''alimentation',
 'Intervention d''urgence suite à une coupure : diagnostic, sécurisation, rétablissement provisoire ou définitif.',
 NULL, true, NULL,
 '["Sécurisation de la zone", "Diagnostic de l''origine du défaut", "Réparation ou rétablissement provisoire", "Essais et remise en service", "Compte rendu au client"]',
 '[]')
ON CONFLICT DO NOTHING;
