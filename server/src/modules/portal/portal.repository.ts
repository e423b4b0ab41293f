import type { Visibility } from '@gmao/domain/auth/visibility';
import type { Statut } from '@gmao/domain/interventions/status';
import {
  PORTAL_STATUT_OF,
  type PortalContract,
  type PortalEquipment,
  type PortalIntervention,
  type PortalInterventionQuery,
  type PortalListQuery,
  type PortalStatut,
} from '@gmao/domain/portal/portal-schemas';
import type { SlaCible } from '@gmao/domain/sla/sla-clock';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { visible } from '../../db/predicates.ts';
import { clientVisible } from '../../db/visibility.ts';

/**
 * The client portal's reads (issue 33). Every query ANDs `clientVisible(v, …)` — the one visibility predicate — and
 * selects only the columns the portal shows (its own projections: no note, comment, cost, price, phone, review or
 * audit column is ever read here).
 */

/** `a, b, c` as bound parameters (drizzle spreads a JS array into a parenthesised list, not one array value). */
const sqlList = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function companyOf(db: DbOrTx, v: Visibility): Promise<{ id: number; nom: string } | null> {
  const { rows } = await db.execute<{ id: number; nom: string }>(
    sql`SELECT c.id, c.nom_entreprise AS nom FROM clients c WHERE ${clientVisible(v, sql`c.id`)} ORDER BY c.id LIMIT 1`,
  );
  return rows[0] ?? null;
}

type EquipmentRow = {
  id: number;
  nom: string;
  type_equipement: string | null;
  marque: string | null;
  modele: string | null;
  numero_serie: string | null;
};
const EQUIPMENT_COLUMNS = sql`e.id, e.nom, e.type_equipement, e.marque, e.modele, e.numero_serie`;
const toEquipment = (r: EquipmentRow): PortalEquipment => ({
  id: r.id,
  nom: r.nom,
  type: r.type_equipement,
  marque: r.marque,
  modele: r.modele,
  numero_serie: r.numero_serie,
});

export async function listEquipment(db: DbOrTx, v: Visibility, q: PortalListQuery) {
  const where: SQL[] = [clientVisible(v, sql`e.proprietaire_id`)];
  if (q.search) {
    const like = likeOf(q.search);
    where.push(
      sql`(e.nom ILIKE ${like} OR e.marque ILIKE ${like} OR e.modele ILIKE ${like} OR e.numero_serie ILIKE ${like})`,
    );
  }
  const cond = sql.join(where, sql` AND `);
  const { rows } = await db.execute<EquipmentRow>(sql`SELECT ${EQUIPMENT_COLUMNS} FROM equipements e WHERE ${cond}
    ORDER BY lower(e.nom), e.id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`);
  const { rows: n } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM equipements e WHERE ${cond}`);
  return { rows: rows.map(toEquipment), total: n[0].n };
}

export async function findEquipment(db: DbOrTx, v: Visibility, id: number): Promise<PortalEquipment | null> {
  const { rows } = await db.execute<EquipmentRow>(sql`SELECT ${EQUIPMENT_COLUMNS} FROM equipements e
    WHERE e.id = ${id} AND ${clientVisible(v, sql`e.proprietaire_id`)}`);
  return rows[0] ? toEquipment(rows[0]) : null;
}

type InterventionRow = {
  id: number;
  equipement_id: number;
  equipement_nom: string;
  description: string | null;
  urgence: boolean;
  statut: Statut;
  date: string;
  planned_at: Date | string | null;
  started_at: Date | string | null;
  completed_at: Date | string | null;
  plan_id: number | null;
  bon_signe: boolean;
};

/** A signed version of the bon exists (its latest version carries a signature). */
const SIGNED_BON = sql`EXISTS (SELECT 1 FROM intervention_signatures s WHERE s.intervention_id = i.id)`;

const INTERVENTION_SELECT = sql`SELECT i.id, i.equipement_id, e.nom AS equipement_nom, i.description, i.urgence,
    i.statut, to_char(i.date, 'YYYY-MM-DD') AS date, i.planned_at, i.started_at, i.completed_at, i.plan_id,
    ${SIGNED_BON} AS bon_signe
  FROM interventions i JOIN equipements e ON e.id = i.equipement_id`;

const toIntervention = (r: InterventionRow): PortalIntervention => ({
  id: r.id,
  equipement: { id: r.equipement_id, nom: r.equipement_nom },
  description: r.description,
  urgence: r.urgence,
  statut: PORTAL_STATUT_OF[r.statut] ?? 'PLANIFIEE',
  date: r.date,
  planifiee_le: iso(r.planned_at),
  demarree_le: iso(r.started_at),
  terminee_le: iso(r.completed_at),
  preventive: r.plan_id !== null,
  bon_signe: r.bon_signe,
});

/** The internal statuses behind a portal status (the inverse of PORTAL_STATUT_OF). */
const internalStatuts = (s: PortalStatut) =>
  (Object.entries(PORTAL_STATUT_OF) as [Statut, PortalStatut][]).filter(([, p]) => p === s).map(([i]) => i);

export async function listInterventions(db: DbOrTx, v: Visibility, q: PortalInterventionQuery) {
  const where: SQL[] = [visible('i'), clientVisible(v, sql`i.client_id`)];
  if (q.statut) where.push(sql`i.statut IN (${sqlList(internalStatuts(q.statut))})`);
  if (q.equipement_id !== undefined) where.push(sql`i.equipement_id = ${q.equipement_id}`);
  if (q.search) {
    const like = likeOf(q.search);
    where.push(sql`(i.description ILIKE ${like} OR e.nom ILIKE ${like} OR i.id::text = ${q.search})`);
  }
  const cond = sql.join(where, sql` AND `);
  const { rows } = await db.execute<InterventionRow>(sql`${INTERVENTION_SELECT} WHERE ${cond}
    ORDER BY i.date DESC, i.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`);
  const { rows: n } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n
    FROM interventions i JOIN equipements e ON e.id = i.equipement_id WHERE ${cond}`);
  return { rows: rows.map(toIntervention), total: n[0].n };
}

