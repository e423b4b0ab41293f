import type { Consignation, ConsignationInput } from '@gmao/domain/habilitations/consignation';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';

/** The SQL of the consignation record (migration 0064, issue 34). */

type Row = Omit<
  Consignation,
  'charge_consignation' | 'charge_travaux' | 'attestee_le' | 'deconsignee_le' | 'signatures'
> & {
  signature_cc_key: string | null;
  signature_ct_key: string | null;
  cc_id: number | null;
  cc_nom: string | null;
  ct_id: number | null;
  ct_nom: string | null;
  attestee_le: Date | string | null;
  deconsignee_le: Date | string | null;
};
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The record with its signature images' storage keys (the PDF reads them; the API says only whether they exist). */
export type ConsignationRecord = Consignation & { keys: { cc: string | null; ct: string | null } };

export async function findConsignation(db: DbOrTx, interventionId: number): Promise<ConsignationRecord | null> {
  const { rows } = await db.execute<Row>(sql`
    SELECT k.intervention_id, k.numero, k.etapes, k.signe_charge_consignation, k.signe_charge_travaux, k.attestee_le,
      k.deconsignation, k.deconsignee_le, k.charge_consignation_id AS cc_id, cc.nom AS cc_nom,
      k.charge_travaux_id AS ct_id, ct.nom AS ct_nom, k.signature_cc_key, k.signature_ct_key
    FROM intervention_consignations k
    LEFT JOIN users cc ON cc.id = k.charge_consignation_id LEFT JOIN users ct ON ct.id = k.charge_travaux_id
    WHERE k.intervention_id = ${interventionId}`);
  const r = rows[0];
  if (!r) return null;
  const { cc_id, cc_nom, ct_id, ct_nom, signature_cc_key, signature_ct_key, ...rest } = r;
  return {
    ...rest,
    signatures: { charge_consignation: signature_cc_key !== null, charge_travaux: signature_ct_key !== null },
    keys: { cc: signature_cc_key, ct: signature_ct_key },
    attestee_le: iso(r.attestee_le),
    deconsignee_le: iso(r.deconsignee_le),
    charge_consignation: cc_id !== null && cc_nom !== null ? { id: cc_id, nom: cc_nom } : null,
    charge_travaux: ct_id !== null && ct_nom !== null ? { id: ct_id, nom: ct_nom } : null,
  };
}

/** Writes the record (numbered at its first save); attestee_le / deconsignee_le set once, when complete. */
export async function saveConsignation(
  db: DbOrTx,
  interventionId: number,
  input: ConsignationInput,
  by: number,
  keys: { cc: string | null; ct: string | null } = { cc: null, ct: null },
) {
  const attested = input.etapes.length === 5 && input.signe_charge_consignation && input.signe_charge_travaux;
  const released = input.deconsignation.length === 5;
  await db.execute(sql`
    INSERT INTO intervention_consignations (intervention_id, numero, charge_consignation_id, charge_travaux_id, etapes,
      signe_charge_consignation, signe_charge_travaux, attestee_le, deconsignation, deconsignee_le, updated_by,
      signature_cc_key, signature_ct_key)
    VALUES (${interventionId}, 'CONS-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('consignation_numero_seq')::text, 6, '0'),
      ${input.charge_consignation_id}, ${input.charge_travaux_id}, ${JSON.stringify(input.etapes)}::jsonb,
      ${input.signe_charge_consignation}, ${input.signe_charge_travaux}, CASE WHEN ${attested} THEN now() END,
      ${JSON.stringify(input.deconsignation)}::jsonb, CASE WHEN ${released} THEN now() END, ${by},
      ${keys.cc}, ${keys.ct})
    ON CONFLICT (intervention_id) DO UPDATE SET charge_consignation_id = EXCLUDED.charge_consignation_id,
      charge_travaux_id = EXCLUDED.charge_travaux_id, etapes = EXCLUDED.etapes,
      signe_charge_consignation = EXCLUDED.signe_charge_consignation, signe_charge_travaux = EXCLUDED.signe_charge_travaux,
      attestee_le = CASE WHEN ${attested} THEN coalesce(intervention_consignations.attestee_le, now()) END,
      deconsignation = EXCLUDED.deconsignation,
      deconsignee_le = CASE WHEN ${released} THEN coalesce(intervention_consignations.deconsignee_le, now()) END,
      signature_cc_key = coalesce(EXCLUDED.signature_cc_key, intervention_consignations.signature_cc_key),
      signature_ct_key = coalesce(EXCLUDED.signature_ct_key, intervention_consignations.signature_ct_key),
      updated_at = now(), updated_by = EXCLUDED.updated_by`);
}

/** What the status rule reads: the intervention's kind of work and its record's two dates. */
export async function consignationState(db: DbOrTx, interventionId: number) {
  const { rows } = await db.execute<{ type_travail: string | null; attestee: boolean; deconsignee: boolean }>(sql`
    SELECT i.type_travail, k.attestee_le IS NOT NULL AS attestee, k.deconsignee_le IS NOT NULL AS deconsignee
    FROM interventions i LEFT JOIN intervention_consignations k ON k.intervention_id = i.id WHERE i.id = ${interventionId}`);
  return rows[0] ?? null;
}

/** The names of the users who did the steps (the attestation prints them). */
export async function userNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: number; nom: string }>(
    sql`SELECT id, nom FROM users WHERE id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.nom]));
}
