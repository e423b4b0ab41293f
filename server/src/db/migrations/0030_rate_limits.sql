-- Counters of @fastify/rate-limit (POST /api/auth/refresh-token: 60 a minute per address), in PostgreSQL like the
-- login throttle (auth_throttle) so that the limit holds across every instance behind a balancer; they were in each
-- process's memory, so N instances allowed N times the limit. One row per route and address, its window restarted in
-- place; rows whose window ended more than a day ago are removed as windows restart (db/rate-limit-store.ts).
CREATE TABLE IF NOT EXISTS "rate_limits" (
  "key" text PRIMARY KEY NOT NULL,
  "hits" integer DEFAULT 0 NOT NULL,
  "window_start" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limits_window_idx" ON "rate_limits" ("window_start");
