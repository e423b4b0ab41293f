import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { SessionUser } from '@gmao/domain/auth/user';
import { interventionFacts } from '@gmao/domain/interventions/policy';
import {
  SIGNATURE_MESSAGES as M,
  SIGNATURE_ROLE_LABELS,
  type Signature,
  type SignatureFields,
} from '@gmao/domain/interventions/signature-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { pgErrorCode } from '../../../lib/pg-error.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { companyIdentity, documentSettings } from '../../settings/company.service.ts';
import { lockForAction, requireAccess } from '../access.ts';
import { stopAllSessions } from '../activity/timer.repository.ts';
import { findIntervention } from '../interventions.repository.ts';
import * as repo from './bon.repository.ts';
import { BON_FORMAT, type BonContent, canonicalJson, sha256Hex } from './bon-content.ts';
import { checkSignaturePng } from './signature-image.ts';

export { BON_PHOTO_LIMIT } from './bon.repository.ts';
export type { BonContent } from './bon-content.ts';

/**
 * Signatures of the bon d'intervention and its versions (issue 32). A signature freezes the bon's current content
 * (bon-content.ts): when that content is the latest version's (same SHA-256), the signature joins it — the client and
 * the technician sign one version; otherwise it becomes version N+1. The PDF prints a version from its frozen text.
 */

const iso = (d: Date | string) => new Date(d).toISOString();

const view = (r: repo.SignatureRow): Signature => ({
  id: r.id,
  role: r.role,
  nom: r.nom,
  signe_le: iso(r.signe_le),
  sha256: r.sha256,
  qualite: r.qualite,
  recu_le: iso(r.recu_le),
  version: r.version,
  envoye_par: r.envoye_par,
});

/** The bon's live content (null: no such visible intervention), with the row it was built from. */
export async function currentBonContent(db: DbOrTx, id: number) {
  const head = await repo.bonHead(db, id);
  if (!head) return null;
  // In turn, not Promise.all: inside the signing transaction these share one connection.
  const entreprise = await companyIdentity(db);
  const settings = await documentSettings(db);
  const contract = await repo.interventionContract(db, id);
  const work = await repo.bonWork(db, id);
  const garanties = contract?.contract_version_id
    ? await repo.contractGuarantees(db, contract.contract_version_id, head.urgence)
    : [];
  const prices = settings.afficherPrix;
  const content: BonContent = {
    format: BON_FORMAT,
    entreprise,
    intervention: {
      id: head.id,
      date: head.date,
      description: head.description,
      note: head.note,
      urgence: head.urgence,
      technicien: head.technicien,
      createur: head.createur,
      cree_le: iso(head.created_at),
    },
    client: {
      nom: head.client_nom,
      ice: head.client_ice,
      adresse: head.client_adresse,
      code_postal: head.client_code_postal,
      ville: head.client_ville,
      contact: head.client_contact,
      telephone: head.client_telephone,
    },
    equipement: {
      nom: head.equipement,
      type: head.type_equipement,
      marque: head.marque,
      modele: head.modele,
      numero_serie: head.numero_serie,
    },
    contrat: contract ? { numero: contract.numero, type: contract.type, garanties } : null,
    diagnostic: work.diagnostic,
    planification: work.planification,
    controle_qualite: work.controle_qualite,
    champs_personnalises: work.champs_personnalises,
    checklist: work.checklist,
    materiels: {
      prix_affiches: prices,
      lignes: work.materiels.map((m) => ({
        designation: m.designation,
        reference: m.reference,
        quantite: m.quantite,
        prix_unitaire: prices ? m.prix_unitaire : null,
        total: prices ? m.total : null,
      })),
      total: prices ? work.materielsTotal : null,
    },
    temps: { sessions: work.sessions, total_secondes: work.totalSeconds },
    comptes_rendus: work.comptes_rendus,
    photos: work.photos,
  };
  return { head, content };
}

export async function listInterventionSignatures(db: Db, id: number): Promise<Signature[]> {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return (await repo.listSignatures(db, id)).map(view);
}

/**
 * POST …/signatures. Refused before anything is stored: an unknown or invisible intervention (404), a user the
 * policy refuses ('sign': its creator, its technician or a responsable; 403), a cancelled intervention (422), an
 * image that is not a PNG (415), empty or too small (400, signature-image.ts). Then the image is stored, and under
 * the intervention's lock: the running timers stop (the time on site the client signs is closed), the content is
 * built and hashed, joined to the latest version or frozen as the next, and the signature recorded with an audit
 * row; a failure removes the stored image. A change_id already recorded answers that signature again (replay).
 */
