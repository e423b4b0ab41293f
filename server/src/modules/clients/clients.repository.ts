import { COMPANY_VISIBILITY, type Visibility } from '@gmao/domain/auth/visibility';
import type { Client, ClientInput, ClientListQuery } from '@gmao/domain/clients/client-schemas';
import type { SyncInfo } from '@gmao/domain/common/sync';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { notDeleted } from '../../db/predicates.ts';
import { clients } from '../../db/schema.ts';
import { inOrder, syncPage } from '../../db/sync-sql.ts';
import { clientVisible } from '../../db/visibility.ts';
import { likePattern } from './search.ts';

type ClientRow = {
  id: number;
  nom_entreprise: string;
  secteur_activite: string | null;
  adresse: string | null;
  ville: string | null;
  code_postal: string | null;
  tel: string | null;
  fax: string | null;
  email: string | null;
  site_web: string | null;
  contact_principal: string | null;
  poste_contact: string | null;
  telephone_contact: string | null;
  email_contact: string | null;
  registre_commerce: string | null;
  ice: string | null;
  forme_juridique: string | null;
  created_at: Date;
  updated_at: Date;
  creer_par: number | null;
  creer_par_nom: string | null;
  equipment_count: number;
  intervention_count: number;
  section_id: number | null;
  section: string | null;
};

/** Same expression as clients_search_trgm_idx (migration 0002), so the trigram index serves the search. */
const SEARCH_EXPR = sql`lower(coalesce(c.nom_entreprise, '') || ' ' || coalesce(c.ville, '') || ' ' || coalesce(c.contact_principal, '') || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.email_contact, ''))`;

/** Counts come from correlated subqueries evaluated for the returned page only (indexed by owner / client). */
const SELECT_CLIENT = sql`
  SELECT c.id, c.nom_entreprise, c.secteur_activite, c.adresse, c.ville, c.code_postal, c.tel, c.fax, c.email,
         c.site_web, c.contact_principal, c.poste_contact, c.telephone_contact, c.email_contact,
         c.registre_commerce, c.ice, c.forme_juridique, c.created_at, c.updated_at, c.creer_par, u.nom AS creer_par_nom,
         c.section_id, sec.nom AS section,
         (SELECT count(*) FROM equipements e WHERE e.proprietaire_id = c.id) AS equipment_count,
         (SELECT count(*) FROM interventions i WHERE i.client_id = c.id AND ${notDeleted('i')}) AS intervention_count
  FROM clients c
  LEFT JOIN users u ON u.id = c.creer_par
  LEFT JOIN sections sec ON sec.id = c.section_id`;

function toClient(r: ClientRow): Client {
  return {
    id: r.id,
    nom_entreprise: r.nom_entreprise,
    secteur_activite: r.secteur_activite,
    adresse: r.adresse,
    ville: r.ville,
    codePostal: r.code_postal,
    tel: r.tel,
    fax: r.fax,
    email: r.email,
    siteWeb: r.site_web,
    contact_principal: r.contact_principal,
    poste_contact: r.poste_contact,
    telephone_contact: r.telephone_contact,
    email_contact: r.email_contact,
    registre_commerce: r.registre_commerce,
    ice: r.ice,
    forme_juridique: r.forme_juridique,
    equipmentCount: r.equipment_count,
    interventionCount: r.intervention_count,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    creerPar: r.creer_par !== null && r.creer_par_nom !== null ? { id: r.creer_par, nom: r.creer_par_nom } : null,
    sectionId: r.section_id,
    section: r.section,
  };
}

type ClientFilters = Pick<ClientListQuery, 'search' | 'secteur_activite'> & { visibility: Visibility };

function whereClauseConditions(q: ClientFilters): SQL | null {
  const conditions: SQL[] = [];
  if (q.visibility.kind !== 'company') conditions.push(clientVisible(q.visibility, sql`c.id`));
  if (q.search) conditions.push(sql`${SEARCH_EXPR} LIKE ${likePattern(q.search)}`);
  if (q.secteur_activite) conditions.push(sql`c.secteur_activite = ${q.secteur_activite}`);
  return conditions.length > 0 ? sql.join(conditions, sql` AND `) : null;
}

function whereClause(q: ClientFilters): SQL {
  const conditions = whereClauseConditions(q);
  return conditions ? sql`WHERE ${conditions}` : sql``;
}

