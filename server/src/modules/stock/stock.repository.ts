import { COMPANY_VISIBILITY, type Visibility } from '@gmao/domain/auth/visibility';
import {
  DEFAULT_STOCK_SETTINGS,
  type LocationInput,
  type MovementListQuery,
  type MovementType,
  type StockAlert,
  type StockLocation,
  type StockMovement,
  type StockSettings,
  type StockSuggestion,
} from '@gmao/domain/stock/stock-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { locationVisible } from '../../db/visibility.ts';

/** Stock locations, levels, the movement ledger, alerts and suggestions, and the stock settings. */

export const iso = (v: Date | string) => new Date(v).toISOString();
export const num = (v: string | number | null) => (v === null ? 0 : Number(v));

// Locations

type LocationRow = {
  id: number;
  nom: string;
  type: StockLocation['type'];
  technicien_id: number | null;
  client_id: number | null;
  section_id: number | null;
  created_at: Date;
};
const toLocation = (r: LocationRow): StockLocation => ({
  id: r.id,
  nom: r.nom,
  type: r.type,
  technicien_id: r.technicien_id,
  client_id: r.client_id,
  section_id: r.section_id,
  createdAt: iso(r.created_at),
});

export async function listLocations(db: DbOrTx, v: Visibility = COMPANY_VISIBILITY) {
  const { rows } = await db.execute<LocationRow>(
    sql`SELECT * FROM stock_locations l WHERE ${locationVisible(v)} ORDER BY id`,
  );
  return rows.map(toLocation);
}

export async function findLocation(db: DbOrTx, id: number, v: Visibility = COMPANY_VISIBILITY) {
  const { rows } = await db.execute<LocationRow>(
    sql`SELECT * FROM stock_locations l WHERE l.id = ${id} AND ${locationVisible(v)}`,
  );
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
    INSERT INTO stock_locations (nom, type, technicien_id, client_id, section_id)
    VALUES (${l.nom}, ${l.type}, ${l.technicien_id}, ${l.client_id}, ${l.section_id}) RETURNING *`);
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

export async function listMovements(db: DbOrTx, q: MovementListQuery & { visibility?: Visibility }) {
  const conditions: SQL[] = [];
  if (q.visibility) {
    conditions.push(sql`location_id IN (SELECT l.id FROM stock_locations l WHERE ${locationVisible(q.visibility)})`);
  }
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
