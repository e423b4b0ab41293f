-- Outgoing webhooks (issue 35). An endpoint: URL, the events it receives, enabled or not, its `whsec_` secret (kept
-- as is: it signs), and after a rotation the previous secret, which still signs for 24 h (both signatures are sent).
CREATE TABLE IF NOT EXISTS "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" varchar(2000) NOT NULL,
	"events" text[] NOT NULL,
	"actif" boolean DEFAULT true NOT NULL,
	"secret" varchar(80) NOT NULL,
	"previous_secret" varchar(80),
	"previous_secret_expires_at" timestamp with time zone,
	"disabled_reason" varchar(255),
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The outbox: one row per (event, endpoint), written in the transaction of the change that causes the event (no
-- commit, no row). event_id is the `webhook-id`, the same on every attempt and on a redelivery. The job queue sends
-- it ('webhook.deliver'); each failed attempt schedules the next one (next_attempt_at) until the 10th.
CREATE TABLE IF NOT EXISTS "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE cascade,
	"event_id" varchar(40) NOT NULL,
	"event_type" varchar(40) NOT NULL,
	"payload" jsonb NOT NULL,
	"statut" varchar(12) DEFAULT 'EN_ATTENTE' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"sending_since" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_duration_ms" integer,
	"last_error" varchar(500),
	"response_excerpt" text,
	"redelivery_of" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_statut_check" CHECK ("statut" IN ('EN_ATTENTE', 'ENVOI', 'LIVRE', 'ECHEC')),
	CONSTRAINT "webhook_deliveries_excerpt_check" CHECK (octet_length("response_excerpt") <= 1024)
);--> statement-breakpoint
-- The delivery log of an endpoint, newest first.
CREATE INDEX IF NOT EXISTS "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
-- The list's failed / pending counts per endpoint (index-only), and the daily purge of finished deliveries.
CREATE INDEX IF NOT EXISTS "webhook_deliveries_endpoint_statut_idx" ON "webhook_deliveries" ("endpoint_id", "statut");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_created_idx" ON "webhook_deliveries" ("created_at");
