import type { DiagnosticInput, InterventionRecords } from '@gmao/domain/interventions/record-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import { toIso } from '../interventions.repository.ts';

type Stamp = Date | string;
const ref = (id: number | null, nom: string | null) => (id !== null && nom !== null ? { id, nom } : null);

/** The three current records of one intervention (each null when not written yet). */
export async function findRecords(db: DbOrTx, interventionId: number): Promise<InterventionRecords> {
  const [d, p, q] = await Promise.all([
    db.execute<{
      constat: string;
      causes: string | null;
      actions_recommandees: string | null;
      gravite: string;
      user_id: number | null;
      nom: string | null;
      created_at: Stamp;
      updated_at: Stamp;
    }>(sql`SELECT d.*, u.nom FROM intervention_diagnostics d LEFT JOIN users u ON u.id = d.user_id
           WHERE d.intervention_id = ${interventionId}`),
    db.execute<{
      date_prevue: string;
      duree_estimee: string | null;
      pieces_necessaires: string | null;
      instructions: string | null;
      user_id: number | null;
      nom: string | null;
      technician_id: number | null;
      technician_nom: string | null;
      created_at: Stamp;
      updated_at: Stamp;
    }>(sql`SELECT p.*, u.nom, i.technician_id, t.nom AS technician_nom
           FROM intervention_planifications p
           JOIN interventions i ON i.id = p.intervention_id
           LEFT JOIN users u ON u.id = p.user_id
           LEFT JOIN users t ON t.id = i.technician_id
           WHERE p.intervention_id = ${interventionId}`),
    db.execute<{
      resultat: string;
      observations: string | null;
      controle_le: string;
      controle_par: number | null;
      nom: string | null;
      created_at: Stamp;
      updated_at: Stamp;
    }>(sql`SELECT q.*, u.nom FROM intervention_quality_controls q LEFT JOIN users u ON u.id = q.controle_par
           WHERE q.intervention_id = ${interventionId}`),
  ]);
  const dr = d.rows[0];
  const pr = p.rows[0];
  const qr = q.rows[0];
  return {
    diagnostic: dr
      ? {
          constat: dr.constat,
          causes: dr.causes,
          actionsRecommandees: dr.actions_recommandees,
          gravite: dr.gravite,
          auteur: ref(dr.user_id, dr.nom),
          createdAt: toIso(dr.created_at),
          updatedAt: toIso(dr.updated_at),
        }
      : null,
    planification: pr
      ? {
          datePrevue: pr.date_prevue,
          dureeEstimee: pr.duree_estimee,
          technician: ref(pr.technician_id, pr.technician_nom),
          piecesNecessaires: pr.pieces_necessaires,
          instructions: pr.instructions,
          auteur: ref(pr.user_id, pr.nom),
          createdAt: toIso(pr.created_at),
          updatedAt: toIso(pr.updated_at),
        }
      : null,
    controleQualite: qr
      ? {
          resultat: qr.resultat,
          observations: qr.observations,
          controleLe: qr.controle_le,
          controlePar: ref(qr.controle_par, qr.nom),
          createdAt: toIso(qr.created_at),
          updatedAt: toIso(qr.updated_at),
        }
      : null,
  };
}

export async function upsertDiagnostic(db: DbOrTx, id: number, input: DiagnosticInput, userId: number) {
  await db.execute(sql`INSERT INTO intervention_diagnostics
      (intervention_id, constat, causes, actions_recommandees, gravite, user_id, created_at, updated_at)
    VALUES (${id}, ${input.constat}, ${input.causes}, ${input.actionsRecommandees}, ${input.gravite}, ${userId},
            clock_timestamp(), clock_timestamp())
    ON CONFLICT (intervention_id) DO UPDATE SET
      constat = EXCLUDED.constat, causes = EXCLUDED.causes, actions_recommandees = EXCLUDED.actions_recommandees,
      gravite = EXCLUDED.gravite, user_id = EXCLUDED.user_id, updated_at = EXCLUDED.updated_at`);
}

export async function upsertPlanification(
  db: DbOrTx,
  id: number,
  input: {
    datePrevue: string;
    dureeEstimee: string | null;
    piecesNecessaires: string | null;
    instructions: string | null;
  },
  userId: number,
) {
  await db.execute(sql`INSERT INTO intervention_planifications
      (intervention_id, date_prevue, duree_estimee, pieces_necessaires, instructions, user_id, created_at, updated_at)
    VALUES (${id}, ${input.datePrevue}::date, ${input.dureeEstimee}::numeric, ${input.piecesNecessaires},
            ${input.instructions}, ${userId}, clock_timestamp(), clock_timestamp())
    ON CONFLICT (intervention_id) DO UPDATE SET
      date_prevue = EXCLUDED.date_prevue, duree_estimee = EXCLUDED.duree_estimee,
      pieces_necessaires = EXCLUDED.pieces_necessaires, instructions = EXCLUDED.instructions,
      user_id = EXCLUDED.user_id, updated_at = EXCLUDED.updated_at`);
}

export async function upsertQualityControl(
  db: DbOrTx,
  id: number,
  input: { resultat: string; observations: string | null; controleLe: string },
  userId: number,
) {
  await db.execute(sql`INSERT INTO intervention_quality_controls
      (intervention_id, resultat, observations, controle_le, controle_par, created_at, updated_at)
    VALUES (${id}, ${input.resultat}, ${input.observations}, ${input.controleLe}::date, ${userId},
            clock_timestamp(), clock_timestamp())
    ON CONFLICT (intervention_id) DO UPDATE SET
      resultat = EXCLUDED.resultat, observations = EXCLUDED.observations, controle_le = EXCLUDED.controle_le,
      controle_par = EXCLUDED.controle_par, updated_at = EXCLUDED.updated_at`);
}
