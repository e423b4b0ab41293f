-- Maintenance contracts, business calendars and the tables of the SLA clocks (issue 31).
--
-- Business calendars: weekly intervals in minutes of the day (Africa/Casablanca local time; several per weekday for
-- split shifts), per-calendar exceptions (a day closed, or a day worked), and the company's public holidays, which
-- are the existing "holidays" table of migration 0023 (one list for the preventive plans and the calendars;
-- applique_jours_feries = false for a 24/7 on-call calendar).
--
-- Contracts: the head row (contracts) holds the current terms, for lists, the coverage lookup and the overlap check;
-- every save writes a new contract_versions row with the full terms (its guarantees and pause statuses in child
-- tables), and an intervention's SLA rows reference the version it started under, so later changes never move its
-- clocks. contract_equipment is the current covered list (empty with all_equipment = true: all of the client's
-- equipment, present and future). Deleting a contract some intervention_sla row references is a soft delete
-- (deleted_at); the number is unique among live contracts.
--
-- The clocks (filled by the SLA job, not here): intervention_sla, one row per intervention and target; and
-- interventions.hors_contrat (billable: created on equipment no contract covered). ADD COLUMN … NOT NULL DEFAULT
-- false is a catalogue change since PostgreSQL 11 (the default is stored once, no table rewrite at 1 M rows);
-- interventions created before contracts existed stay false (not marked billable after the fact).
-- part_requests.fourni_par_client and interventions.pause_motif carry the facts of the default pause conditions.
CREATE TABLE IF NOT EXISTS "business_calendars" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" varchar(150) NOT NULL,
	"applique_jours_feries" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_calendars_nom_uq" UNIQUE ("nom")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "business_calendar_intervals" (
	"id" serial PRIMARY KEY NOT NULL,
	"calendar_id" integer NOT NULL REFERENCES "business_calendars"("id") ON DELETE cascade,
	"jour" smallint NOT NULL,
	"debut" smallint NOT NULL,
	"fin" smallint NOT NULL,
	CONSTRAINT "business_calendar_intervals_jour_ck" CHECK ("jour" BETWEEN 1 AND 7),
	CONSTRAINT "business_calendar_intervals_bounds_ck" CHECK ("debut" >= 0 AND "fin" <= 1440 AND "debut" < "fin")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_calendar_intervals_calendar_idx" ON "business_calendar_intervals" ("calendar_id", "jour", "debut");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "business_calendar_exceptions" (
	"calendar_id" integer NOT NULL REFERENCES "business_calendars"("id") ON DELETE cascade,
	"date" date NOT NULL,
	"ouvert" boolean NOT NULL,
	CONSTRAINT "business_calendar_exceptions_pk" PRIMARY KEY ("calendar_id", "date")
);--> statement-breakpoint
INSERT INTO "business_calendars" ("nom", "applique_jours_feries") VALUES
('Heures ouvrées 8h-12h / 14h-18h lun-ven', true),
('Astreinte 24/7', false)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "business_calendar_intervals" ("calendar_id", "jour", "debut", "fin")
SELECT c.id, d.jour, s.debut, s.fin
FROM "business_calendars" c
CROSS JOIN generate_series(1, 5) AS d(jour)
CROSS JOIN (VALUES (480, 720), (840, 1080)) AS s(debut, fin)
WHERE c.nom = 'Heures ouvrées 8h-12h / 14h-18h lun-ven'
AND NOT EXISTS (SELECT 1 FROM "business_calendar_intervals" i WHERE i.calendar_id = c.id);--> statement-breakpoint
INSERT INTO "business_calendar_intervals" ("calendar_id", "jour", "debut", "fin")
SELECT c.id, d.jour, 0, 1440
FROM "business_calendars" c
CROSS JOIN generate_series(1, 7) AS d(jour)
WHERE c.nom = 'Astreinte 24/7'
AND NOT EXISTS (SELECT 1 FROM "business_calendar_intervals" i WHERE i.calendar_id = c.id);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE restrict,
	"numero" varchar(50) NOT NULL,
	"type" varchar(10) NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date NOT NULL,
	"reconduction_tacite" boolean DEFAULT false NOT NULL,
	"all_equipment" boolean DEFAULT true NOT NULL,
	"calendrier_id" integer NOT NULL REFERENCES "business_calendars"("id") ON DELETE restrict,
	"montant_annuel_ht" numeric(14, 2),
	"version" integer DEFAULT 1 NOT NULL,
	"expiry_notified_60_at" timestamp with time zone,
	"expiry_notified_30_at" timestamp with time zone,
	"creer_par" integer REFERENCES "users"("id") ON DELETE set null,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_type_ck" CHECK ("type" IN ('PREVENTIF', 'CURATIF', 'COMPLET')),
	CONSTRAINT "contracts_dates_ck" CHECK ("date_fin" >= "date_debut"),
	CONSTRAINT "contracts_montant_ck" CHECK ("montant_annuel_ht" IS NULL OR "montant_annuel_ht" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "contracts_numero_uq" ON "contracts" ("numero") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contracts_client_idx" ON "contracts" ("client_id", "date_debut") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contracts_fin_idx" ON "contracts" ("date_fin", "id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contracts_calendrier_idx" ON "contracts" ("calendrier_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "contract_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL REFERENCES "contracts"("id") ON DELETE cascade,
	"version" integer NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"type" varchar(10) NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date NOT NULL,
	"reconduction_tacite" boolean NOT NULL,
	"all_equipment" boolean NOT NULL,
	"equipement_ids" jsonb,
	"plan_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"calendrier_id" integer NOT NULL REFERENCES "business_calendars"("id") ON DELETE restrict,
	"montant_annuel_ht" numeric(14, 2),
	"creer_par" integer REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "contract_versions_uq" UNIQUE ("contract_id", "version"),
	CONSTRAINT "contract_versions_dates_ck" CHECK ("date_fin" >= "date_debut")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contract_versions_calendrier_idx" ON "contract_versions" ("calendrier_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "contract_guarantees" (
	"contract_version_id" integer NOT NULL REFERENCES "contract_versions"("id") ON DELETE cascade,
	"urgence" boolean NOT NULL,
	"cible" varchar(20) NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "contract_guarantees_pk" PRIMARY KEY ("contract_version_id", "urgence", "cible"),
	CONSTRAINT "contract_guarantees_cible_ck" CHECK ("cible" IN ('PRISE_EN_COMPTE', 'SUR_SITE', 'RETABLISSEMENT')),
	CONSTRAINT "contract_guarantees_minutes_ck" CHECK ("minutes" BETWEEN 1 AND 5256000)
);--> statement-breakpoint
-- condition: TOUJOURS (the status always pauses), PIECES_CLIENT (EN_ATTENTE_PDR while an open part request says the
-- client supplies the parts), ATTENTE_CLIENT (EN_PAUSE with the reason "attente client").
CREATE TABLE IF NOT EXISTS "contract_pause_statuses" (
	"contract_version_id" integer NOT NULL REFERENCES "contract_versions"("id") ON DELETE cascade,
	"statut" varchar(20) NOT NULL,
	"condition" varchar(20) DEFAULT 'TOUJOURS' NOT NULL,
	CONSTRAINT "contract_pause_statuses_pk" PRIMARY KEY ("contract_version_id", "statut", "condition"),
	CONSTRAINT "contract_pause_statuses_statut_ck" CHECK ("statut" IN ('PLANIFIEE', 'EN_ATTENTE_PDR', 'EN_COURS', 'EN_PAUSE')),
	CONSTRAINT "contract_pause_statuses_condition_ck" CHECK ("condition" IN ('TOUJOURS', 'PIECES_CLIENT', 'ATTENTE_CLIENT'))
);--> statement-breakpoint
-- The current covered list when all_equipment is false; the versions keep theirs in equipement_ids.
CREATE TABLE IF NOT EXISTS "contract_equipment" (
	"contract_id" integer NOT NULL REFERENCES "contracts"("id") ON DELETE cascade,
	"equipement_id" integer NOT NULL REFERENCES "equipements"("id") ON DELETE cascade,
	CONSTRAINT "contract_equipment_pk" PRIMARY KEY ("contract_id", "equipement_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contract_equipment_equipement_idx" ON "contract_equipment" ("equipement_id");--> statement-breakpoint
-- Included preventive visits: the client's plans the contract pays for.
CREATE TABLE IF NOT EXISTS "contract_plans" (
	"contract_id" integer NOT NULL REFERENCES "contracts"("id") ON DELETE cascade,
	"plan_id" integer NOT NULL REFERENCES "plans"("id") ON DELETE cascade,
	CONSTRAINT "contract_plans_pk" PRIMARY KEY ("contract_id", "plan_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contract_plans_plan_idx" ON "contract_plans" ("plan_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "contract_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL REFERENCES "contracts"("id") ON DELETE cascade,
	"original_name" varchar(255) NOT NULL,
	"mime_type" varchar(150) NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_documents_storage_key_uq" UNIQUE ("storage_key")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contract_documents_contract_idx" ON "contract_documents" ("contract_id", "id");--> statement-breakpoint
-- One clock per intervention and target. echeance: the deadline (null while it cannot be computed); alerte_le: the
-- instant 75 % of the guaranteed working time is consumed (the "à risque" filter and the 75 % notification);
-- pause_depuis: when the current pause began. DEPASSE is terminal.
CREATE TABLE IF NOT EXISTS "intervention_sla" (
	"intervention_id" integer NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"cible" varchar(20) NOT NULL,
	"contract_version_id" integer NOT NULL REFERENCES "contract_versions"("id") ON DELETE restrict,
	"objectif_minutes" integer NOT NULL,
	"demarre_le" timestamp with time zone NOT NULL,
	"echeance" timestamp with time zone,
	"alerte_le" timestamp with time zone,
	"etat" varchar(10) DEFAULT 'EN_COURS' NOT NULL,
	"consomme_minutes" integer DEFAULT 0 NOT NULL,
	"paused_minutes" integer DEFAULT 0 NOT NULL,
	"pause_depuis" timestamp with time zone,
	"atteint_le" timestamp with time zone,
	"notified_75_at" timestamp with time zone,
	"notified_100_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intervention_sla_pk" PRIMARY KEY ("intervention_id", "cible"),
	CONSTRAINT "intervention_sla_cible_ck" CHECK ("cible" IN ('PRISE_EN_COMPTE', 'SUR_SITE', 'RETABLISSEMENT')),
	CONSTRAINT "intervention_sla_etat_ck" CHECK ("etat" IN ('EN_COURS', 'EN_PAUSE', 'RESPECTE', 'DEPASSE')),
	CONSTRAINT "intervention_sla_minutes_ck" CHECK ("objectif_minutes" > 0 AND "consomme_minutes" >= 0 AND "paused_minutes" >= 0)
);--> statement-breakpoint
-- The job runner's and the list filters' paths at 1 M interventions: due clocks by state and deadline; clocks
-- reaching 75 % (partial: running ones only); a state's interventions (DEPASSE / RESPECTE filters as a semi-join).
CREATE INDEX IF NOT EXISTS "intervention_sla_etat_echeance_idx" ON "intervention_sla" ("etat", "echeance");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_sla_alerte_idx" ON "intervention_sla" ("alerte_le") WHERE "etat" = 'EN_COURS';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_sla_etat_intervention_idx" ON "intervention_sla" ("etat", "intervention_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_sla_version_idx" ON "intervention_sla" ("contract_version_id");--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "hors_contrat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "pause_motif" varchar(20);--> statement-breakpoint
-- sla=HORS_CONTRAT in list order: a partial index holding only the billable visible rows (tiny; built by one scan).
CREATE INDEX IF NOT EXISTS "interventions_hors_contrat_idx" ON "interventions" ("date", "id")
	WHERE "hors_contrat" AND "deleted_at" IS NULL AND "archived_at" IS NULL;--> statement-breakpoint
ALTER TABLE "part_requests" ADD COLUMN IF NOT EXISTS "fourni_par_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
INSERT INTO "permissions" ("module", "action", "description") VALUES
('contracts', 'read', 'Consulter les contrats de maintenance et les calendriers ouvrés'),
('contracts', 'manage', 'Gérer les contrats de maintenance, leurs documents et les calendriers ouvrés')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r.id, p.id FROM "roles" r JOIN "permissions" p ON p.module = 'contracts'
WHERE r.nom IN ('Administrateur', 'Responsable') OR (r.nom = 'Consultation' AND p.action = 'read')
ON CONFLICT DO NOTHING;
