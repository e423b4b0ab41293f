CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom_entreprise" varchar(200) NOT NULL,
	"secteur_activite" varchar(100),
	"adresse" text,
	"ville" varchar(100),
	"code_postal" varchar(20),
	"tel" varchar(30),
	"fax" varchar(30),
	"email" varchar(200),
	"site_web" varchar(200),
	"contact_principal" varchar(150),
	"poste_contact" varchar(100),
	"telephone_contact" varchar(30),
	"email_contact" varchar(200),
	"registre_commerce" varchar(100),
	"forme_juridique" varchar(50),
	"creer_par" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipements" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" varchar(200) NOT NULL,
	"marque" varchar(100),
	"modele" varchar(100),
	"numero_serie" varchar(100),
	"type_equipement" varchar(50),
	"etat_de_reception" text,
	"valeur" numeric(14, 2),
	"cout" numeric(14, 2),
	"proprietaire_id" integer NOT NULL,
	"creer_par" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intervention_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"intervention_id" integer NOT NULL,
	"from_statut" varchar(20),
	"to_statut" varchar(20),
	"note" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interventions" (
	"id" serial PRIMARY KEY NOT NULL,
	"equipement_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"technician_id" integer,
	"date" date NOT NULL,
	"description" text,
	"urgence" boolean DEFAULT false NOT NULL,
	"statut" varchar(20) DEFAULT 'PLANIFIEE' NOT NULL,
	"note" text,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"creer_par" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"module" varchar(50) NOT NULL,
	"action" varchar(50) NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"family_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" varchar(100) NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_nom_unique" UNIQUE("nom")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" varchar(100) NOT NULL,
	"description" text,
	"responsable_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sections_nom_unique" UNIQUE("nom")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" varchar(100) NOT NULL,
	"username" varchar(100) NOT NULL,
	"password_hash" text NOT NULL,
	"section_id" integer,
	"requested_section" varchar(100),
	"role_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_creer_par_users_id_fk" FOREIGN KEY ("creer_par") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipements" ADD CONSTRAINT "equipements_proprietaire_id_clients_id_fk" FOREIGN KEY ("proprietaire_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipements" ADD CONSTRAINT "equipements_creer_par_users_id_fk" FOREIGN KEY ("creer_par") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention_history" ADD CONSTRAINT "intervention_history_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention_history" ADD CONSTRAINT "intervention_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_equipement_id_equipements_id_fk" FOREIGN KEY ("equipement_id") REFERENCES "public"."equipements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_creer_par_users_id_fk" FOREIGN KEY ("creer_par") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_nom_idx" ON "clients" USING btree ("nom_entreprise","id");--> statement-breakpoint
CREATE INDEX "clients_secteur_idx" ON "clients" USING btree ("secteur_activite");--> statement-breakpoint
CREATE INDEX "clients_ville_idx" ON "clients" USING btree ("ville");--> statement-breakpoint
CREATE INDEX "equipements_proprietaire_idx" ON "equipements" USING btree ("proprietaire_id");--> statement-breakpoint
CREATE INDEX "equipements_type_idx" ON "equipements" USING btree ("type_equipement");--> statement-breakpoint
CREATE INDEX "equipements_nom_idx" ON "equipements" USING btree ("nom","id");--> statement-breakpoint
CREATE INDEX "intervention_history_intervention_idx" ON "intervention_history" USING btree ("intervention_id","created_at");--> statement-breakpoint
CREATE INDEX "interventions_date_idx" ON "interventions" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "interventions_statut_idx" ON "interventions" USING btree ("statut","date");--> statement-breakpoint
CREATE INDEX "interventions_equipement_idx" ON "interventions" USING btree ("equipement_id","date");--> statement-breakpoint
CREATE INDEX "interventions_client_idx" ON "interventions" USING btree ("client_id","date");--> statement-breakpoint
CREATE INDEX "interventions_technician_idx" ON "interventions" USING btree ("technician_id");--> statement-breakpoint
CREATE INDEX "interventions_created_idx" ON "interventions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_module_action_uq" ON "permissions" USING btree ("module","action");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "users_section_idx" ON "users" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "users_nom_idx" ON "users" USING btree ("nom");--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_responsable_id_users_id_fk" FOREIGN KEY ("responsable_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
