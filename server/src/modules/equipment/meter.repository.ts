import type { MeterReading } from '@gmao/domain/equipment/meter-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

type RawReading = Omit<MeterReading, 'createdAt'> & { created_at: Date | string };
const toReading = ({ created_at, ...r }: RawReading): MeterReading => ({
  ...r,
  createdAt: new Date(created_at).toISOString(),
});

const SELECT = sql`SELECT r.id, r.equipement_id, r.date::text AS date, r.valeur, r.saisi_par, u.nom AS saisi_par_nom,
    r.created_at FROM compteur_releves r LEFT JOIN users u ON u.id = r.saisi_par`;

/** Locks the equipment row (readings of one equipment are checked and written one at a time); false: no such one. */
export async function lockEquipment(tx: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`SELECT 1 FROM equipements WHERE id = ${id} FOR UPDATE`);
  return rows.length > 0;
}

export async function equipmentExists(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM equipements WHERE id = ${id}`);
  return rows.length > 0;
}

/** Newest first (by day, then entry order). */
export async function listReadings(db: DbOrTx, equipementId: number, limit: number): Promise<MeterReading[]> {
  const { rows } = await db.execute<RawReading>(
    sql`${SELECT} WHERE r.equipement_id = ${equipementId} ORDER BY r.date DESC, r.id DESC LIMIT ${limit}`,
  );
  return rows.map(toReading);
}

/** The highest reading on or before `date`, and the lowest one after it (the neighbours a new one must fit between). */
export async function neighbours(tx: DbOrTx, equipementId: number, date: string, exceptId: number | null = null) {
  const other = sql`id IS DISTINCT FROM ${exceptId}::int`;
  const { rows } = await tx.execute<{ kind: 'before' | 'after'; valeur: number; date: string }>(sql`
    (SELECT 'before' AS kind, valeur, date::text AS date FROM compteur_releves
      WHERE equipement_id = ${equipementId} AND date <= ${date}::date AND ${other}
      ORDER BY valeur DESC, date DESC LIMIT 1)
    UNION ALL
    (SELECT 'after' AS kind, valeur, date::text AS date FROM compteur_releves
      WHERE equipement_id = ${equipementId} AND date > ${date}::date AND ${other}
      ORDER BY valeur ASC, date ASC LIMIT 1)`);
  return { before: rows.find((r) => r.kind === 'before') ?? null, after: rows.find((r) => r.kind === 'after') ?? null };
}

export async function insertReading(
  tx: DbOrTx,
  r: { equipementId: number; date: string; valeur: number; userId: number },
): Promise<number> {
  const { rows } = await tx.execute<{
    id: number;
  }>(sql`INSERT INTO compteur_releves (equipement_id, date, valeur, saisi_par)
    VALUES (${r.equipementId}, ${r.date}::date, ${r.valeur}, ${r.userId}) RETURNING id`);
  return rows[0].id;
}

/** The reading of this equipment (null: none), locked for its correction or deletion. */
export async function lockReading(tx: DbOrTx, equipementId: number, id: number) {
  const { rows } = await tx.execute<{ id: number; date: string; valeur: number }>(
    sql`SELECT id, date::text AS date, valeur FROM compteur_releves
        WHERE id = ${id} AND equipement_id = ${equipementId} FOR UPDATE`,
  );
  return rows[0] ?? null;
}

/** A corrected reading keeps its author and entry time (created_at: the meter baseline of plans reads it). */
export async function updateReading(tx: DbOrTx, id: number, r: { date: string; valeur: number }) {
  await tx.execute(sql`UPDATE compteur_releves SET date = ${r.date}::date, valeur = ${r.valeur} WHERE id = ${id}`);
}

export async function deleteReading(tx: DbOrTx, id: number) {
  await tx.execute(sql`DELETE FROM compteur_releves WHERE id = ${id}`);
}

export async function findReading(db: DbOrTx, id: number): Promise<MeterReading> {
  const { rows } = await db.execute<RawReading>(sql`${SELECT} WHERE r.id = ${id}`);
  return toReading(rows[0]);
}
