-- Spare parts and stock (issue 18; ARCHITECTURE.md "Spare parts and stock"). The catalogue (parts), the places that
-- hold stock (stock_locations, a 'Magasin central' from the first start), the append-only ledger of movements
-- (stock_movements: a trigger refuses UPDATE and DELETE), the running figures per (part, location) kept in the
-- movement's transaction (stock_levels: on_hand = sum of the location's signed movements, reserved = quantities of
-- material lines of open interventions), part requests of interventions waiting for parts, and the stock link of a
-- material line. Permissions stock:read / stock:manage.
CREATE TABLE IF NOT EXISTS "parts" (
	"id" serial PRIMARY KEY,
	"reference" varchar(100) NOT NULL,
	"designation" varchar(200) NOT NULL,
	"famille" varchar(100),
	"unite" varchar(20) NOT NULL,
	"prix_unitaire" numeric(14, 2) NOT NULL DEFAULT 0 CHECK ("prix_unitaire" >= 0),
	"seuil_reappro" numeric(12, 3) NOT NULL DEFAULT 0 CHECK ("seuil_reappro" >= 0),
	"quantite_reappro" numeric(12, 3) NOT NULL DEFAULT 0 CHECK ("quantite_reappro" >= 0),
	"fournisseurs" text[] NOT NULL DEFAULT '{}',
	"types_equipement" text[] NOT NULL DEFAULT '{}',
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "parts_reference_key" ON "parts" ("reference");--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS parts_search_trgm_idx ON parts USING gin (
      (lower(reference || ' ' || designation || ' ' || coalesce(famille, ''))) gin_trgm_ops);
  END IF;
END $$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stock_locations" (
	"id" serial PRIMARY KEY,
	"nom" varchar(100) NOT NULL,
	"type" varchar(10) NOT NULL CHECK ("type" IN ('MAGASIN', 'VEHICULE', 'SITE')),
	"technicien_id" integer REFERENCES "users"("id") ON DELETE set null,
	"client_id" integer REFERENCES "clients"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_locations_nom_key" ON "stock_locations" ("nom");--> statement-breakpoint
INSERT INTO "stock_locations" ("nom", "type") VALUES ('Magasin central', 'MAGASIN') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The ledger. quantite is signed (what the row adds to the location's on-hand). No foreign key to interventions or
-- users: the ledger outlives them (a SET NULL would be an UPDATE, which the trigger refuses).
CREATE TABLE IF NOT EXISTS "stock_movements" (
	"id" bigserial PRIMARY KEY,
	"part_id" integer NOT NULL REFERENCES "parts"("id"),
	"location_id" integer NOT NULL REFERENCES "stock_locations"("id"),
	"type" varchar(12) NOT NULL CHECK ("type" IN ('RECEPTION', 'SORTIE', 'TRANSFERT', 'AJUSTEMENT', 'RETOUR')),
	"quantite" numeric(12, 3) NOT NULL CHECK ("quantite" <> 0),
	"motif" varchar(500),
	"intervention_id" integer,
	"part_request_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_movements_part_idx" ON "stock_movements" ("part_id", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_movements_location_idx" ON "stock_movements" ("location_id", "id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'Les mouvements de stock ne peuvent être ni modifiés ni supprimés' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "stock_movements_append_only" ON "stock_movements";--> statement-breakpoint
CREATE TRIGGER "stock_movements_append_only" BEFORE UPDATE OR DELETE ON "stock_movements"
	FOR EACH ROW EXECUTE FUNCTION stock_movements_append_only();--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stock_levels" (
	"part_id" integer NOT NULL REFERENCES "parts"("id"),
	"location_id" integer NOT NULL REFERENCES "stock_locations"("id"),
	"on_hand" numeric(12, 3) NOT NULL DEFAULT 0,
	"reserved" numeric(12, 3) NOT NULL DEFAULT 0 CHECK ("reserved" >= 0),
	CONSTRAINT "stock_levels_pk" PRIMARY KEY ("part_id", "location_id")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "part_requests" (
	"id" serial PRIMARY KEY,
	"intervention_id" integer NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"fournisseur" varchar(200) NOT NULL,
	"date_commande" date NOT NULL,
	"date_prevue" date,
	"statut" varchar(10) NOT NULL DEFAULT 'OUVERTE' CHECK ("statut" IN ('OUVERTE', 'RECUE', 'ANNULEE')),
	"location_id" integer REFERENCES "stock_locations"("id"),
	"received_at" timestamp with time zone,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "part_requests_intervention_idx" ON "part_requests" ("intervention_id", "statut");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "part_request_lines" (
	"id" serial PRIMARY KEY,
	"request_id" integer NOT NULL REFERENCES "part_requests"("id") ON DELETE cascade,
	"part_id" integer NOT NULL REFERENCES "parts"("id"),
	"quantite" numeric(12, 3) NOT NULL CHECK ("quantite" > 0)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "part_request_lines_request_idx" ON "part_request_lines" ("request_id");--> statement-breakpoint
-- A material line may name a part and the location it is taken from: RESERVEE (reserved += q) until the
-- intervention is TERMINEE (SORTIE) or ANNULEE (LIBEREE).
ALTER TABLE "intervention_materials" ADD COLUMN IF NOT EXISTS "part_id" integer REFERENCES "parts"("id");--> statement-breakpoint
ALTER TABLE "intervention_materials" ADD COLUMN IF NOT EXISTS "location_id" integer REFERENCES "stock_locations"("id");--> statement-breakpoint
ALTER TABLE "intervention_materials" ADD COLUMN IF NOT EXISTS "stock_state" varchar(10) CHECK ("stock_state" IN ('RESERVEE', 'SORTIE', 'LIBEREE'));--> statement-breakpoint
INSERT INTO "permissions" ("module", "action", "description") VALUES
	('stock', 'read', 'Consulter les pièces détachées et le stock'),
	('stock', 'manage', 'Gérer le catalogue de pièces, les emplacements et les mouvements de stock')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r.id, p.id FROM "roles" r JOIN "permissions" p ON p.module = 'stock'
WHERE r.nom IN ('Administrateur', 'Responsable') OR (r.nom = 'Technicien' AND p.action = 'read')
ON CONFLICT DO NOTHING;
