import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import { visible } from '../../../db/predicates.ts';

/** The data of the bon d'intervention's content (bon-content.ts), its frozen versions and its signatures. */

export const BON_ROW_LIMIT = 500;

/** Runs the queries one after the other (a transaction's connection takes one at a time). */
async function inTurn<T extends readonly (() => Promise<unknown>)[]>(
  queries: T,
): Promise<{ [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const out: unknown[] = [];
  for (const q of queries) out.push(await q());
  return out as { [K in keyof T]: Awaited<ReturnType<T[K]>> };
}
/** Photos printed as thumbnails on the bon (the first ones, in upload order). */
export const BON_PHOTO_LIMIT = 6;
export const BON_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export type BonHeadRow = {
  id: number;
  date: string;
  description: string | null;
  note: string | null;
  urgence: boolean;
  statut: string;
  technician_id: number | null;
  creer_par: number | null;
  technicien: string | null;
  createur: string | null;
  created_at: Date;
  client_nom: string;
  client_ice: string | null;
  client_adresse: string | null;
  client_code_postal: string | null;
  client_ville: string | null;
  client_contact: string | null;
  client_telephone: string | null;
  equipement: string;
  type_equipement: string | null;
  marque: string | null;
  modele: string | null;
  numero_serie: string | null;
};

/** The intervention (visible only) with its client and equipment. */
export async function bonHead(db: DbOrTx, id: number): Promise<BonHeadRow | null> {
  const { rows } = await db.execute<BonHeadRow>(sql`
    SELECT i.id, i.date::text AS date, i.description, i.note, i.urgence, i.statut, i.technician_id, i.creer_par,
           tu.nom AS technicien, cu.nom AS createur, i.created_at,
           c.nom_entreprise AS client_nom, c.ice AS client_ice, c.adresse AS client_adresse,
           c.code_postal AS client_code_postal, c.ville AS client_ville,
           c.contact_principal AS client_contact, coalesce(c.telephone_contact, c.tel) AS client_telephone,
           e.nom AS equipement, e.type_equipement, e.marque, e.modele, e.numero_serie
    FROM interventions i
    JOIN equipements e ON e.id = i.equipement_id
    JOIN clients c ON c.id = i.client_id
    LEFT JOIN users tu ON tu.id = i.technician_id
    LEFT JOIN users cu ON cu.id = i.creer_par
    WHERE i.id = ${id} AND ${visible()}`);
  return rows[0] ?? null;
}

export type InterventionContract = {
  id: number;
  numero: string;
  type: string;
  signature_client_obligatoire: boolean;
  /** The version whose guarantees apply: the SLA clocks' one, else the contract's current one. */
  contract_version_id: number | null;
};

/**
 * The contract an intervention falls under: the one its SLA clocks follow (intervention_sla, filled by the SLA job),
 * else a live contract of its client covering its equipment on its date (all equipment, or the covered list).
 */
export async function interventionContract(db: DbOrTx, id: number): Promise<InterventionContract | null> {
  const { rows } = await db.execute<InterventionContract>(sql`
    SELECT * FROM (
      SELECT k.id, k.numero, k.type, k.signature_client_obligatoire, v.id AS contract_version_id, 0 AS rank
      FROM intervention_sla s
      JOIN contract_versions v ON v.id = s.contract_version_id
      JOIN contracts k ON k.id = v.contract_id
      WHERE s.intervention_id = ${id}
      UNION ALL
      SELECT k.id, k.numero, k.type, k.signature_client_obligatoire,
             (SELECT cv.id FROM contract_versions cv WHERE cv.contract_id = k.id AND cv.version = k.version),
             1 AS rank
      FROM interventions i
      JOIN contracts k ON k.client_id = i.client_id AND k.deleted_at IS NULL
        AND i.date BETWEEN k.date_debut AND k.date_fin
        AND (k.all_equipment OR EXISTS (
          SELECT 1 FROM contract_equipment ce WHERE ce.contract_id = k.id AND ce.equipement_id = i.equipement_id))
      WHERE i.id = ${id}
    ) x
    ORDER BY rank, id DESC
    LIMIT 1`);
  const row = rows[0];
  if (!row) return null;
  const { rank: _rank, ...contract } = row as InterventionContract & { rank: number };
  return contract;
}

/** The guaranteed times of a contract version for an urgent or a normal intervention. */
export async function contractGuarantees(db: DbOrTx, versionId: number, urgence: boolean) {
  const { rows } = await db.execute<{ cible: string; minutes: number }>(sql`
    SELECT g.cible, g.minutes FROM contract_guarantees g
    WHERE g.contract_version_id = ${versionId} AND g.urgence = ${urgence}
    ORDER BY array_position(ARRAY['PRISE_EN_COMPTE', 'SUR_SITE', 'RETABLISSEMENT']::text[], g.cible::text)`);
  return rows;
}

/** Whether the intervention has a client's signature (any version): the "signature obligatoire" rule. */
export async function hasClientSignature(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM intervention_signatures WHERE intervention_id = ${id} AND role = 'CLIENT') AS found`);
  return rows[0]?.found === true;
}

/**
 * The work records, checklist, materials, time, reports and photos of the content. One query after the other: this
 * runs inside the signing transaction, on one connection.
 */
export async function bonWork(db: DbOrTx, id: number) {
  const [diag, plan, qc, custom, checklist, materials, sessions, reports, photos] = await inTurn([
    () =>
      db.execute<{
        constat: string;
        causes: string | null;
        actions_recommandees: string | null;
        gravite: string;
        par: string | null;
      }>(sql`
      SELECT d.constat, d.causes, d.actions_recommandees, d.gravite, u.nom AS par
      FROM intervention_diagnostics d LEFT JOIN users u ON u.id = d.user_id WHERE d.intervention_id = ${id}`),
    () =>
      db.execute<{
        date_prevue: string;
        duree_estimee: string | null;
        pieces_necessaires: string | null;
        instructions: string | null;
        par: string | null;
      }>(sql`
      SELECT p.date_prevue::text AS date_prevue, p.duree_estimee::text AS duree_estimee, p.pieces_necessaires,
             p.instructions, u.nom AS par
      FROM intervention_planifications p LEFT JOIN users u ON u.id = p.user_id WHERE p.intervention_id = ${id}`),
    () =>
      db.execute<{ resultat: string; observations: string | null; controle_le: string; par: string | null }>(sql`
      SELECT q.resultat, q.observations, q.controle_le::text AS controle_le, u.nom AS par
      FROM intervention_quality_controls q LEFT JOIN users u ON u.id = q.controle_par
      WHERE q.intervention_id = ${id}`),
    () =>
      db.execute<{ libelle: string; type: string; unite: string | null; valeur: unknown }>(sql`
      SELECT d.libelle, d.type, d.unite, i.custom_fields -> d.cle AS valeur
      FROM interventions i JOIN custom_field_definitions d ON i.custom_fields ? d.cle
      WHERE i.id = ${id} ORDER BY d.position, d.id`),
    () =>
      db.execute<{ libelle: string; fait: boolean; fait_le: Date | null; par: string | null }>(sql`
      SELECT c.label AS libelle, c.checked AS fait, c.checked_at AS fait_le, u.nom AS par
      FROM intervention_checklist_items c LEFT JOIN users u ON u.id = c.checked_by
      WHERE c.intervention_id = ${id} ORDER BY c.position, c.id LIMIT ${BON_ROW_LIMIT}`),
    () =>
      db.execute<{
        designation: string;
        reference: string | null;
        quantite: string;
        prix_unitaire: string;
        total: string;
        grand_total: string;
      }>(sql`
      SELECT m.designation, m.reference, m.quantite::text AS quantite, m.prix_unitaire::text AS prix_unitaire,
             round(m.quantite * m.prix_unitaire, 2)::text AS total,
             (SELECT coalesce(sum(round(x.quantite * x.prix_unitaire, 2)), 0)::text
                FROM intervention_materials x WHERE x.intervention_id = ${id}) AS grand_total
      FROM intervention_materials m WHERE m.intervention_id = ${id} ORDER BY m.id LIMIT ${BON_ROW_LIMIT}`),
    () =>
      db.execute<{ technicien: string; debut: Date; fin: Date }>(sql`
      SELECT coalesce(u.nom, '-') AS technicien, s.started_at AS debut, s.stopped_at AS fin
      FROM intervention_timer_sessions s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.intervention_id = ${id} AND s.stopped_at IS NOT NULL
      ORDER BY s.started_at, s.id LIMIT ${BON_ROW_LIMIT}`),
    () =>
      db.execute<{ titre: string; contenu: string; par: string | null; le: Date }>(sql`
      SELECT r.titre, r.contenu, u.nom AS par, r.created_at AS le
      FROM intervention_reports r LEFT JOIN users u ON u.id = r.user_id
      WHERE r.intervention_id = ${id} ORDER BY r.created_at, r.id LIMIT ${BON_ROW_LIMIT}`),
    () =>
      db.execute<{ id: number; nom: string; type: string; taille: number }>(sql`
      SELECT a.id, a.original_name AS nom, a.mime_type AS type, a.size_bytes AS taille
      FROM intervention_attachments a
      WHERE a.intervention_id = ${id} AND a.mime_type IN ('image/jpeg', 'image/png')
      ORDER BY a.id LIMIT ${BON_PHOTO_LIMIT}`),
  ] as const);
  const totalSeconds = sessions.rows.reduce(
    (s, r) => s + Math.round((new Date(r.fin).getTime() - new Date(r.debut).getTime()) / 1000),
    0,
  );
  return {
    diagnostic: diag.rows[0] ?? null,
    planification: plan.rows[0] ?? null,
    controle_qualite: qc.rows[0] ?? null,
    champs_personnalises: custom.rows,
    checklist: checklist.rows.map((c) => ({ ...c, fait_le: iso(c.fait_le) })),
    materiels: materials.rows.map(({ grand_total: _g, ...m }) => m),
    materielsTotal: materials.rows[0]?.grand_total ?? '0.00',
    sessions: sessions.rows.map((s) => ({
      technicien: s.technicien,
      debut: iso(s.debut) as string,
      fin: iso(s.fin) as string,
    })),
    totalSeconds,
    comptes_rendus: reports.rows.map((r) => ({ ...r, le: iso(r.le) as string })),
    photos: photos.rows,
  };
}

/** Storage keys of the photos named in a content (the bon prints their thumbnails). */
export async function photoKeys(db: DbOrTx, interventionId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ id: number; storage_key: string }>(sql`
    SELECT id, storage_key FROM intervention_attachments WHERE intervention_id = ${interventionId} AND id IN (${list})`);
  return new Map(rows.map((r) => [r.id, r.storage_key]));
}

// ---------------------------------------------------------------- versions and signatures

export type BonVersionRow = { id: number; version: number; contenu: string; sha256: string; created_at: Date };

export async function latestVersion(db: DbOrTx, interventionId: number): Promise<BonVersionRow | null> {
  const { rows } = await db.execute<BonVersionRow>(sql`
    SELECT id, version, contenu, sha256, created_at FROM intervention_bon_versions
    WHERE intervention_id = ${interventionId} ORDER BY version DESC LIMIT 1`);
  return rows[0] ?? null;
}

export async function findVersion(db: DbOrTx, interventionId: number, version: number): Promise<BonVersionRow | null> {
  const { rows } = await db.execute<BonVersionRow>(sql`
    SELECT id, version, contenu, sha256, created_at FROM intervention_bon_versions
    WHERE intervention_id = ${interventionId} AND version = ${version}`);
  return rows[0] ?? null;
}

export async function insertVersion(
  db: DbOrTx,
  v: { interventionId: number; version: number; contenu: string; sha256: string },
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO intervention_bon_versions (intervention_id, version, contenu, sha256)
    VALUES (${v.interventionId}, ${v.version}, ${v.contenu}, ${v.sha256}) RETURNING id`);
  return rows[0]!.id;
}

