-- Client portal users (issue 33): an account tied to ONE client company (users.client_id) sees only that company
-- (domain/src/auth/visibility.ts, kind 'client') and only through /api/portal/*, the public and the auth routes
-- (plugins/auth.ts). `portail_droit` marks it: LECTURE reads, DEMANDEUR also files requests. `portail_notifications`
-- is the e-mail opt-in (planned, started, waiting for parts, finished). A portal account is soft-deleted with its
-- client (clients.service remove) before the client row goes; the CHECK makes any other path fail rather than turn
-- a portal account into an internal one (SET NULL on a live portal user is refused).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "client_id" integer REFERENCES "clients"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "portail_droit" varchar(10);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "portail_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_portail_droit_ck" CHECK ("portail_droit" IN ('LECTURE', 'DEMANDEUR'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_portail_client_ck"
  CHECK (("portail_droit" IS NULL AND "client_id" IS NULL) OR ("portail_droit" IS NOT NULL AND ("client_id" IS NOT NULL OR "deleted_at" IS NOT NULL)));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_client_idx" ON "users" ("client_id") WHERE "client_id" IS NOT NULL;
