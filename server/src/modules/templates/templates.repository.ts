import type { Template, TemplateInput } from '@gmao/domain/templates/template-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

type TemplateRow = {
  id: number;
  nom: string;
  description: string | null;
  type_equipement: string | null;
  urgence: boolean;
  duree_estimee: number | null;
  checklist: string[];
  materiaux: Template['materiaux'];
  actif: boolean;
  type_travail: Template['type_travail'];
  usage_count: number;
  created_at: Date;
  updated_at: Date;
};

const toTemplate = (r: TemplateRow): Template => ({
  id: r.id,
  nom: r.nom,
  description: r.description,
  type_equipement: r.type_equipement,
  urgence: r.urgence,
  duree_estimee: r.duree_estimee,
  checklist: r.checklist,
  materiaux: r.materiaux,
  actif: r.actif,
  type_travail: r.type_travail ?? null,
  usageCount: r.usage_count,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

const SELECT = sql`
  SELECT t.id, t.nom, t.description, t.type_equipement, t.urgence, t.duree_estimee, t.checklist, t.materiaux, t.actif,
         t.type_travail, t.created_at, t.updated_at,
         (SELECT count(*)::int FROM interventions i WHERE i.template_id = t.id) AS usage_count
  FROM intervention_templates t`;

export async function listTemplates(
  db: DbOrTx,
  f: { search?: string; type_equipement?: string; actif: 'true' | 'false' | 'all' },
): Promise<Template[]> {
  const where: SQL[] = [sql`true`];
  if (f.actif !== 'all') where.push(sql`t.actif = ${f.actif === 'true'}`);
  // A template without a type fits every equipment.
  if (f.type_equipement) where.push(sql`(t.type_equipement = ${f.type_equipement} OR t.type_equipement IS NULL)`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(t.nom ILIKE ${like} OR t.description ILIKE ${like})`);
  }
  const { rows } = await db.execute<TemplateRow>(
    sql`${SELECT} WHERE ${sql.join(where, sql` AND `)} ORDER BY lower(t.nom), t.id`,
  );
  return rows.map(toTemplate);
}

export async function findTemplate(db: DbOrTx, id: number): Promise<Template | null> {
  const { rows } = await db.execute<TemplateRow>(sql`${SELECT} WHERE t.id = ${id}`);
  return rows[0] ? toTemplate(rows[0]) : null;
}

export async function nameTaken(db: DbOrTx, nom: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM intervention_templates WHERE lower(nom) = lower(${nom}) AND id IS DISTINCT FROM ${exceptId}`,
  );
  return rows.length > 0;
}

export async function insertTemplate(db: DbOrTx, input: TemplateInput, userId: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO intervention_templates (nom, description, type_equipement, urgence, duree_estimee, checklist, materiaux, actif, created_by, type_travail)
    VALUES (${input.nom}, ${input.description}, ${input.type_equipement}, ${input.urgence}, ${input.duree_estimee},
            ${JSON.stringify(input.checklist)}::jsonb, ${JSON.stringify(input.materiaux)}::jsonb, ${input.actif}, ${userId},
            ${input.type_travail ?? null})
    RETURNING id`);
  return rows[0]!.id;
}

export async function updateTemplate(db: DbOrTx, id: number, input: TemplateInput): Promise<boolean> {
  const res = await db.execute(sql`
    UPDATE intervention_templates SET nom = ${input.nom}, description = ${input.description},
      type_equipement = ${input.type_equipement}, urgence = ${input.urgence}, duree_estimee = ${input.duree_estimee},
      checklist = ${JSON.stringify(input.checklist)}::jsonb, materiaux = ${JSON.stringify(input.materiaux)}::jsonb,
      actif = ${input.actif}, updated_at = now(),
      type_travail = CASE WHEN ${input.type_travail !== undefined} THEN ${input.type_travail ?? null} ELSE type_travail END
    WHERE id = ${id}`);
  return (res.rowCount ?? 0) > 0;
}

export async function deleteTemplate(db: DbOrTx, id: number): Promise<boolean> {
  const res = await db.execute(sql`DELETE FROM intervention_templates WHERE id = ${id}`);
  return (res.rowCount ?? 0) > 0;
}

export async function equipmentType(db: DbOrTx, equipementId: number): Promise<string | null | undefined> {
  const { rows } = await db.execute<{ type_equipement: string | null }>(
    sql`SELECT type_equipement FROM equipements WHERE id = ${equipementId}`,
  );
  return rows[0] ? rows[0].type_equipement : undefined;
}
