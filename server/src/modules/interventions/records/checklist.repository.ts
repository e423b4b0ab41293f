import type { Checklist, ChecklistItem } from '@gmao/domain/interventions/checklist-schemas';
import { defaultChecklist } from '@gmao/domain/interventions/checklist-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import { toIso } from '../interventions.repository.ts';

type Row = {
  id: number;
  label: string;
  position: number;
  checked: boolean;
  checked_at: Date | string | null;
  checked_by: number | null;
  checker: string | null;
};

const toItem = (r: Row): ChecklistItem => ({
  id: r.id,
  label: r.label,
  position: r.position,
  checked: r.checked,
  checkedAt: r.checked_at ? toIso(r.checked_at) : null,
  checkedBy: r.checked_by !== null && r.checker !== null ? { id: r.checked_by, nom: r.checker } : null,
});

export async function listChecklist(db: DbOrTx, interventionId: number): Promise<Checklist> {
  const { rows } = await db.execute<Row>(sql`SELECT c.id, c.label, c.position, c.checked, c.checked_at, c.checked_by,
        u.nom AS checker
      FROM intervention_checklist_items c LEFT JOIN users u ON u.id = c.checked_by
      WHERE c.intervention_id = ${interventionId}
      ORDER BY c.position, c.id`);
  const items = rows.map(toItem);
  return { items, done: items.filter((i) => i.checked).length, total: items.length };
}

/** The default checklist of the equipment's type, for a new intervention (caller's transaction). */
export async function insertDefaultChecklist(db: DbOrTx, interventionId: number, equipementId: number) {
  const { rows } = await db.execute<{ type: string | null }>(
    sql`SELECT type_equipement AS type FROM equipements WHERE id = ${equipementId}`,
  );
  await insertChecklistItems(db, interventionId, defaultChecklist(rows[0]?.type));
}

/** The given steps, in order, as a new intervention's checklist. */
export async function insertChecklistItems(db: DbOrTx, interventionId: number, labels: readonly string[]) {
  if (labels.length === 0) return;
  const values = sql.join(
    labels.map((label, i) => sql`(${interventionId}, ${i + 1}, ${label})`),
    sql`, `,
  );
  await db.execute(sql`INSERT INTO intervention_checklist_items (intervention_id, position, label) VALUES ${values}`);
}

export async function countItems(db: DbOrTx, interventionId: number) {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM intervention_checklist_items WHERE intervention_id = ${interventionId}`,
  );
  return rows[0].n;
}

export async function addItem(db: DbOrTx, interventionId: number, label: string) {
  await db.execute(sql`INSERT INTO intervention_checklist_items (intervention_id, position, label)
    SELECT ${interventionId}, COALESCE(max(position), 0) + 1, ${label}
    FROM intervention_checklist_items WHERE intervention_id = ${interventionId}`);
}

export async function setChecked(db: DbOrTx, interventionId: number, itemId: number, checked: boolean, userId: number) {
  const { rows } = await db.execute<{ id: number }>(sql`UPDATE intervention_checklist_items SET
      checked = ${checked},
      checked_at = CASE WHEN ${checked} THEN clock_timestamp() END,
      checked_by = CASE WHEN ${checked} THEN ${userId}::int END
    WHERE id = ${itemId} AND intervention_id = ${interventionId}
    RETURNING id`);
  return rows.length > 0;
}

export async function deleteItem(db: DbOrTx, interventionId: number, itemId: number) {
  const { rows } = await db.execute<{ label: string }>(sql`DELETE FROM intervention_checklist_items
    WHERE id = ${itemId} AND intervention_id = ${interventionId} RETURNING label`);
  return rows[0]?.label ?? null;
}
