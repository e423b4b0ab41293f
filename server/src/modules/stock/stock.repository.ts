import {
  DEFAULT_STOCK_SETTINGS,
  type LocationInput,
  type MovementListQuery,
  type MovementType,
  type Part,
  type PartInput,
  type PartListQuery,
  type PartRequest,
  type PartRequestInput,
  type PartSupplier,
  type StockAlert,
  type StockLocation,
  type StockMovement,
  type StockSettings,
  type StockSuggestion,
} from '@gmao/domain/stock/stock-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

const iso = (v: Date | string) => new Date(v).toISOString();
const num = (v: string | number | null) => (v === null ? 0 : Number(v));

type PartRow = {
  id: number;
  reference: string;
  designation: string;
  famille: string | null;
  unite: string;
  prix_unitaire: string;
  seuil_reappro: string;
  quantite_reappro: string;
  fournisseurs: PartSupplier[];
  types_equipement: string[];
  on_hand: string;
  reserved: string;
  created_at: Date;
  updated_at: Date;
};

const SELECT_PART = sql`
  SELECT p.id, p.reference, p.designation, p.famille, p.unite, p.prix_unitaire::text, p.seuil_reappro::text,
         p.quantite_reappro::text, p.fournisseurs, p.types_equipement, p.created_at, p.updated_at,
         COALESCE(l.on_hand, 0)::text AS on_hand, COALESCE(l.reserved, 0)::text AS reserved
  FROM parts p
  LEFT JOIN LATERAL (SELECT sum(on_hand) AS on_hand, sum(reserved) AS reserved FROM stock_levels s
                     WHERE s.part_id = p.id) l ON true`;