/** Changes since (issue 35): the rows of the filter changed after `updated_since` / the cursor (db/sync-sql.ts). */
export async function clientsChangedSince(
  db: DbOrTx,
  q: ClientListQuery & { visibility: Visibility },
): Promise<{ rows: Client[]; sync: SyncInfo }> {
  const { ids, sync } = await syncPage(db, 'clients', 'c', whereClauseConditions(q), q, q.limit);
  if (ids.length === 0) return { rows: [], sync };
  const { rows } = await db.execute<ClientRow>(sql`${SELECT_CLIENT} WHERE c.id = ANY(${sql.param(ids)}::int[])`);
  return { rows: inOrder(ids, rows).map(toClient), sync };
}

export async function listClients(
  db: DbOrTx,
  q: ClientListQuery & { visibility: Visibility },
): Promise<{ rows: Client[]; total: number }> {
  const where = whereClause(q);
  const [{ rows }, count] = await Promise.all([
    // The page's ids first, so the per-row counts are computed for that page only, not for the skipped offset.
    db.execute<ClientRow>(sql`
      WITH page AS (
        SELECT c.id FROM clients c ${where}
        ORDER BY c.nom_entreprise, c.id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}
      )
      ${SELECT_CLIENT} WHERE c.id IN (SELECT id FROM page) ORDER BY c.nom_entreprise, c.id`),
    db.execute<{ total: number }>(sql`SELECT count(*) AS total FROM clients c ${where}`),
  ]);
  return { rows: rows.map(toClient), total: count.rows[0]?.total ?? 0 };
}

/** The client `id` if the visibility `v` sees it (another section's client is "introuvable", like a missing one). */
export async function findClient(db: DbOrTx, id: number, v: Visibility = COMPANY_VISIBILITY): Promise<Client | null> {
  const { rows } = await db.execute<ClientRow>(
    sql`${SELECT_CLIENT} WHERE c.id = ${id} AND ${clientVisible(v, sql`c.id`)}`,
  );
  return rows[0] ? toClient(rows[0]) : null;
}

export async function sectorsInUse(db: DbOrTx, v: Visibility = COMPANY_VISIBILITY): Promise<string[]> {
  const { rows } = await db.execute<{ secteur: string }>(
    sql`SELECT DISTINCT secteur_activite AS secteur FROM clients c
        WHERE secteur_activite IS NOT NULL AND ${clientVisible(v, sql`c.id`)}`,
  );
  return rows.map((r) => r.secteur);
}

function toColumns(input: ClientInput) {
  return {
    nomEntreprise: input.nom_entreprise,
    secteurActivite: input.secteur_activite,
    adresse: input.adresse,
    ville: input.ville,
    codePostal: input.codePostal,
    tel: input.tel,
    fax: input.fax,
    email: input.email,
    siteWeb: input.siteWeb,
    contactPrincipal: input.contact_principal,
    posteContact: input.poste_contact,
    telephoneContact: input.telephone_contact,
    emailContact: input.email_contact,
    registreCommerce: input.registre_commerce,
    ice: input.ice,
    formeJuridique: input.forme_juridique,
    sectionId: input.section_id,
  };
}

export async function insertClient(db: DbOrTx, input: ClientInput, creerPar: number): Promise<number> {
  const [row] = await db
    .insert(clients)
    .values({ ...toColumns(input), creerPar })
    .returning({ id: clients.id });
  return row.id;
}

export async function updateClient(db: DbOrTx, id: number, input: ClientInput): Promise<boolean> {
  const rows = await db
    .update(clients)
    .set({ ...toColumns(input), updatedAt: sql`now()` })
    .where(eq(clients.id, id))
    .returning({ id: clients.id });
  return rows.length > 0;
}

/** Locks the client row (blocks concurrent equipment inserts on it) and counts what still references it. */
export async function lockClientDependents(
  tx: DbOrTx,
  id: number,
): Promise<{ equipment: number; interventions: number } | null> {
  const { rows } = await tx.execute<{ equipment: number; interventions: number }>(sql`
    SELECT (SELECT count(*) FROM equipements e WHERE e.proprietaire_id = c.id) AS equipment,
           (SELECT count(*) FROM interventions i WHERE i.client_id = c.id) AS interventions
    FROM clients c WHERE c.id = ${id} FOR UPDATE`);
  return rows[0] ?? null;
}

/** Deletes and returns the deleted row (for the audit log). */
export async function deleteClient(tx: DbOrTx, id: number) {
  const [row] = await tx.delete(clients).where(eq(clients.id, id)).returning();
  return row ?? null;
}