export type SignatureRow = {
  id: number;
  intervention_id: number;
  role: 'CLIENT' | 'TECHNICIEN';
  nom: string;
  qualite: string | null;
  signe_le: Date;
  recu_le: Date;
  sha256: string;
  storage_key: string;
  version: number;
  envoye_par: string | null;
};

const SIGNATURE_COLUMNS = sql`s.id, s.intervention_id, s.role, s.nom, s.qualite, s.signe_le, s.recu_le, s.sha256,
  s.storage_key, v.version, u.nom AS envoye_par`;
const SIGNATURE_FROM = sql`intervention_signatures s
  JOIN intervention_bon_versions v ON v.id = s.bon_version_id
  LEFT JOIN users u ON u.id = s.user_id`;

export async function listSignatures(db: DbOrTx, interventionId: number): Promise<SignatureRow[]> {
  const { rows } = await db.execute<SignatureRow>(sql`
    SELECT ${SIGNATURE_COLUMNS} FROM ${SIGNATURE_FROM}
    WHERE s.intervention_id = ${interventionId} ORDER BY s.id LIMIT ${BON_ROW_LIMIT}`);
  return rows;
}

export async function versionSignatures(db: DbOrTx, versionId: number): Promise<SignatureRow[]> {
  const { rows } = await db.execute<SignatureRow>(sql`
    SELECT ${SIGNATURE_COLUMNS} FROM ${SIGNATURE_FROM} WHERE s.bon_version_id = ${versionId} ORDER BY s.id`);
  return rows;
}