function toPart(r: PartRow): Part {
  const onHand = num(r.on_hand);
  const reserved = num(r.reserved);
  const seuil = num(r.seuil_reappro);
  const available = onHand - reserved;
  return {
    id: r.id,
    reference: r.reference,
    designation: r.designation,
    famille: r.famille,
    unite: r.unite,
    prix_unitaire: num(r.prix_unitaire),
    seuil_reappro: seuil,
    quantite_reappro: num(r.quantite_reappro),
    fournisseurs: r.fournisseurs,
    types_equipement: r.types_equipement,
    on_hand: onHand,
    reserved,
    available,
    low_stock: seuil > 0 && available <= seuil,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** Same expression as parts_search_trgm_idx (migration 0024). */
const SEARCH_EXPR = sql`lower(p.reference || ' ' || p.designation || ' ' || coalesce(p.famille, ''))`;

function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function partWhere(q: PartListQuery): SQL {
  const conditions: SQL[] = [];
  // Every word must appear (reference, designation or famille).
  for (const word of (q.search ?? '').split(/\s+/).filter(Boolean)) {
    conditions.push(sql`${SEARCH_EXPR} LIKE ${likePattern(word)}`);
  }
  if (q.famille) conditions.push(sql`p.famille = ${q.famille}`);
  return conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

export async function listParts(db: DbOrTx, q: PartListQuery) {
  const where = partWhere(q);
  const [{ rows }, count] = await Promise.all([
    db.execute<PartRow>(sql`${SELECT_PART} ${where} ORDER BY p.reference, p.id
      LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM parts p ${where}`),
  ]);
  return { rows: rows.map(toPart), total: count.rows[0]?.total ?? 0 };
}

export async function findPart(db: DbOrTx, id: number) {
  const { rows } = await db.execute<PartRow>(sql`${SELECT_PART} WHERE p.id = ${id}`);
  return rows[0] ? toPart(rows[0]) : null;
}

export async function partStockByLocation(db: DbOrTx, partId: number) {
  const { rows } = await db.execute<{
    location_id: number;
    location_nom: string;
    location_type: string;
    on_hand: string;
    reserved: string;
  }>(sql`SELECT s.location_id, l.nom AS location_nom, l.type AS location_type, s.on_hand::text, s.reserved::text
         FROM stock_levels s JOIN stock_locations l ON l.id = s.location_id
         WHERE s.part_id = ${partId} ORDER BY l.nom, l.id`);
  return rows.map((r) => ({
    location_id: r.location_id,
    location_nom: r.location_nom,
    location_type: r.location_type,
    on_hand: num(r.on_hand),
    reserved: num(r.reserved),
    available: num(r.on_hand) - num(r.reserved),
  }));
}

const arr = (v: string[]) =>
  sql`ARRAY[${sql.join(
    v.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;
const textArray = (v: string[]) => (v.length === 0 ? sql`'{}'::text[]` : arr(v));

export async function insertPart(db: DbOrTx, p: PartInput) {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO parts (reference, designation, famille, unite, prix_unitaire, seuil_reappro, quantite_reappro,
                       fournisseurs, types_equipement)
    VALUES (${p.reference}, ${p.designation}, ${p.famille}, ${p.unite}, ${p.prix_unitaire}, ${p.seuil_reappro},
            ${p.quantite_reappro}, ${JSON.stringify(p.fournisseurs)}::jsonb, ${textArray(p.types_equipement)})
    RETURNING id`);
  return rows[0].id;
}

export async function updatePart(db: DbOrTx, id: number, p: PartInput) {
  const { rows } = await db.execute<{ id: number }>(sql`
    UPDATE parts SET reference = ${p.reference}, designation = ${p.designation}, famille = ${p.famille},
      unite = ${p.unite}, prix_unitaire = ${p.prix_unitaire}, seuil_reappro = ${p.seuil_reappro},
      quantite_reappro = ${p.quantite_reappro}, fournisseurs = ${JSON.stringify(p.fournisseurs)}::jsonb,
      types_equipement = ${textArray(p.types_equipement)}, updated_at = now()
    WHERE id = ${id} RETURNING id`);
  return rows.length > 0;
}

/** One page of the catalogue in reference order, after `after` (keyset on the unique reference: the CSV export). */
export async function partsPage(db: DbOrTx, after: string | undefined, limit: number) {
  const { rows } = await db.execute<PartRow>(sql`${SELECT_PART}
    ${after === undefined ? sql`` : sql`WHERE p.reference > ${after}`} ORDER BY p.reference LIMIT ${limit}`);
  return rows.map(toPart);
}

/**
 * Creates or updates the given parts, matched on their reference, in one statement (the import); the counts of
 * created and updated parts.
 */
export async function upsertParts(db: DbOrTx, parts: PartInput[]) {
  const { rows } = await db.execute<{ created: number; updated: number }>(sql`
    WITH up AS (
      INSERT INTO parts AS p (reference, designation, famille, unite, prix_unitaire, seuil_reappro, quantite_reappro,
                              fournisseurs, types_equipement)
      SELECT x.reference, x.designation, x.famille, x.unite, x.prix_unitaire, x.seuil_reappro, x.quantite_reappro,
             x.fournisseurs, x.types_equipement
      FROM jsonb_to_recordset(${JSON.stringify(parts)}::jsonb) AS x(
        reference varchar, designation varchar, famille varchar, unite varchar, prix_unitaire numeric,
        seuil_reappro numeric, quantite_reappro numeric, fournisseurs jsonb, types_equipement text[])
      ON CONFLICT (reference) DO UPDATE SET designation = excluded.designation, famille = excluded.famille,
        unite = excluded.unite, prix_unitaire = excluded.prix_unitaire, seuil_reappro = excluded.seuil_reappro,
        quantite_reappro = excluded.quantite_reappro, fournisseurs = excluded.fournisseurs,
        types_equipement = excluded.types_equipement, updated_at = now()
      RETURNING (xmax = 0) AS inserted
    )
    SELECT count(*) FILTER (WHERE inserted)::int AS created, count(*) FILTER (WHERE NOT inserted)::int AS updated
    FROM up`);
  return rows[0] ?? { created: 0, updated: 0 };
}

/** Deletes a part nothing refers to (no movement, level, request or material line); false otherwise. */
export async function deletePartIfUnused(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ id: number }>(sql`
    DELETE FROM parts p WHERE p.id = ${id}
      AND NOT EXISTS (SELECT 1 FROM stock_movements m WHERE m.part_id = p.id)
      AND NOT EXISTS (SELECT 1 FROM part_request_lines r WHERE r.part_id = p.id)
      AND NOT EXISTS (SELECT 1 FROM intervention_materials im WHERE im.part_id = p.id)
    RETURNING id`);
  if (rows.length > 0) await db.execute(sql`DELETE FROM stock_levels WHERE part_id = ${id}`);
  return rows.length > 0;
}

export async function lockPart(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ id: number; designation: string; seuil_reappro: string; reference: string }>(
    sql`SELECT id, designation, reference, seuil_reappro::text FROM parts WHERE id = ${id} FOR UPDATE`,
  );
  return rows[0] ? { ...rows[0], seuil_reappro: num(rows[0].seuil_reappro) } : null;
}

// Locations

type LocationRow = {
  id: number;
  nom: string;
  type: StockLocation['type'];
  technicien_id: number | null;
  client_id: number | null;
  created_at: Date;
};
const toLocation = (r: LocationRow): StockLocation => ({
  id: r.id,
  nom: r.nom,
  type: r.type,
  technicien_id: r.technicien_id,
  client_id: r.client_id,
  createdAt: iso(r.created_at),
});

export async function listLocations(db: DbOrTx) {
  const { rows } = await db.execute<LocationRow>(sql`SELECT * FROM stock_locations ORDER BY id`);
  return rows.map(toLocation);
}

