import type { Visibility } from '@gmao/domain/auth/visibility';
import {
  CONTRACT_EXPIRING_SOON_DAYS,
  type ContractInput,
  type ContractListQuery,
} from '@gmao/domain/contracts/contract-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { clientMatches } from '../../db/text-search.ts';
import { clientVisible } from '../../db/visibility.ts';

/**
 * Contracts (issue 31, migration 0047): SQL only. The calendars, versions and documents have files of their own,
 * re-exported here for the service.
 */
export * from './calendars.repository.ts';
export * from './contract-documents.repository.ts';
export * from './contract-versions.repository.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
const json = (v: unknown) => JSON.stringify(v);
/** A JSON array of ids as a set of integers (one parameter, whatever the count). */
const idSet = (ids: readonly number[]) => sql`(SELECT jsonb_array_elements_text(${json(ids)}::jsonb)::int)`;

export interface ContractHeadRow {
  id: number;
  client_id: number;
  client_nom: string;
  numero: string;
  type: ContractInput['type'];
  date_debut: string;
  date_fin: string;
  reconduction_tacite: boolean;
  signature_client_obligatoire: boolean;
  prix_portail: boolean;
  equipements: number | null;
  calendrier_id: number;
  calendrier_nom: string;
  montant_annuel_ht: string | null;
  version: number;
  jours_restants: number;
  created_at: string;
  updated_at: string;
}

type RawHead = Omit<ContractHeadRow, 'created_at' | 'updated_at'> & {
  created_at: Date | string;
  updated_at: Date | string;
};

const selectHead = (today: string) => sql`SELECT k.id, k.client_id, c.nom_entreprise AS client_nom, k.numero, k.type,
    k.date_debut::text AS date_debut, k.date_fin::text AS date_fin, k.reconduction_tacite,
    k.signature_client_obligatoire, k.prix_portail,
    CASE WHEN k.all_equipment THEN NULL
      ELSE (SELECT count(*)::int FROM contract_equipment ce WHERE ce.contract_id = k.id) END AS equipements,
    k.calendrier_id, b.nom AS calendrier_nom, k.montant_annuel_ht::text AS montant_annuel_ht, k.version,
    (k.date_fin - ${today}::date)::int AS jours_restants, k.created_at, k.updated_at
  FROM contracts k
  JOIN clients c ON c.id = k.client_id
  JOIN business_calendars b ON b.id = k.calendrier_id`;

const toHead = ({ created_at, updated_at, ...r }: RawHead): ContractHeadRow => ({
  ...r,
  created_at: iso(created_at),
  updated_at: iso(updated_at),
});

function listWhere(q: ContractListQuery & { visibility?: Visibility }, today: string): SQL {
  const where: SQL[] = [sql`k.deleted_at IS NULL`];
  if (q.visibility) where.push(clientVisible(q.visibility, sql`k.client_id`));
  if (q.client_id !== undefined) where.push(sql`k.client_id = ${q.client_id}`);
  if (q.expiring) {
    where.push(
      sql`k.date_fin >= ${today}::date AND k.date_fin <= ${today}::date + ${CONTRACT_EXPIRING_SOON_DAYS}::int`,
    );
  }
  if (q.search) {
    const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(sql`(lower(k.numero) LIKE ${like} OR ${clientMatches('c', q.search)})`);
  }
  return sql.join(where, sql` AND `);
}

/** Ordered by end date (the next to expire first), then number. */
export async function listContracts(
  db: DbOrTx,
  q: ContractListQuery & { visibility?: Visibility },
  today: string,
): Promise<{ rows: ContractHeadRow[]; total: number }> {
  const where = listWhere(q, today);
  const offset = (q.page - 1) * q.limit;
  const [page, count] = await Promise.all([
    db.execute<RawHead>(sql`${selectHead(today)} WHERE ${where}
      ORDER BY k.date_fin, k.numero, k.id LIMIT ${q.limit} OFFSET ${offset}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM contracts k JOIN clients c ON c.id = k.client_id
      WHERE ${where}`),
  ]);
  return { rows: page.rows.map(toHead), total: count.rows[0]?.n ?? 0 };
}