export async function signIntervention(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  id: number,
  fields: SignatureFields,
  image: Buffer,
): Promise<{ data: Signature; replayed: boolean }> {
  const replay = async () => {
    if (!fields.change_id) return null;
    const prior = await repo.findSignatureByChangeId(db, id, fields.change_id);
    if (!prior) return null;
    return { data: view(prior), replayed: true };
  };
  const prior = await replay();
  if (prior) return prior;
  const intervention = await findIntervention(db, id);
  if (!intervention) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  requireAccess(user, 'sign', interventionFacts(intervention));
  if (intervention.statut === 'ANNULEE') throw new AppError('BUSINESS_RULE', M.cancelled);
  checkSignaturePng(image);
  const key = `interventions/${id}/signatures/${randomUUID()}.png`;
  await storage.save(key, Readable.from([image]));
  try {
    const signatureId = await db.transaction(async (tx) => {
      const locked = await lockForAction(tx, user, id, 'sign');
      if (locked.statut === 'ANNULEE') throw new AppError('BUSINESS_RULE', M.cancelled);
      await stopAllSessions(tx, id);
      const built = await currentBonContent(tx, id);
      if (!built) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
      const text = canonicalJson(built.content);
      const hash = sha256Hex(text);
      const latest = await repo.latestVersion(tx, id);
      const joins = latest !== null && latest.sha256 === hash;
      const version = joins ? latest.version : (latest?.version ?? 0) + 1;
      const versionId = joins
        ? latest.id
        : await repo.insertVersion(tx, { interventionId: id, version, contenu: text, sha256: hash });
      const sid = await repo.insertSignature(tx, {
        interventionId: id,
        bonVersionId: versionId,
        role: fields.role,
        nom: fields.nom,
        qualite: fields.qualite,
        signeLe: fields.signe_le,
        sha256: hash,
        imageSha256: sha256Hex(image),
        storageKey: key,
        changeId: fields.change_id,
        userId: user.id,
      });
      await recordAudit(tx, {
        action: 'intervention.signature',
        entityId: id,
        summary: `Bon d'intervention #${id} signé par ${fields.nom} (${SIGNATURE_ROLE_LABELS[fields.role]}), version ${version}`,
        after: {
          role: fields.role,
          nom: fields.nom,
          qualite: fields.qualite,
          signe_le: fields.signe_le,
          version,
          sha256: hash,
        },
      });
      return sid;
    });
    const row = await repo.findSignature(db, signatureId);
    return { data: view(row!), replayed: false };
  } catch (err) {
    await storage.remove([key]);
    // The same change id sent twice at once: the other request recorded it.
    if (pgErrorCode(err) === '23505' && fields.change_id) {
      const again = await replay();
      if (again) return again;
    }
    throw err;
  }
}

/**
 * The "Signature du client obligatoire pour terminer" rule (company setting, or the intervention's contract): the
 * refusal's message when the intervention has no client signature yet, else null. Called by the status workflow
 * (workflow/status.service.ts) when an intervention moves to TERMINEE, through every door (sync included).
 */
export async function clientSignatureState(db: DbOrTx, id: number): Promise<{ required: boolean; signed: boolean }> {
  let required = (await documentSettings(db)).signatureClientObligatoire;
  if (!required) required = (await repo.interventionContract(db, id))?.signature_client_obligatoire === true;
  return { required, signed: await repo.hasClientSignature(db, id) };
}

export async function closeWithoutSignatureRefusal(tx: DbOrTx, id: number): Promise<string | null> {
  let required = (await documentSettings(tx)).signatureClientObligatoire;
  if (!required) required = (await repo.interventionContract(tx, id))?.signature_client_obligatoire === true;
  if (!required || (await repo.hasClientSignature(tx, id))) return null;
  return M.clientRequired(id);
}

export type ResolvedBon = {
  head: repo.BonHeadRow;
  content: BonContent;
  sha256: string;
  /** The signed version printed, or null: the live (unsigned) content. */
  version: { number: number; created_at: string } | null;
  /** The latest signed version, when the live content differs from it. */
  changedSince: number | null;
  signatures: (Signature & { storage_key: string })[];
  photoKeys: Map<number, string>;
};

/**
 * What GET /api/reports/interventions/{id}/pdf prints. With ?version=N: that signed version, from its frozen text
 * (404 when there is none). Without: the latest signed version while the live content is still the one signed
 * (same SHA-256), else the live content, unsigned, noting the signed version it departs from.
 */
export async function resolveBon(db: DbOrTx, id: number, version?: number): Promise<ResolvedBon> {
  const built = await currentBonContent(db, id);
  if (!built) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  let frozen: repo.BonVersionRow | null;
  let changedSince: number | null = null;
  if (version !== undefined) {
    frozen = await repo.findVersion(db, id, version);
    if (!frozen) throw new AppError('NOT_FOUND', M.versionNotFound);
  } else {
    const latest = await repo.latestVersion(db, id);
    const liveHash = sha256Hex(canonicalJson(built.content));
    frozen = latest && latest.sha256 === liveHash ? latest : null;
    if (latest && !frozen) changedSince = latest.version;
  }
  const content = frozen ? (JSON.parse(frozen.contenu) as BonContent) : built.content;
  const signatures = frozen ? await repo.versionSignatures(db, frozen.id) : [];
  return {
    head: built.head,
    content,
    sha256: frozen ? frozen.sha256 : sha256Hex(canonicalJson(built.content)),
    version: frozen ? { number: frozen.version, created_at: iso(frozen.created_at) } : null,
    changedSince,
    signatures: signatures.map((s) => ({ ...view(s), storage_key: s.storage_key })),
    photoKeys: await repo.photoKeys(
      db,
      id,
      content.photos.map((p) => p.id),
    ),
  };
}