export async function findLocation(db: DbOrTx, id: number) {
  const { rows } = await db.execute<LocationRow>(sql`SELECT * FROM stock_locations WHERE id = ${id}`);
  return rows[0] ? toLocation(rows[0]) : null;
}

export async function centralStoreId(db: DbOrTx, nom: string) {
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT id FROM stock_locations WHERE nom = ${nom} UNION ALL SELECT min(id) FROM stock_locations LIMIT 1`,
  );
  return rows[0]?.id ?? null;
}

export async function insertLocation(db: DbOrTx, l: LocationInput) {
  const { rows } = await db.execute<LocationRow>(sql`
    INSERT INTO stock_locations (nom, type, technicien_id, client_id)
    VALUES (${l.nom}, ${l.type}, ${l.technicien_id}, ${l.client_id}) RETURNING *`);
  return toLocation(rows[0]);
}

// Levels and ledger

/** The (part, location) figures, row-locked for this transaction (the row is created at 0 when missing). */
export async function lockLevel(db: DbOrTx, partId: number, locationId: number) {
  await db.execute(sql`INSERT INTO stock_levels (part_id, location_id) VALUES (${partId}, ${locationId})
                       ON CONFLICT DO NOTHING`);
  const { rows } = await db.execute<{ on_hand: string; reserved: string }>(sql`
    SELECT on_hand::text, reserved::text FROM stock_levels
    WHERE part_id = ${partId} AND location_id = ${locationId} FOR UPDATE`);
  return { onHand: num(rows[0].on_hand), reserved: num(rows[0].reserved) };
}

export async function changeLevel(db: DbOrTx, partId: number, locationId: number, dOnHand: number, dReserved: number) {
  await db.execute(sql`UPDATE stock_levels SET on_hand = on_hand + ${dOnHand}::numeric,
                         reserved = reserved + ${dReserved}::numeric
                       WHERE part_id = ${partId} AND location_id = ${locationId}`);
}

/** Available over every location (on hand − reserved). */
export async function totalAvailable(db: DbOrTx, partId: number) {
  const { rows } = await db.execute<{ available: string }>(
    sql`SELECT COALESCE(sum(on_hand - reserved), 0)::text AS available FROM stock_levels WHERE part_id = ${partId}`,
  );
  return num(rows[0].available);
}

export async function insertMovement(
  db: DbOrTx,
  m: {
    partId: number;
    locationId: number;
    type: MovementType;
    quantite: number;
    motif: string | null;
    interventionId?: number | null;
    partRequestId?: number | null;
    userId: number | null;
  },
) {
  const { rows } = await db.execute<{ id: string }>(sql`
    INSERT INTO stock_movements (part_id, location_id, type, quantite, motif, intervention_id, part_request_id, user_id)
    VALUES (${m.partId}, ${m.locationId}, ${m.type}, ${m.quantite}::numeric, ${m.motif}, ${m.interventionId ?? null},
            ${m.partRequestId ?? null}, ${m.userId})
    RETURNING id`);
  return Number(rows[0].id);
}

type MovementRow = {
  id: string;
  part_id: number;
  location_id: number;
  type: MovementType;
  quantite: string;
  motif: string | null;
  intervention_id: number | null;
  part_request_id: number | null;
  user_id: number | null;
  created_at: Date;
};
const toMovement = (r: MovementRow): StockMovement => ({
  id: Number(r.id),
  part_id: r.part_id,
  location_id: r.location_id,
  type: r.type,
  quantite: num(r.quantite),
  motif: r.motif,
  intervention_id: r.intervention_id,
  part_request_id: r.part_request_id,
  user_id: r.user_id,
  createdAt: iso(r.created_at),
});

export async function findMovements(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<MovementRow>(sql`SELECT id, part_id, location_id, type, quantite::text, motif,
      intervention_id, part_request_id, user_id, created_at FROM stock_movements
    WHERE id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) ORDER BY id`);
  return rows.map(toMovement);
}

export async function listMovements(db: DbOrTx, q: MovementListQuery) {
  const conditions: SQL[] = [];
  if (q.part_id) conditions.push(sql`part_id = ${q.part_id}`);
  if (q.location_id) conditions.push(sql`location_id = ${q.location_id}`);
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const [{ rows }, count] = await Promise.all([
    db.execute<MovementRow>(sql`SELECT id, part_id, location_id, type, quantite::text, motif, intervention_id,
        part_request_id, user_id, created_at FROM stock_movements ${where}
      ORDER BY id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM stock_movements ${where}`),
  ]);
  return { rows: rows.map(toMovement), total: count.rows[0]?.total ?? 0 };
}

// Alerts and suggestions

type AlertRow = {
  part_id: number;
  reference: string;
  designation: string;
  unite: string;
  on_hand: string;
  reserved: string;
  seuil_reappro: string;
  quantite_reappro: string;
  prix_unitaire: string;
  fournisseur: string | null;
  delai_jours: number | null;
};

async function lowStockRows(db: DbOrTx) {
  const { rows } = await db.execute<AlertRow>(sql`
    SELECT p.id AS part_id, p.reference, p.designation, p.unite, p.seuil_reappro::text, p.quantite_reappro::text,
           p.prix_unitaire::text, p.fournisseurs->0->>'nom' AS fournisseur,
           (p.fournisseurs->0->>'delai_jours')::int AS delai_jours,
           COALESCE(l.on_hand, 0)::text AS on_hand, COALESCE(l.reserved, 0)::text AS reserved
    FROM parts p
    LEFT JOIN LATERAL (SELECT sum(on_hand) AS on_hand, sum(reserved) AS reserved FROM stock_levels s
                       WHERE s.part_id = p.id) l ON true
    WHERE p.seuil_reappro > 0 AND COALESCE(l.on_hand, 0) - COALESCE(l.reserved, 0) <= p.seuil_reappro
    ORDER BY p.reference, p.id`);
  return rows;
}

const toAlert = (r: AlertRow): StockAlert => ({
  part_id: r.part_id,
  reference: r.reference,
  designation: r.designation,
  unite: r.unite,
  on_hand: num(r.on_hand),
  reserved: num(r.reserved),
  available: num(r.on_hand) - num(r.reserved),
  seuil_reappro: num(r.seuil_reappro),
});

export async function lowStock(db: DbOrTx) {
  return (await lowStockRows(db)).map(toAlert);
}

export async function suggestions(db: DbOrTx): Promise<StockSuggestion[]> {
  return (await lowStockRows(db)).map((r) => {
    const a = toAlert(r);
    const q = Math.max(num(r.quantite_reappro), Math.round((a.seuil_reappro - a.available) * 1000) / 1000);
    const prix = num(r.prix_unitaire);
    return {
      ...a,
      quantite_suggeree: q,
      prix_unitaire: prix,
      montant: Math.round(q * prix * 100) / 100,
      fournisseur: r.fournisseur,
      delai_jours: r.delai_jours,
    };
  });
}

// Part requests

export async function insertPartRequest(db: DbOrTx, interventionId: number, r: PartRequestInput, userId: number) {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO part_requests (intervention_id, fournisseur, date_commande, date_prevue, user_id)
    VALUES (${interventionId}, ${r.fournisseur}, ${r.date_commande}, ${r.date_prevue}, ${userId}) RETURNING id`);
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
  received_at: Date | null;
  created_at: Date;
  lignes: { part_id: number; reference: string; designation: string; quantite: string }[];
};

