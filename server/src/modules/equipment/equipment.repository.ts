import { COMPANY_VISIBILITY, type Visibility } from '@gmao/domain/auth/visibility';
import type { SyncInfo } from '@gmao/domain/common/sync';
import type {
  Equipment,
  EquipmentInput,
  EquipmentIntervention,
  EquipmentListQuery,
} from '@gmao/domain/equipment/equipment-schemas';
import { RECENT_INTERVENTIONS_LIMIT } from '@gmao/domain/equipment/equipment-schemas';
import { DEFAULT_REQUIREMENTS } from '@gmao/domain/habilitations/requirements';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { isCompleted, notDeleted } from '../../db/predicates.ts';
import { equipements } from '../../db/schema.ts';
import { inOrder, syncPage } from '../../db/sync-sql.ts';
import { clientVisible } from '../../db/visibility.ts';
import { likePattern } from './search.ts';

type EquipmentRow = {
  id: number;
  nom: string;
  marque: string | null;
  modele: string | null;
  numero_serie: string | null;
  type_equipement: string | null;
  etat_de_reception: string | null;
  valeur: string | null;
  cout: string | null;
  proprietaire_id: number;
  owner_nom: string;
  owner_ville: string | null;
  owner_contact: string | null;
  owner_tel: string | null;
  latest_status: string | null;
  intervention_count: number;
  created_at: Date;
  updated_at: Date;
  creer_par: number | null;
  creer_par_nom: string | null;
  domaine_tension: Equipment['domaine_tension'];
  exigences: Equipment['exigences'];
};

// Search expressions below are the exact ones of equipements_search_trgm_idx and clients_nom_trgm_idx (0002).

/** Owner by join, latest status and count by correlated subqueries on the indexed equipement_id. */
const SELECT_EQUIPMENT = sql`
  SELECT e.id, e.nom, e.marque, e.modele, e.numero_serie, e.type_equipement, e.etat_de_reception,
         e.valeur, e.cout, e.proprietaire_id, e.created_at, e.updated_at, e.creer_par, u.nom AS creer_par_nom,
         e.domaine_tension, e.exigences,
         c.nom_entreprise AS owner_nom, c.ville AS owner_ville, c.contact_principal AS owner_contact,
         c.telephone_contact AS owner_tel,
         (SELECT i.statut FROM interventions i WHERE i.equipement_id = e.id AND ${notDeleted('i')}
           ORDER BY i.date DESC, i.id DESC LIMIT 1) AS latest_status,
         (SELECT count(*) FROM interventions i WHERE i.equipement_id = e.id AND ${notDeleted('i')})
           AS intervention_count
  FROM equipements e
  JOIN clients c ON c.id = e.proprietaire_id
  LEFT JOIN users u ON u.id = e.creer_par`;

function toEquipment(r: EquipmentRow): Equipment {
  return {
    id: r.id,
    nom: r.nom,
    marque: r.marque,
    modele: r.modele,
    numero_serie: r.numero_serie,
    type_equipement: r.type_equipement,
    etatDeReception: r.etat_de_reception,
    valeur: r.valeur,
    cout: r.cout,
    proprietaire_id: r.proprietaire_id,
    proprietaire: {
      id: r.proprietaire_id,
      nom_entreprise: r.owner_nom,
      ville: r.owner_ville,
      contact_principal: r.owner_contact,
      telephone_contact: r.owner_tel,
    },
    latestInterventionStatus: r.latest_status,
    interventionCount: r.intervention_count,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    creerPar: r.creer_par !== null && r.creer_par_nom !== null ? { id: r.creer_par, nom: r.creer_par_nom } : null,
    domaine_tension: r.domaine_tension ?? null,
    exigences: r.exigences ?? [],
  };
}

type EquipmentFilters = EquipmentListQuery & { visibility: Visibility };

function whereClauseConditions(q: EquipmentFilters): SQL | null {
  const conditions: SQL[] = [];
  if (q.visibility.kind !== 'company') conditions.push(clientVisible(q.visibility, sql`e.proprietaire_id`));
  if (q.search) {
    const pattern = likePattern(q.search);
    // A UNION of two index-served lookups: an OR across the two tables would scan every equipment row.
    conditions.push(sql`e.id IN (
      SELECT s.id FROM equipements s
      WHERE lower(coalesce(s.nom, '') || ' ' || coalesce(s.marque, '') || ' ' || coalesce(s.modele, '')) LIKE ${pattern}
      UNION
      SELECT o.id FROM equipements o JOIN clients c ON c.id = o.proprietaire_id
      WHERE lower(c.nom_entreprise) LIKE ${pattern})`);
  }
  if (q.proprietaire_id) conditions.push(sql`e.proprietaire_id = ${q.proprietaire_id}`);
  if (q.type_equipement) conditions.push(sql`e.type_equipement = ${q.type_equipement}`);
  return conditions.length > 0 ? sql.join(conditions, sql` AND `) : null;
}

function whereClause(q: EquipmentFilters): SQL {
  const conditions = whereClauseConditions(q);
  return conditions ? sql`WHERE ${conditions}` : sql``;
}

/** Changes since (issue 35): the rows of the filter changed after `updated_since` / the cursor (db/sync-sql.ts). */
export async function equipmentChangedSince(
  db: DbOrTx,
  q: EquipmentFilters,
): Promise<{ rows: Equipment[]; sync: SyncInfo }> {
  const { ids, sync } = await syncPage(db, 'equipements', 'e', whereClauseConditions(q), q, q.limit);
  if (ids.length === 0) return { rows: [], sync };
  const { rows } = await db.execute<EquipmentRow>(sql`${SELECT_EQUIPMENT} WHERE e.id = ANY(${sql.param(ids)}::int[])`);
  return { rows: inOrder(ids, rows).map(toEquipment), sync };
}

