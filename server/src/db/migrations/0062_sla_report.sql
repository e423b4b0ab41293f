-- The guaranteed-times report (issue 31): the clocks started in a period, read by their start.
CREATE INDEX IF NOT EXISTS "intervention_sla_demarre_idx" ON "intervention_sla" ("demarre_le");
