-- Issue 31, the "à risque" filter and the dashboard card "Délais garantis": the running clocks past 75 % of their
-- guaranteed time (etat = 'EN_COURS' AND alerte_le <= now()) are read first, then their interventions by primary
-- key. The partial index of 0047 held alerte_le alone, and the planner — whose statistics of alerte_le are those of
-- every clock, mostly past ones — expected nearly all running clocks to match and read them all from the
-- (etat, echeance) index instead (1.07 ms at 50,000 interventions, for 10 hits). With the intervention's id in the
-- index the read is index-only and chosen (0.05 ms). The SLA job's 75 % notices use it as before (alerte_le first).
-- The partial index holds running clocks only: a few thousand at any scale, built by one scan of the table.
DROP INDEX IF EXISTS "intervention_sla_alerte_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_sla_alerte_idx" ON "intervention_sla" ("alerte_le", "intervention_id")
	WHERE "etat" = 'EN_COURS';--> statement-breakpoint
-- The pause's reason a status move replaced (interventions.pause_motif), kept on its history row like the timestamps
-- of 0046, so that the undo of a move out of EN_PAUSE puts the reason back and the clocks pause again as they were.
-- Nullable without a default: a catalogue-only change.
ALTER TABLE "intervention_history" ADD COLUMN IF NOT EXISTS "previous_pause_motif" varchar(20);
