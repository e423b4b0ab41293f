-- Object-level access to interventions (domain/src/interventions/policy.ts): the new interventions:assign permission
-- (assign and reassign technicians, act on every intervention, change or delete other people's items). Existing
-- Administrateur and Responsable roles get it (roles only receive their defaults when created; on a fresh database
-- the roles do not exist yet and the seed gives it to the Responsable it creates).
INSERT INTO "permissions" ("module", "action", "description")
VALUES ('interventions', 'assign', 'Affecter et réaffecter les techniciens ; agir sur toutes les interventions et modifier les éléments des autres')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r.id, p.id FROM "roles" r JOIN "permissions" p ON p.module = 'interventions' AND p.action = 'assign'
WHERE r.nom IN ('Administrateur', 'Responsable')
ON CONFLICT DO NOTHING;