export async function listEquipment(db: DbOrTx, q: EquipmentFilters): Promise<{ rows: Equipment[]; total: number }> {
  const where = whereClause(q);
  const [{ rows }, count] = await Promise.all([
    // The page's ids first, so the per-row subqueries run for that page only, not for the skipped offset.
    db.execute<EquipmentRow>(sql`
      WITH page AS (
        SELECT e.id FROM equipements e ${where} ORDER BY e.nom, e.id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}
      )
      ${SELECT_EQUIPMENT} WHERE e.id IN (SELECT id FROM page) ORDER BY e.nom, e.id`),
    db.execute<{ total: number }>(sql`SELECT count(*) AS total FROM equipements e ${where}`),
  ]);
  return { rows: rows.map(toEquipment), total: count.rows[0]?.total ?? 0 };
}

/** The equipment `id` if the visibility `v` sees its owner (otherwise "introuvable", like a missing one). */
export async function findEquipment(
  db: DbOrTx,
  id: number,
  v: Visibility = COMPANY_VISIBILITY,
): Promise<Equipment | null> {
  const { rows } = await db.execute<EquipmentRow>(
    sql`${SELECT_EQUIPMENT} WHERE e.id = ${id} AND ${clientVisible(v, sql`e.proprietaire_id`)}`,
  );
  return rows[0] ? toEquipment(rows[0]) : null;
}

/** Read-only look at the interventions table (owned by the interventions module): totals and the latest five. */
export async function maintenanceOf(db: DbOrTx, id: number) {
  const [stats, recent] = await Promise.all([
    db.execute<{ total: number; completed: number; urgent: number }>(sql`
      SELECT count(*) AS total,
             count(*) FILTER (WHERE ${isCompleted('i')}) AS completed,
             count(*) FILTER (WHERE i.urgence) AS urgent
      FROM interventions i WHERE i.equipement_id = ${id} AND ${notDeleted('i')}`),
    db.execute<{
      id: number;
      date: string;
      description: string | null;
      statut: string;
      urgence: boolean;
      creer_par_nom: string | null;
    }>(sql`
      SELECT i.id, i.date, i.description, i.statut, i.urgence, u.nom AS creer_par_nom
      FROM interventions i LEFT JOIN users u ON u.id = i.creer_par
      WHERE i.equipement_id = ${id} AND ${notDeleted('i')}
      ORDER BY i.date DESC, i.id DESC LIMIT ${RECENT_INTERVENTIONS_LIMIT}`),
  ]);
  const s = stats.rows[0];
  const interventions: EquipmentIntervention[] = recent.rows.map((r) => ({
    id: r.id,
    date: r.date,
    description: r.description,
    statut: r.statut,
    urgence: r.urgence,
    creerPar: r.creer_par_nom ? { nom: r.creer_par_nom } : null,
  }));
  return {
    maintenanceStats: {
      totalInterventions: s?.total ?? 0,
      completedInterventions: s?.completed ?? 0,
      urgentInterventions: s?.urgent ?? 0,
    },
    interventions,
  };
}

/** The owner exists and `v` sees it (key-share locked until the write commits). */
export async function clientExists(db: DbOrTx, id: number, v: Visibility = COMPANY_VISIBILITY): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM clients c WHERE c.id = ${id} AND ${clientVisible(v, sql`c.id`)} FOR KEY SHARE OF c`,
  );
  return rows.length > 0;
}

function toColumns(input: EquipmentInput) {
  return {
    nom: input.nom,
    marque: input.marque,
    modele: input.modele,
    numeroSerie: input.numero_serie,
    typeEquipement: input.type_equipement,
    etatDeReception: input.etatDeReception,
    valeur: input.valeur,
    cout: input.cout,
    proprietaireId: input.proprietaire_id,
    // Issue 34: absent, unchanged (a PUT) — the creation fills the type's defaults.
    ...(input.domaine_tension !== undefined ? { domaineTension: input.domaine_tension } : {}),
    ...(input.exigences !== undefined ? { exigences: input.exigences } : {}),
  };
}

export async function insertEquipment(db: DbOrTx, input: EquipmentInput, creerPar: number): Promise<number> {
  const defaults = input.type_equipement ? DEFAULT_REQUIREMENTS[input.type_equipement] : null;
  const [row] = await db
    .insert(equipements)
    .values({
      domaineTension: defaults?.domaine ?? null,
      exigences: defaults?.exigences ?? [],
      ...toColumns(input),
      creerPar,
    })
    .returning({ id: equipements.id });
  return row.id;
}

export async function updateEquipment(db: DbOrTx, id: number, input: EquipmentInput): Promise<boolean> {
  const rows = await db
    .update(equipements)
    .set({ ...toColumns(input), updatedAt: sql`now()` })
    .where(eq(equipements.id, id))
    .returning({ id: equipements.id });
  return rows.length > 0;
}

/** Locks the equipment row and counts every intervention on it (soft-deleted ones still hold the foreign key). */
export async function lockInterventionCount(tx: DbOrTx, id: number): Promise<number | null> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    SELECT (SELECT count(*) FROM interventions i WHERE i.equipement_id = e.id) AS n
    FROM equipements e WHERE e.id = ${id} FOR UPDATE`);
  return rows[0] ? rows[0].n : null;
}

/** Deletes and returns the deleted row (for the audit log). */
export async function deleteEquipment(tx: DbOrTx, id: number) {
  const [row] = await tx.delete(equipements).where(eq(equipements.id, id)).returning();
  return row ?? null;
}
