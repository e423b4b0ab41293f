import type { PartRequest, PartRequestInput } from '@gmao/domain/stock/stock-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import { iso, num } from '../stock.repository.ts';

/** Part requests of an intervention, its material lines' stock state, its waiting-for-parts history. */

// Part requests

export async function insertPartRequest(db: DbOrTx, interventionId: number, r: PartRequestInput, userId: number) {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO part_requests (intervention_id, fournisseur, date_commande, date_prevue, user_id, fourni_par_client)
    VALUES (${interventionId}, ${r.fournisseur}, ${r.date_commande}, ${r.date_prevue}, ${userId}, ${r.fourni_par_client})
    RETURNING id`);
  const id = rows[0].id;
  for (const l of r.lignes) {
    await db.execute(sql`INSERT INTO part_request_lines (request_id, part_id, quantite)
                         VALUES (${id}, ${l.part_id}, ${l.quantite}::numeric)`);
  }
  return id;
}

export async function countOpenRequests(db: DbOrTx, interventionId: number) {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM part_requests
    WHERE intervention_id = ${interventionId} AND statut = 'OUVERTE'`);
  return rows[0].n;
}

export async function lockPartRequest(db: DbOrTx, interventionId: number, rid: number) {
  const { rows } = await db.execute<{ id: number; statut: string }>(sql`SELECT id, statut FROM part_requests
    WHERE id = ${rid} AND intervention_id = ${interventionId} FOR UPDATE`);
  return rows[0] ?? null;
}

export async function requestLines(db: DbOrTx, rid: number) {
  const { rows } = await db.execute<{ part_id: number; quantite: string }>(
    sql`SELECT part_id, quantite::text FROM part_request_lines WHERE request_id = ${rid} ORDER BY id`,
  );
  return rows.map((r) => ({ part_id: r.part_id, quantite: num(r.quantite) }));
}

export async function markCancelled(db: DbOrTx, rid: number) {
  await db.execute(sql`UPDATE part_requests SET statut = 'ANNULEE' WHERE id = ${rid}`);
}

/** Every open request of the intervention, cancelled (the intervention itself is cancelled); their ids. */
export async function cancelOpenRequests(db: DbOrTx, interventionId: number) {
  const { rows } = await db.execute<{ id: number }>(sql`UPDATE part_requests SET statut = 'ANNULEE'
    WHERE intervention_id = ${interventionId} AND statut = 'OUVERTE' RETURNING id`);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function setClientSupplied(db: DbOrTx, rid: number, fourniParClient: boolean) {
  await db.execute(sql`UPDATE part_requests SET fourni_par_client = ${fourniParClient} WHERE id = ${rid}`);
}

export async function markReceived(db: DbOrTx, rid: number, locationId: number) {
  await db.execute(sql`UPDATE part_requests SET statut = 'RECUE', received_at = now(), location_id = ${locationId}
                       WHERE id = ${rid}`);
}

type RequestRow = {
  id: number;
  intervention_id: number;
  fournisseur: string;
  date_commande: string;
  date_prevue: string | null;
  statut: PartRequest['statut'];
  location_id: number | null;
  fourni_par_client: boolean;
  received_at: Date | null;
  created_at: Date;
  lignes: { part_id: number; reference: string; designation: string; quantite: string }[];
};

export async function listPartRequests(db: DbOrTx, interventionId: number, rid?: number) {
  const { rows } = await db.execute<RequestRow>(sql`
    SELECT r.id, r.intervention_id, r.fournisseur, r.date_commande::text, r.date_prevue::text, r.statut,
           r.location_id, r.fourni_par_client, r.received_at, r.created_at,
           (SELECT COALESCE(json_agg(json_build_object('part_id', l.part_id, 'reference', p.reference,
                     'designation', p.designation, 'quantite', l.quantite::text) ORDER BY l.id), '[]')
            FROM part_request_lines l JOIN parts p ON p.id = l.part_id WHERE l.request_id = r.id) AS lignes
    FROM part_requests r
    WHERE r.intervention_id = ${interventionId} ${rid ? sql`AND r.id = ${rid}` : sql``}
    ORDER BY r.id`);
  return rows.map(
    (r): PartRequest => ({
      id: r.id,
      intervention_id: r.intervention_id,
      fournisseur: r.fournisseur,
      date_commande: r.date_commande,
      date_prevue: r.date_prevue,
      statut: r.statut,
      location_id: r.location_id,
      fourni_par_client: r.fourni_par_client,
      received_at: r.received_at ? iso(r.received_at) : null,
      lignes: r.lignes.map((l) => ({ ...l, quantite: num(l.quantite) })),
      createdAt: iso(r.created_at),
    }),
  );
}

// Material lines linked to stock

export async function reservedLines(db: DbOrTx, interventionId: number) {
  const { rows } = await db.execute<{ id: number; part_id: number; location_id: number; quantite: string }>(sql`
    SELECT id, part_id, location_id, quantite::text FROM intervention_materials
    WHERE intervention_id = ${interventionId} AND stock_state = 'RESERVEE' ORDER BY part_id, location_id, id
    FOR UPDATE`);
  return rows.map((r) => ({ ...r, quantite: num(r.quantite) }));
}

/** The intervention's issued lines (SORTIE), locked: what cancelling it returns to stock. */
export async function issuedLines(db: DbOrTx, interventionId: number) {
  const { rows } = await db.execute<{ id: number; part_id: number; location_id: number; quantite: string }>(sql`
    SELECT id, part_id, location_id, quantite::text FROM intervention_materials
    WHERE intervention_id = ${interventionId} AND stock_state = 'SORTIE' ORDER BY part_id, location_id, id
    FOR UPDATE`);
  return rows.map((r) => ({ ...r, quantite: num(r.quantite) }));
}

export async function setLineState(db: DbOrTx, lineId: number, state: 'RESERVEE' | 'SORTIE' | 'LIBEREE' | 'RETOURNEE') {
  await db.execute(sql`UPDATE intervention_materials SET stock_state = ${state} WHERE id = ${lineId}`);
}

export async function linkLine(db: DbOrTx, lineId: number, partId: number, locationId: number) {
  await db.execute(sql`UPDATE intervention_materials SET part_id = ${partId}, location_id = ${locationId},
                         stock_state = 'RESERVEE' WHERE id = ${lineId}`);
}

export async function lineStock(db: DbOrTx, lineId: number) {
  const { rows } = await db.execute<{
    part_id: number | null;
    location_id: number | null;
    stock_state: string | null;
    quantite: string;
  }>(sql`SELECT part_id, location_id, stock_state, quantite::text FROM intervention_materials WHERE id = ${lineId}`);
  return rows[0] ? { ...rows[0], quantite: num(rows[0].quantite) } : null;
}

/** The intervention's waiting-for-parts history (for the MTTR split). */
export async function statusHistory(db: DbOrTx, interventionId: number) {
  const { rows } = await db.execute<{ to_statut: string | null; created_at: Date }>(sql`
    SELECT to_statut, created_at FROM intervention_history
    WHERE intervention_id = ${interventionId} AND to_statut IS NOT NULL
      AND from_statut IS DISTINCT FROM to_statut ORDER BY created_at, id`);
  return rows.map((r) => ({ toStatut: r.to_statut, at: r.created_at }));
}
