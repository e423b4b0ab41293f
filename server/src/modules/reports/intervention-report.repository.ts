import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { finishedAt, repairHours, startedAt, startHours, timingJoin } from '../../db/metrics-sql.ts';
import { visible } from '../../db/predicates.ts';

export type InterventionReportRow = {
  id: number;
  date: string;
  description: string | null;
  statut: string;
  urgence: boolean;
  note: string | null;
  created_at: Date;
  started: Date | null;
  finished: Date | null;
  start_h: number | null;
  repair_h: number | null;
  equipement: string;
  type_equipement: string | null;
  marque: string | null;
  modele: string | null;
  numero_serie: string | null;
  cout: string | null;
  client: string;
  ville: string | null;
  contact_principal: string | null;
  telephone_contact: string | null;
  technicien: string | null;
  createur: string | null;
};

/** The intervention (visible only) with its equipment, owner, people and timing. */
export async function findInterventionForReport(db: DbOrTx, id: number) {
  const { rows } = await db.execute<InterventionReportRow>(sql`
    SELECT i.id, i.date, i.description, i.statut, i.urgence, i.note, i.created_at,
           ${startedAt()} AS started, ${finishedAt()} AS finished,
           ${startHours()} AS start_h, ${repairHours()} AS repair_h,
           e.nom AS equipement, e.type_equipement, e.marque, e.modele, e.numero_serie, e.cout::text AS cout,
           c.nom_entreprise AS client, c.ville, c.contact_principal, c.telephone_contact,
           tu.nom AS technicien, cu.nom AS createur
    FROM interventions i
    JOIN equipements e ON e.id = i.equipement_id
    JOIN clients c ON c.id = i.client_id
    LEFT JOIN users tu ON tu.id = i.technician_id
    LEFT JOIN users cu ON cu.id = i.creer_par
    ${timingJoin('i', 'lateral')}
    WHERE i.id = ${id} AND ${visible()}`);
  return rows[0] ?? null;
}

export const HISTORY_LIMIT = 200;

export async function interventionHistoryRows(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{
    from_statut: string | null;
    to_statut: string | null;
    note: string | null;
    created_at: Date;
    user: string | null;
  }>(sql`
    SELECT h.from_statut, h.to_statut, h.note, h.created_at, u.nom AS user
    FROM intervention_history h LEFT JOIN users u ON u.id = h.user_id
    WHERE h.intervention_id = ${id}
    ORDER BY h.created_at, h.id
    LIMIT ${HISTORY_LIMIT}`);
  return rows;
}
