import type { SessionUser } from '@gmao/domain/auth/user';
import { COMPANY_VISIBILITY, type Visibility, visibilityOf } from '@gmao/domain/auth/visibility';
import { makePagination } from '@gmao/domain/common/api';
import { MAX_QUANTITY } from '@gmao/domain/common/numbers';
import {
  type LocationInput,
  STOCK_MESSAGES as M,
  MOVEMENT_LABELS,
  type MovementInput,
  type MovementListQuery,
  type MovementType,
  type StockSettings,
} from '@gmao/domain/stock/stock-schemas';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notifyStockLow } from '../notifications/alert-notifications.service.ts';
import { emitLowStock } from '../webhooks/webhooks.service.ts';
import * as partsRepo from './parts/parts.repository.ts';
import * as stockRepo from './stock.repository.ts';

/** Stock locations, levels and movements (the one place stock figures change), alerts, suggestions, settings. */

export const round3 = (v: number) => Math.round(v * 1000) / 1000;

// Locations

/** The locations `user` sees (issue 33: a section-limited user, his section's stores, vans and site stores). */
export const listLocations = (db: Db, user: SessionUser) => stockRepo.listLocations(db, visibilityOf(user));

export async function createLocation(db: Db, input: LocationInput) {
  if (input.type === 'VEHICULE' && input.technicien_id === null) {
    throw new AppError('BAD_REQUEST', M.locationTechnicienRequired, [
      { field: 'technicien_id', msg: M.locationTechnicienRequired },
    ]);
  }
  if (input.type === 'SITE' && input.client_id === null) {
    throw new AppError('BAD_REQUEST', M.locationClientRequired, [
      { field: 'client_id', msg: M.locationClientRequired },
    ]);
  }
  try {
    return await db.transaction(async (tx) => {
      const location = await stockRepo.insertLocation(tx, input);
      await recordAudit(tx, {
        action: 'stock.location_create',
        entityId: location.id,
        summary: `Emplacement « ${location.nom} » créé`,
        after: location,
      });
      return location;
    });
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === '23505')
      throw new AppError('CONFLICT', M.locationNomTaken, [{ field: 'nom', msg: M.locationNomTaken }]);
    if (code === '23503') throw new AppError('BAD_REQUEST', M.locationNotFound);
    throw err;
  }
}

// Levels: the one place stock figures change

export interface LevelChange {
  partId: number;
  locationId: number;
  /** Added to on_hand (a ledger row of this signed quantity is written when `movement` is given). */
  dOnHand: number;
  /** Added to reserved. */
  dReserved: number;
  movement?: {
    type: MovementType;
    motif: string | null;
    interventionId?: number | null;
    partRequestId?: number | null;
  };
}

/**
 * Applies changes to stock levels in the caller's transaction. Each part row is locked (FOR UPDATE, in part id
 * order), then each (part, location) level row, so concurrent movements of a part are serialised: a decrease that
 * would take the available quantity (on hand − reserved) below zero is a 409 « Stock insuffisant ». A part whose
 * total available quantity crosses below its threshold notifies the holders of stock:manage (outbox).
 */
export async function applyChanges(tx: DbOrTx, user: SessionUser | null, changes: LevelChange[]) {
  const partIds = [...new Set(changes.map((c) => c.partId))].sort((a, b) => a - b);
  const parts = new Map<number, { designation: string; reference: string; seuil: number; before: number }>();
  for (const id of partIds) {
    const part = await partsRepo.lockPart(tx, id);
    if (!part) throw new AppError('NOT_FOUND', M.partNotFound);
    parts.set(id, {
      designation: part.designation,
      reference: part.reference,
      seuil: part.seuil_reappro,
      before: await stockRepo.totalAvailable(tx, id),
    });
  }
  const movementIds: number[] = [];
  const allowNegative = (await stockRepo.stockSettings(tx)).allow_negative;
  for (const c of changes) {
    const part = parts.get(c.partId)!;
    const level = await stockRepo.lockLevel(tx, c.partId, c.locationId);
    const available = round3(level.onHand - level.reserved);
    // A decrease of what is free (on hand going down without its reservation, or a new reservation).
    const takes = round3(c.dReserved - c.dOnHand);
    if (takes > 0 && available < takes && !allowNegative) {
      throw new AppError('CONFLICT', M.insufficient(part.designation, Math.max(available, 0)));
    }
    if (c.dOnHand < 0 && round3(level.onHand + c.dOnHand) < 0 && !allowNegative) {
      throw new AppError('CONFLICT', M.insufficient(part.designation, Math.max(available, 0)));
    }
    // The level's columns are NUMERIC(12,3): a sum past them is refused (it was PostgreSQL's overflow, a 500).
    const onHand = round3(level.onHand + c.dOnHand);
    const reserved = round3(level.reserved + c.dReserved);
    if (Math.abs(onHand) > MAX_QUANTITY || reserved > MAX_QUANTITY) {
      throw new AppError('BUSINESS_RULE', M.levelTooLarge(part.designation));
    }
    await stockRepo.changeLevel(tx, c.partId, c.locationId, c.dOnHand, c.dReserved);
    if (c.movement) {
      movementIds.push(
        await stockRepo.insertMovement(tx, {
          partId: c.partId,
          locationId: c.locationId,
          type: c.movement.type,
          quantite: c.dOnHand,
          motif: c.movement.motif,
          interventionId: c.movement.interventionId ?? null,
          partRequestId: c.movement.partRequestId ?? null,
          userId: user?.id ?? null,
        }),
      );
    }
  }
  for (const [id, part] of parts) {
    const after = await stockRepo.totalAvailable(tx, id);
    if (part.seuil > 0 && part.before > part.seuil && after <= part.seuil) {
      await notifyStockLow(tx, user, `${part.reference} — ${part.designation}`, round3(after), part.seuil);
      await emitLowStock(tx, id);
    }
  }
  return movementIds;
}

