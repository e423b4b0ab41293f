-- interventions.statut may only hold a status of the domain (domain/src/interventions/status.ts STATUTS, in that
-- order; server/test/statut-check.test.ts compares this list with it). The application never wrote anything else, but
-- a row edited by hand would now block the constraint: such a status becomes PLANIFIEE — the only move the workflow
-- ever allowed from an unknown status — with a history row saying so, before the constraint is added.
INSERT INTO "intervention_history" ("intervention_id", "from_statut", "to_statut", "note", "user_id", "created_at")
SELECT "id", left("statut", 20), 'PLANIFIEE', 'Statut inconnu remplacé par Planifiée (migration 0013)', NULL, clock_timestamp()
FROM "interventions"
WHERE "statut" NOT IN ('PLANIFIEE', 'EN_ATTENTE_PDR', 'EN_COURS', 'EN_PAUSE', 'TERMINEE', 'ANNULEE', 'ECHEC');--> statement-breakpoint
UPDATE "interventions" SET "statut" = 'PLANIFIEE', "completed_at" = NULL, "updated_at" = clock_timestamp()
WHERE "statut" NOT IN ('PLANIFIEE', 'EN_ATTENTE_PDR', 'EN_COURS', 'EN_PAUSE', 'TERMINEE', 'ANNULEE', 'ECHEC');--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_statut_check"
CHECK ("statut" IN ('PLANIFIEE', 'EN_ATTENTE_PDR', 'EN_COURS', 'EN_PAUSE', 'TERMINEE', 'ANNULEE', 'ECHEC'));