export async function findSignatureByChangeId(
  db: DbOrTx,
  interventionId: number,
  changeId: string,
): Promise<SignatureRow | null> {
  const { rows } = await db.execute<SignatureRow>(sql`
    SELECT ${SIGNATURE_COLUMNS} FROM ${SIGNATURE_FROM}
    WHERE s.intervention_id = ${interventionId} AND s.change_id = ${changeId}`);
  return rows[0] ?? null;
}

export async function findSignature(db: DbOrTx, id: number): Promise<SignatureRow | null> {
  const { rows } = await db.execute<SignatureRow>(sql`
    SELECT ${SIGNATURE_COLUMNS} FROM ${SIGNATURE_FROM} WHERE s.id = ${id}`);
  return rows[0] ?? null;
}

export async function insertSignature(
  db: DbOrTx,
  s: {
    interventionId: number;
    bonVersionId: number;
    role: string;
    nom: string;
    qualite: string | null;
    signeLe: string;
    sha256: string;
    imageSha256: string;
    storageKey: string;
    changeId: string | null;
    userId: number;
  },
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO intervention_signatures (intervention_id, bon_version_id, role, nom, qualite, signe_le, sha256,
      image_sha256, storage_key, change_id, user_id)
    VALUES (${s.interventionId}, ${s.bonVersionId}, ${s.role}, ${s.nom}, ${s.qualite}, ${s.signeLe}::timestamptz,
      ${s.sha256}, ${s.imageSha256}, ${s.storageKey}, ${s.changeId}, ${s.userId})
    RETURNING id`);
  return rows[0]!.id;
}