export async function findIntervention(db: DbOrTx, v: Visibility, id: number): Promise<PortalIntervention | null> {
  const { rows } = await db.execute<InterventionRow>(
    sql`${INTERVENTION_SELECT} WHERE i.id = ${id} AND ${visible('i')} AND ${clientVisible(v, sql`i.client_id`)}`,
  );
  return rows[0] ? toIntervention(rows[0]) : null;
}

/** The latest signed bon version of a visible intervention of the company, or null. */
export async function latestSignedBonVersion(db: DbOrTx, v: Visibility, id: number): Promise<number | null> {
  const { rows } = await db.execute<{ version: number }>(sql`SELECT max(bv.version)::int AS version
    FROM interventions i
    JOIN intervention_bon_versions bv ON bv.intervention_id = i.id
    WHERE i.id = ${id} AND ${visible('i')} AND ${clientVisible(v, sql`i.client_id`)}
      AND EXISTS (SELECT 1 FROM intervention_signatures s WHERE s.bon_version_id = bv.id)`);
  return rows[0]?.version ?? null;
}

/** The next preventive visits of an equipment: its plans' generated occurrences due from `today`. */
export async function nextVisits(db: DbOrTx, v: Visibility, equipementId: number, today: string, limit = 5) {
  const { rows } = await db.execute<{ date: string; plan: string; intervention_id: number | null }>(sql`
    SELECT to_char(o.due_date, 'YYYY-MM-DD') AS date, p.nom AS plan, o.intervention_id
    FROM plan_occurrences o
    JOIN plans p ON p.id = o.plan_id AND p.deleted_at IS NULL AND p.actif
    JOIN equipements e ON e.id = o.equipement_id
    WHERE o.equipement_id = ${equipementId} AND o.due_date >= ${today}::date
      AND ${clientVisible(v, sql`e.proprietaire_id`)}
    ORDER BY o.due_date, o.id LIMIT ${limit}`);
  return rows;
}

/** The company's contracts in force or to come (no amount: prices are not shown), with their guaranteed times. */
/** Whether a current contract of the client says its portal shows costs and prices (issue 33; hidden otherwise). */
export async function pricesShown(db: DbOrTx, v: Visibility, today: string): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM contracts k
    WHERE k.deleted_at IS NULL AND k.prix_portail AND ${clientVisible(v, sql`k.client_id`)}
      AND k.date_debut <= ${today}::date AND (k.date_fin >= ${today}::date OR k.reconduction_tacite) LIMIT 1`);
  return rows.length > 0;
}

export async function contractsOf(db: DbOrTx, v: Visibility, today: string): Promise<PortalContract[]> {
  const { rows } = await db.execute<{
    id: number;
    numero: string;
    type: string;
    date_debut: string;
    date_fin: string;
    reconduction_tacite: boolean;
  }>(sql`SELECT k.id, k.numero, k.type, to_char(k.date_debut, 'YYYY-MM-DD') AS date_debut,
      to_char(k.date_fin, 'YYYY-MM-DD') AS date_fin, k.reconduction_tacite
    FROM contracts k
    WHERE k.deleted_at IS NULL AND ${clientVisible(v, sql`k.client_id`)}
      AND (k.date_fin >= ${today}::date OR k.reconduction_tacite)
    ORDER BY k.date_debut DESC, k.id`);
  if (rows.length === 0) return [];
  const { rows: g } = await db.execute<{ contract_id: number; urgence: boolean; cible: SlaCible; minutes: number }>(sql`
    SELECT cv.contract_id, cg.urgence, cg.cible, cg.minutes
    FROM contract_versions cv JOIN contract_guarantees cg ON cg.contract_version_id = cv.id
    JOIN contracts k ON k.id = cv.contract_id AND cv.version = k.version
    WHERE cv.contract_id IN (${sqlList(rows.map((r) => r.id))})
    ORDER BY cg.urgence DESC, cg.cible`);
  return rows.map((r) => ({
    numero: r.numero,
    type: r.type,
    date_debut: r.date_debut,
    date_fin: r.date_fin,
    reconduction_tacite: r.reconduction_tacite,
    garanties: g
      .filter((x) => x.contract_id === r.id)
      .map(({ urgence, cible, minutes }) => ({ urgence, cible, minutes })),
  }));
}

/** Is this equipment the company's? (a DEMANDEUR files requests on his company's equipment only) */
export async function equipmentVisible(db: DbOrTx, v: Visibility, id: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM equipements e WHERE e.id = ${id} AND ${clientVisible(v, sql`e.proprietaire_id`)}`,
  );
  return rows.length > 0;
}