export async function findContractHead(db: DbOrTx, id: number, today: string): Promise<ContractHeadRow | null> {
  const { rows } = await db.execute<RawHead>(sql`${selectHead(today)} WHERE k.id = ${id} AND k.deleted_at IS NULL`);
  return rows[0] ? toHead(rows[0]) : null;
}

export async function contractEquipment(db: DbOrTx, id: number): Promise<{ id: number; nom: string }[]> {
  const { rows } = await db.execute<{ id: number; nom: string }>(sql`SELECT e.id, e.nom FROM contract_equipment ce
    JOIN equipements e ON e.id = ce.equipement_id WHERE ce.contract_id = ${id} ORDER BY e.nom, e.id`);
  return rows;
}

export async function contractPlans(db: DbOrTx, id: number): Promise<{ id: number; nom: string }[]> {
  const { rows } = await db.execute<{ id: number; nom: string }>(sql`SELECT p.id, p.nom FROM contract_plans cp
    JOIN plans p ON p.id = cp.plan_id WHERE cp.contract_id = ${id} ORDER BY p.nom, p.id`);
  return rows;
}

/** Every contract of the client, soft-deleted ones included (they still reference it). */
export async function countClientContracts(db: DbOrTx, clientId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM contracts WHERE client_id = ${clientId}`,
  );
  return rows[0]?.n ?? 0;
}

export async function clientExists(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM clients WHERE id = ${id}`);
  return rows.length > 0;
}

export async function calendarExists(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM business_calendars WHERE id = ${id} FOR SHARE`);
  return rows.length > 0;
}

/** Of `ids`, those that are not equipment of the client. */
export async function equipmentNotOfClient(db: DbOrTx, clientId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ id: number }>(sql`SELECT x.id FROM ${idSet(ids)} AS x(id)
    WHERE NOT EXISTS (SELECT 1 FROM equipements e WHERE e.id = x.id AND e.proprietaire_id = ${clientId})
    ORDER BY x.id`);
  return rows.map((r) => r.id);
}

/** Of `ids`, those that are not live plans of the client (by its client, or its one equipment's owner). */
export async function plansNotOfClient(db: DbOrTx, clientId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ id: number }>(sql`SELECT x.id FROM ${idSet(ids)} AS x(id)
    WHERE NOT EXISTS (SELECT 1 FROM plans p LEFT JOIN equipements e ON e.id = p.equipement_id
      WHERE p.id = x.id AND p.deleted_at IS NULL AND COALESCE(p.client_id, e.proprietaire_id) = ${clientId})
    ORDER BY x.id`);
  return rows.map((r) => r.id);
}

export async function numeroTaken(db: DbOrTx, numero: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM contracts
    WHERE numero = ${numero} AND deleted_at IS NULL AND id IS DISTINCT FROM ${exceptId}`);
  return rows.length > 0;
}

/**
 * Serialises every contract write of one client until commit (a transaction-scoped advisory lock), so that two
 * overlapping contracts saved at the same time cannot both pass the overlap check. Equipment belongs to one client,
 * so contracts of different clients never compete.
 */
