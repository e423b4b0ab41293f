import type { Visibility } from '@gmao/domain/auth/visibility';
import type {
  InterventionRequest,
  RequestListQuery,
  RequestSource,
  RequestStatut,
} from '@gmao/domain/requests/request-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { clientVisible } from '../../db/visibility.ts';

/** The SQL of the requests module (issue 33): request links, requests and their photos (migration 0057). */

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

// ── Request links ────────────────────────────────────────────────────────────────────────────────────────────────

export async function findLink(db: DbOrTx, equipementId: number) {
  const { rows } = await db.execute<{ token: string; created_at: Date | string }>(
    sql`SELECT token, created_at FROM equipment_request_links WHERE equipement_id = ${equipementId}`,
  );
  return rows[0] ? { token: rows[0].token, createdAt: iso(rows[0].created_at)! } : null;
}

/** The equipment's link, made with `token` when it has none (two first asks at once: one token wins, both read it). */
export async function ensureLink(db: DbOrTx, equipementId: number, token: string) {
  await db.execute(sql`INSERT INTO equipment_request_links (equipement_id, token) VALUES (${equipementId}, ${token})
    ON CONFLICT (equipement_id) DO NOTHING`);
  return (await findLink(db, equipementId))!;
}

/** A new token in place of the old one (which then matches nothing). */
export async function replaceLink(db: DbOrTx, equipementId: number, token: string) {
  await db.execute(sql`INSERT INTO equipment_request_links (equipement_id, token) VALUES (${equipementId}, ${token})
    ON CONFLICT (equipement_id) DO UPDATE SET token = EXCLUDED.token, created_at = now()`);
  return (await findLink(db, equipementId))!;
}

export async function equipmentExists(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM equipements WHERE id = ${id}`);
  return rows.length > 0;
}

/** The equipment a token names, with the name shown on the public page. */
export async function equipmentOfToken(db: DbOrTx, token: string) {
  const { rows } = await db.execute<{ id: number; nom: string }>(
    sql`SELECT e.id, e.nom FROM equipment_request_links l JOIN equipements e ON e.id = l.equipement_id
        WHERE l.token = ${token}`,
  );
  return rows[0] ?? null;
}

export async function equipmentName(db: DbOrTx, id: number): Promise<string | null> {
  const { rows } = await db.execute<{ nom: string }>(sql`SELECT nom FROM equipements WHERE id = ${id}`);
  return rows[0]?.nom ?? null;
}

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────────────────────

export interface NewRequest {
  source: RequestSource;
  equipementId: number;
  description: string;
  nom: string;
  telephone: string;
  email: string | null;
  portalUserId: number | null;
}

export async function insertRequest(db: DbOrTx, r: NewRequest): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO intervention_requests (source, equipement_id, description, nom, telephone, email, portal_user_id)
    VALUES (${r.source}, ${r.equipementId}, ${r.description}, ${r.nom}, ${r.telephone}, ${r.email}, ${r.portalUserId})
    RETURNING id`);
  return rows[0].id;
}

export interface PhotoRow {
  filename: string;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
}

export async function insertPhoto(db: DbOrTx, requestId: number, p: PhotoRow) {
  await db.execute(sql`
    INSERT INTO intervention_request_photos (request_id, original_name, mime_type, size_bytes, storage_key)
    VALUES (${requestId}, ${p.filename}, ${p.mimeType}, ${p.sizeBytes}, ${p.storageKey})`);
}

export async function photosOf(db: DbOrTx, requestIds: readonly number[]) {
  if (requestIds.length === 0) return [];
  const { rows } = await db.execute<{
    id: number;
    request_id: number;
    original_name: string;
    mime_type: string;
    size_bytes: number;
    storage_key: string;
  }>(sql`SELECT id, request_id, original_name, mime_type, size_bytes, storage_key FROM intervention_request_photos
        WHERE request_id IN (${sql.join(
          requestIds.map((i) => sql`${i}`),
          sql`, `,
        )}) ORDER BY request_id, id`);
  return rows.map((r) => ({
    id: r.id,
    requestId: r.request_id,
    filename: r.original_name,
    mimeType: r.mime_type,
    sizeBytes: r.size_bytes,
    storageKey: r.storage_key,
  }));
}

type RequestRow = {
  id: number;
  statut: RequestStatut;
  source: RequestSource;
  equipement_id: number;
  equipement_nom: string;
  client_id: number;
  client_nom: string;
  description: string;
  nom: string;
  telephone: string;
  email: string | null;
  portal_user_id: number | null;
  created_at: Date | string;
  decided_by: number | null;
  decided_by_nom: string | null;
  decided_at: Date | string | null;
  motif: string | null;
  intervention_id: number | null;
};

