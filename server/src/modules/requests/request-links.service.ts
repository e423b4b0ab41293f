import { randomBytes } from 'node:crypto';
import { EQUIPMENT_MESSAGES } from '@gmao/domain/equipment/equipment-schemas';
import {
  REQUEST_MESSAGES as M,
  type PublicRequestTarget,
  type RequestLink,
} from '@gmao/domain/requests/request-schemas';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { appLink } from '../mail/mail.service.ts';
import { getCompanyProfile, openLogo } from '../settings/company.service.ts';
import * as repo from './requests.repository.ts';

/**
 * An equipment's request link, the token its QR code carries (issue 33), from the office that prints it to the
 * public page that follows it. Apart because its promise outlives every other part of the module: an equipment's
 * link is a random 256-bit token (base64url), made at the first ask and never derived from anything that changes
 * (ids, names, URLs of the app), so a printed label keeps working across upgrades. Rotating replaces it; the old
 * token then answers the same plain 404 as an unknown one.
 */

const newToken = () => randomBytes(32).toString('base64url');
const linkView = (equipementId: number, l: { token: string; createdAt: string }): RequestLink => ({
  equipement_id: equipementId,
  token: l.token,
  url: appLink(`/r/${l.token}`),
  created_at: l.createdAt,
});

async function mustHaveEquipment(db: DbOrTx, id: number) {
  if (!(await repo.equipmentExists(db, id))) throw new AppError('NOT_FOUND', EQUIPMENT_MESSAGES.notFound);
}

export async function getRequestLink(db: Db, equipementId: number): Promise<RequestLink> {
  await mustHaveEquipment(db, equipementId);
  const link = (await repo.findLink(db, equipementId)) ?? (await repo.ensureLink(db, equipementId, newToken()));
  return linkView(equipementId, link);
}

export async function rotateRequestLink(db: Db, equipementId: number): Promise<RequestLink> {
  return db.transaction(async (tx) => {
    await mustHaveEquipment(tx, equipementId);
    const link = await repo.replaceLink(tx, equipementId, newToken());
    await recordAudit(tx, {
      action: 'request.link.rotate',
      entityType: 'equipment',
      entityId: equipementId,
      summary: `Lien QR de demande renouvelé pour l'équipement #${equipementId}`,
    });
    return linkView(equipementId, link);
  });
}

// ── Public side ──────────────────────────────────────────────────────────────────────────────────────────────────

/** A token that names no equipment: the plain French 404, the same for an unknown and a revoked one. */
export const linkNotFound = () => new AppError('NOT_FOUND', M.linkNotFound);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,64}$/;

export async function equipmentOfToken(db: DbOrTx, token: string) {
  const eq = TOKEN_SHAPE.test(token) ? await repo.equipmentOfToken(db, token) : null;
  if (!eq) throw linkNotFound();
  return eq;
}

export async function publicTarget(db: Db, token: string): Promise<PublicRequestTarget> {
  const eq = await equipmentOfToken(db, token);
  const company = await getCompanyProfile(db);
  return {
    equipement: eq.nom,
    entreprise: company.nom,
    logo_url: company.logo_url ? `/api/public/requests/${token}/logo` : null,
  };
}

export async function publicLogo(db: Db, storage: FileStorage, token: string) {
  await equipmentOfToken(db, token);
  return openLogo(db, storage);
}
