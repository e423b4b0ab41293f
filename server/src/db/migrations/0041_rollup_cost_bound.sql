-- Issue 29: a roll-up's cost sum is wide enough for every intervention there can be (ids are integer: fewer than
-- 2^31 of them, each at most NUMERIC(14,2) MAD), so no sum overflows into a 500 on the write that adds to it. Raising
-- a NUMERIC precision at the same scale rewrites nothing.
SELECT pg_advisory_xact_lock(hashtext('gmao.rollups'));--> statement-breakpoint
ALTER TABLE rollup_daily ALTER COLUMN sum_cout TYPE numeric(24, 2);--> statement-breakpoint
ALTER TABLE rollup_day_status ALTER COLUMN sum_cout TYPE numeric(24, 2);--> statement-breakpoint
ALTER TABLE rollup_day_technician ALTER COLUMN sum_cout TYPE numeric(24, 2);--> statement-breakpoint
ALTER TABLE rollup_day_type ALTER COLUMN sum_cout TYPE numeric(24, 2);--> statement-breakpoint
ALTER TABLE rollup_day_client ALTER COLUMN sum_cout TYPE numeric(24, 2);