const SELECT = sql`SELECT r.id, r.statut, r.source, r.equipement_id, e.nom AS equipement_nom, c.id AS client_id,
    c.nom_entreprise AS client_nom, r.description, r.nom, r.telephone, r.email, r.portal_user_id, r.created_at,
    r.decided_by, u.nom AS decided_by_nom, r.decided_at, r.motif, r.intervention_id
  FROM intervention_requests r
  JOIN equipements e ON e.id = r.equipement_id
  JOIN clients c ON c.id = e.proprietaire_id
  LEFT JOIN users u ON u.id = r.decided_by`;

const toRequest = (r: RequestRow): Omit<InterventionRequest, 'photos'> => ({
  id: r.id,
  statut: r.statut,
  source: r.source,
  equipement: { id: r.equipement_id, nom: r.equipement_nom },
  client: { id: r.client_id, nom_entreprise: r.client_nom },
  description: r.description,
  nom: r.nom,
  telephone: r.telephone,
  email: r.email,
  portal_user_id: r.portal_user_id,
  created_at: iso(r.created_at)!,
  decided_by: r.decided_by !== null && r.decided_by_nom !== null ? { id: r.decided_by, nom: r.decided_by_nom } : null,
  decided_at: iso(r.decided_at),
  motif: r.motif,
  intervention_id: r.intervention_id,
});

/** `%q%` of the folded query, LIKE's wildcards escaped after folding (as db/text-search.ts does). */
const foldedLike = (q: string) =>
  sql`'%' || regexp_replace(gmao_fold(${q}), ${sql.raw(`'([\\\\%_])'`)}, ${sql.raw(`'\\\\\\1'`)}, 'g') || '%'`;

export async function listRequests(
  db: DbOrTx,
  q: RequestListQuery & { portalUserId?: number; visibility?: Visibility },
) {
  const where = [q.visibility ? clientVisible(q.visibility, sql`e.proprietaire_id`) : sql`TRUE`];
  if (q.statut) where.push(sql`r.statut = ${q.statut}`);
  if (q.portalUserId !== undefined) where.push(sql`r.portal_user_id = ${q.portalUserId}`);
  if (q.search) {
    where.push(sql`gmao_fold(r.description || ' ' || r.nom || ' ' || r.telephone || ' ' || e.nom || ' ' ||
      c.nom_entreprise) LIKE ${foldedLike(q.search)}`);
  }
  const cond = sql.join(where, sql` AND `);
  const { rows } = await db.execute<RequestRow>(sql`${SELECT} WHERE ${cond}
    ORDER BY r.created_at DESC, r.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`);
  const { rows: count } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM intervention_requests r
    JOIN equipements e ON e.id = r.equipement_id JOIN clients c ON c.id = e.proprietaire_id WHERE ${cond}`);
  return { rows: rows.map(toRequest), total: count[0].n };
}

export async function findRequest(db: DbOrTx, id: number) {
  const { rows } = await db.execute<RequestRow>(sql`${SELECT} WHERE r.id = ${id}`);
  return rows[0] ? toRequest(rows[0]) : null;
}

/** The request's row locked for a decision; null when there is none. */
export async function lockRequest(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ statut: RequestStatut }>(
    sql`SELECT statut FROM intervention_requests WHERE id = ${id} FOR UPDATE`,
  );
  return rows[0] ?? null;
}

export async function decide(
  db: DbOrTx,
  id: number,
  d: { statut: RequestStatut; userId: number; motif?: string | null; interventionId?: number | null },
) {
  await db.execute(sql`UPDATE intervention_requests
    SET statut = ${d.statut}, decided_by = ${d.userId}, decided_at = now(), motif = ${d.motif ?? null},
        intervention_id = ${d.interventionId ?? null}
    WHERE id = ${id}`);
}

/** The equipment's name when the visibility sees it (a portal user files on his company's equipment only), or null. */
export async function visibleEquipmentName(db: DbOrTx, v: Visibility, id: number): Promise<string | null> {
  const { rows } = await db.execute<{ nom: string }>(
    sql`SELECT e.nom FROM equipements e WHERE e.id = ${id} AND ${clientVisible(v, sql`e.proprietaire_id`)}`,
  );
  return rows[0]?.nom ?? null;
}