export async function listPartRequests(db: DbOrTx, interventionId: number, rid?: number) {
  const { rows } = await db.execute<RequestRow>(sql`
    SELECT r.id, r.intervention_id, r.fournisseur, r.date_commande::text, r.date_prevue::text, r.statut,
           r.location_id, r.received_at, r.created_at,
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

// The part's photo (migration 0028)

export async function partPhoto(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ photo_key: string | null; photo_type: string | null }>(
    sql`SELECT photo_key, photo_type FROM parts WHERE id = ${id}`,
  );
  return rows[0] ?? null;
}

/** Sets (or clears, with nulls) the part's photo under its row lock; the previous key, or undefined: no such part. */
export async function setPartPhoto(db: DbOrTx, id: number, key: string | null, type: string | null) {
  const { rows } = await db.execute<{ old_key: string | null }>(sql`
    WITH old AS (SELECT id, photo_key FROM parts WHERE id = ${id} FOR UPDATE)
    UPDATE parts p SET photo_key = ${key}, photo_type = ${type}, updated_at = now() FROM old WHERE p.id = old.id
    RETURNING old.photo_key AS old_key`);
  return rows.length === 0 ? undefined : rows[0].old_key;
}

/** The stock's settings (app_settings, key 'stock'); the defaults when none was saved. */
export async function stockSettings(db: DbOrTx): Promise<StockSettings> {
  const { rows } = await db.execute<{ value: Partial<StockSettings> }>(
    sql`SELECT value FROM app_settings WHERE key = 'stock'`,
  );
  return { ...DEFAULT_STOCK_SETTINGS, ...(rows[0]?.value ?? {}) };
}

export async function saveStockSettings(db: DbOrTx, value: StockSettings) {
  await db.execute(sql`INSERT INTO app_settings (key, value, updated_at) VALUES ('stock', ${JSON.stringify(value)}::jsonb, now())
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
}
