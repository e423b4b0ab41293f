import type { ContractInput, Guarantee, PauseRule } from '@gmao/domain/contracts/contract-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/** A contract's versions, with their guarantees and pause statuses (issue 31): SQL only. */

const iso = (d: Date | string) => new Date(d).toISOString();
const json = (v: unknown) => JSON.stringify(v);
/** A JSON array of ids as a set of integers (one parameter, whatever the count). */
const idSet = (ids: readonly number[]) => sql`(SELECT jsonb_array_elements_text(${json(ids)}::jsonb)::int)`;

export interface VersionRow {
  id: number;
  version: number;
  valid_from: string;
  creer_par_nom: string | null;
  type: ContractInput['type'];
  date_debut: string;
  date_fin: string;
  reconduction_tacite: boolean;
  equipement_ids: number[] | null;
  plan_ids: number[];
  calendrier_id: number;
  calendrier_nom: string;
  montant_annuel_ht: string | null;
  garanties: Guarantee[];
  statuts_pause: PauseRule[];
}

/** Every version, newest first, with its guarantees and pause statuses. */
export async function listVersions(db: DbOrTx, contractId: number): Promise<VersionRow[]> {
  const { rows } = await db.execute<Omit<VersionRow, 'valid_from'> & { valid_from: Date | string }>(sql`
    SELECT v.id, v.version, v.valid_from, u.nom AS creer_par_nom, v.type, v.date_debut::text AS date_debut,
      v.date_fin::text AS date_fin, v.reconduction_tacite, v.equipement_ids, v.plan_ids, v.calendrier_id,
      b.nom AS calendrier_nom, v.montant_annuel_ht::text AS montant_annuel_ht,
      COALESCE((SELECT json_agg(json_build_object('urgence', g.urgence, 'cible', g.cible, 'minutes', g.minutes)
          ORDER BY g.urgence DESC, array_position(ARRAY['PRISE_EN_COMPTE','SUR_SITE','RETABLISSEMENT']::text[], g.cible::text))
        FROM contract_guarantees g WHERE g.contract_version_id = v.id), '[]') AS garanties,
      COALESCE((SELECT json_agg(json_build_object('statut', s.statut, 'condition', s.condition) ORDER BY s.statut, s.condition)
        FROM contract_pause_statuses s WHERE s.contract_version_id = v.id), '[]') AS statuts_pause
    FROM contract_versions v
    JOIN business_calendars b ON b.id = v.calendrier_id
    LEFT JOIN users u ON u.id = v.creer_par
    WHERE v.contract_id = ${contractId}
    ORDER BY v.version DESC`);
  return rows.map((r) => ({ ...r, valid_from: iso(r.valid_from) }));
}

/** A version with its guarantees and pause statuses; the current coverage and plans are replaced. */
export async function writeVersion(
  db: DbOrTx,
  contractId: number,
  version: number,
  input: ContractInput,
  userId: number,
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`INSERT INTO contract_versions (contract_id, version, type,
      date_debut, date_fin, reconduction_tacite, all_equipment, equipement_ids, plan_ids, calendrier_id,
      montant_annuel_ht, creer_par)
    VALUES (${contractId}, ${version}, ${input.type}, ${input.date_debut}::date, ${input.date_fin}::date,
      ${input.reconduction_tacite}, ${input.equipement_ids === null},
      ${input.equipement_ids === null ? null : json(input.equipement_ids)}::jsonb, ${json(input.plan_ids)}::jsonb,
      ${input.calendrier_id}, ${input.montant_annuel_ht}::numeric, ${userId})
    RETURNING id`);
  const versionId = rows[0]!.id;
  if (input.garanties.length > 0) {
    await db.execute(sql`INSERT INTO contract_guarantees (contract_version_id, urgence, cible, minutes)
      SELECT ${versionId}, (g->>'urgence')::boolean, g->>'cible', (g->>'minutes')::int
      FROM jsonb_array_elements(${json(input.garanties)}::jsonb) g`);
  }
  if (input.statuts_pause.length > 0) {
    await db.execute(sql`INSERT INTO contract_pause_statuses (contract_version_id, statut, condition)
      SELECT ${versionId}, s->>'statut', s->>'condition' FROM jsonb_array_elements(${json(input.statuts_pause)}::jsonb) s`);
  }
  await db.execute(sql`DELETE FROM contract_equipment WHERE contract_id = ${contractId}`);
  if (input.equipement_ids !== null) {
    await db.execute(sql`INSERT INTO contract_equipment (contract_id, equipement_id)
      SELECT ${contractId}, x.id FROM ${idSet(input.equipement_ids)} AS x(id)`);
  }
  await db.execute(sql`DELETE FROM contract_plans WHERE contract_id = ${contractId}`);
  if (input.plan_ids.length > 0) {
    await db.execute(sql`INSERT INTO contract_plans (contract_id, plan_id)
      SELECT ${contractId}, x.id FROM ${idSet(input.plan_ids)} AS x(id)`);
  }
  return versionId;
}