export async function lockClientContracts(db: DbOrTx, clientId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('gmao_contracts'), ${clientId})`);
}

export type OverlapRow = {
  numero: string;
  date_debut: string;
  date_fin: string;
  /** The first equipment both cover; null when both cover all of the client's equipment. */
  equipement_nom: string | null;
};

/** The first live contract of the client whose dates and equipment meet those given. */
export async function findOverlap(
  db: DbOrTx,
  c: { clientId: number; exceptId: number | null; debut: string; fin: string; equipementIds: number[] | null },
): Promise<OverlapRow | null> {
  const all = c.equipementIds === null;
  const ours = all ? sql`true` : sql`e.id IN ${idSet(c.equipementIds ?? [])}`;
  const { rows } = await db.execute<OverlapRow>(sql`
    SELECT k.numero, k.date_debut::text AS date_debut, k.date_fin::text AS date_fin, e.nom AS equipement_nom
    FROM contracts k
    LEFT JOIN LATERAL (
      SELECT e.nom FROM equipements e
      WHERE e.proprietaire_id = k.client_id AND ${ours}
        AND (k.all_equipment OR EXISTS (SELECT 1 FROM contract_equipment ce WHERE ce.contract_id = k.id AND ce.equipement_id = e.id))
      ORDER BY e.nom, e.id LIMIT 1) e ON true
    WHERE k.client_id = ${c.clientId} AND k.deleted_at IS NULL AND k.id IS DISTINCT FROM ${c.exceptId}
      AND k.date_debut <= ${c.fin}::date AND k.date_fin >= ${c.debut}::date
      AND ((${all} AND k.all_equipment) OR e.nom IS NOT NULL)
    ORDER BY k.date_debut, k.id LIMIT 1`);
  return rows[0] ?? null;
}

export async function lockContract(db: DbOrTx, id: number): Promise<{ client_id: number; version: number } | null> {
  const { rows } = await db.execute<{ client_id: number; version: number }>(
    sql`SELECT client_id, version FROM contracts WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`,
  );
  return rows[0] ?? null;
}

export async function insertContract(db: DbOrTx, input: ContractInput, userId: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`INSERT INTO contracts (client_id, numero, type, date_debut,
      date_fin, reconduction_tacite, all_equipment, calendrier_id, montant_annuel_ht, version, creer_par,
      signature_client_obligatoire, prix_portail)
    VALUES (${input.client_id}, ${input.numero}, ${input.type}, ${input.date_debut}::date, ${input.date_fin}::date,
      ${input.reconduction_tacite}, ${input.equipement_ids === null}, ${input.calendrier_id},
      ${input.montant_annuel_ht}::numeric, 1, ${userId}, ${input.signature_client_obligatoire},
      ${input.prix_portail})
    RETURNING id`);
  return rows[0]!.id;
}

/** The head follows the new terms; a new end date re-arms the expiry notices. */
export async function updateContractHead(db: DbOrTx, id: number, input: ContractInput, version: number) {
  await db.execute(sql`UPDATE contracts SET client_id = ${input.client_id}, numero = ${input.numero},
      type = ${input.type}, date_debut = ${input.date_debut}::date,
      expiry_notified_60_at = CASE WHEN date_fin = ${input.date_fin}::date THEN expiry_notified_60_at END,
      expiry_notified_30_at = CASE WHEN date_fin = ${input.date_fin}::date THEN expiry_notified_30_at END,
      date_fin = ${input.date_fin}::date, reconduction_tacite = ${input.reconduction_tacite},
      all_equipment = ${input.equipement_ids === null}, calendrier_id = ${input.calendrier_id},
      montant_annuel_ht = ${input.montant_annuel_ht}::numeric, version = ${version},
      signature_client_obligatoire = ${input.signature_client_obligatoire}, prix_portail = ${input.prix_portail},
      updated_at = now()
    WHERE id = ${id}`);
}

/** Whether an intervention's clock follows one of the contract's versions. */
export async function contractReferenced(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM intervention_sla s
    JOIN contract_versions v ON v.id = s.contract_version_id WHERE v.contract_id = ${id} LIMIT 1`);
  return rows.length > 0;
}

/** Soft delete: the row and its versions stay for the interventions that follow them; coverage stops. */
export async function softDeleteContract(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`UPDATE contracts SET deleted_at = now(), updated_at = now() WHERE id = ${id}`);
  await db.execute(sql`DELETE FROM contract_equipment WHERE contract_id = ${id}`);
}

/** Deletes the contract with its versions, lists and document rows; answers the documents' storage keys. */
export async function deleteContract(db: DbOrTx, id: number): Promise<string[]> {
  const { rows } = await db.execute<{ storage_key: string }>(
    sql`SELECT storage_key FROM contract_documents WHERE contract_id = ${id}`,
  );
  await db.execute(sql`DELETE FROM contracts WHERE id = ${id}`);
  return rows.map((r) => r.storage_key);
}
