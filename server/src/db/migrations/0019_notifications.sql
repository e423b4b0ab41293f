-- Notifications produced by events (issue 15; ARCHITECTURE.md "Notifications"). Each row is one recipient's
-- notification, written in the transaction of the change that causes it (an outbox: a rollback writes none); the
-- same transaction calls pg_notify('gmao_notifications', …) so that every server instance's LISTEN connection pushes
-- it to the recipient's open pages (server-sent events) once it commits.
CREATE TABLE IF NOT EXISTS "notifications" (
	"id" bigserial PRIMARY KEY,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"type" varchar(10) NOT NULL CHECK ("type" IN ('urgent', 'success', 'info')),
	"event" varchar(40) NOT NULL,
	"title" varchar(200) NOT NULL,
	"message" text NOT NULL,
	"intervention_id" integer REFERENCES "interventions"("id") ON DELETE cascade,
	"actor_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_user_idx" ON "notifications" ("user_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_unread_idx" ON "notifications" ("user_id", "id") WHERE "read_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_intervention_idx" ON "notifications" ("intervention_id");--> statement-breakpoint
-- What each user chose per event; no row = the event's default (domain NOTIFICATION_EVENTS / DEFAULT_PREFERENCE).
CREATE TABLE IF NOT EXISTS "notification_preferences" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"event" varchar(40) NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	CONSTRAINT "notification_preferences_pk" PRIMARY KEY ("user_id", "event")
);--> statement-breakpoint
-- "An intervention becoming overdue" is notified once: the job marks the intervention when it did.
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "overdue_notified_at" timestamp with time zone;
