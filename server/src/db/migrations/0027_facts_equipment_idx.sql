-- Issue 16: the period report counts the distinct equipment of a period and sums their value. Over the
-- (day, equipement_id) index that meant reading every intervention of the period (885 k entries for a year at
-- 1 M rows); with (equipement_id, day) each equipment is one index probe, so the cost follows the equipment count.
CREATE INDEX IF NOT EXISTS "intervention_facts_equipment_day_idx" ON "intervention_facts" ("equipement_id", "day");