export async function mustHaveLocation(tx: DbOrTx, id: number, v: Visibility = COMPANY_VISIBILITY) {
  const location = await stockRepo.findLocation(tx, id, v);
  if (!location) throw new AppError('NOT_FOUND', M.locationNotFound);
  return location;
}

/** POST /stock/movements: one ledger row (two for a transfer), the levels and the audit row in one transaction. */
export async function recordMovement(db: Db, user: SessionUser, input: MovementInput) {
  const ids = await db.transaction(async (tx) => {
    // a section-limited user moves stock only in his section's locations
    const v = visibilityOf(user);
    await mustHaveLocation(tx, input.location_id, v);
    const motif = input.motif;
    const q = input.quantite;
    let changes: LevelChange[];
    switch (input.type) {
      case 'RECEPTION':
      case 'RETOUR':
        changes = [
          {
            partId: input.part_id,
            locationId: input.location_id,
            dOnHand: q,
            dReserved: 0,
            movement: { type: input.type, motif },
          },
        ];
        break;
      case 'SORTIE':
        changes = [
          {
            partId: input.part_id,
            locationId: input.location_id,
            dOnHand: -q,
            dReserved: 0,
            movement: { type: 'SORTIE', motif },
          },
        ];
        break;
      case 'AJUSTEMENT':
        changes = [
          {
            partId: input.part_id,
            locationId: input.location_id,
            dOnHand: q,
            dReserved: 0,
            movement: { type: 'AJUSTEMENT', motif },
          },
        ];
        break;
      case 'TRANSFERT': {
        const dest = input.location_dest_id!;
        await mustHaveLocation(tx, dest, v);
        // Level rows locked in location id order (two opposite transfers never wait on each other crosswise).
        const out: LevelChange = {
          partId: input.part_id,
          locationId: input.location_id,
          dOnHand: -q,
          dReserved: 0,
          movement: { type: 'TRANSFERT', motif },
        };
        const into: LevelChange = {
          partId: input.part_id,
          locationId: dest,
          dOnHand: q,
          dReserved: 0,
          movement: { type: 'TRANSFERT', motif },
        };
        changes = input.location_id < dest ? [out, into] : [into, out];
        // The decrease is checked against the source's figures whatever the order: it is on its own row.
        break;
      }
    }
    const movementIds = await applyChanges(tx, user, changes);
    await recordAudit(tx, {
      action: 'stock.movement',
      entityType: 'part',
      entityId: input.part_id,
      summary: `${MOVEMENT_LABELS[input.type]} de ${q} (pièce #${input.part_id}, emplacement #${input.location_id}${
        input.type === 'TRANSFERT' ? ` → #${input.location_dest_id}` : ''
      })`,
      after: { ...input, movementIds },
    });
    return movementIds;
  });
  return stockRepo.findMovements(db, ids);
}

export async function listMovements(db: Db, user: SessionUser, query: MovementListQuery) {
  const v = visibilityOf(user);
  const { rows, total } = await stockRepo.listMovements(db, {
    ...query,
    visibility: v.kind === 'company' ? undefined : v,
  });
  return { data: rows, pagination: makePagination(total, query.page, query.limit) };
}

export const alerts = (db: Db) => stockRepo.lowStock(db);
export const suggestions = (db: Db) => stockRepo.suggestions(db);

export function getStockSettings(db: DbOrTx): Promise<StockSettings> {
  return stockRepo.stockSettings(db);
}

/** PUT /stock/settings (stock:manage), audited with the value before and after. */
export async function updateStockSettings(db: Db, value: StockSettings): Promise<StockSettings> {
  return db.transaction(async (tx) => {
    const before = await stockRepo.stockSettings(tx);
    await stockRepo.saveStockSettings(tx, value);
    await recordAudit(tx, {
      action: 'stock.settings',
      entityType: 'stock',
      entityId: null,
      summary: value.allow_negative ? 'Stock négatif autorisé' : 'Stock négatif refusé',
      before,
      after: value,
    });
    return value;
  });
}
