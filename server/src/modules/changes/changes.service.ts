import { hasPermission, PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import type { changesQuerySchema } from '@gmao/domain/common/sync';
import { SYNC_MESSAGES, SYNC_TYPES, type SyncType } from '@gmao/domain/common/sync';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { deletedSince } from './changes.repository.ts';

/** Who may learn of a deletion: whoever may read that kind of row. */
const READ_PERMISSION: Record<SyncType, string> = {
  intervention: PERMISSIONS.INTERVENTIONS_READ,
  client: PERMISSIONS.CLIENTS_READ,
  equipment: PERMISSIONS.EQUIPMENT_READ,
  part: PERMISSIONS.STOCK_READ,
};

/**
 * GET /api/changes (issue 35): the rows deleted — or, for an intervention, moved to the trash or the archive — since
 * an instant or a cursor, of the types asked (default: every type the user may read). Asking a type one may not read
 * is refused, naming it.
 */
export function deletedChanges(db: Db, user: SessionUser, q: z.output<typeof changesQuerySchema>) {
  if (!q.since && !q.cursor) throw new AppError('BAD_REQUEST', SYNC_MESSAGES.sinceOrCursor);
  const asked = q.types
    ? [...new Set(q.types.split(','))]
    : SYNC_TYPES.filter((t) => hasPermission(user, READ_PERMISSION[t]));
  for (const type of asked) {
    if (!(SYNC_TYPES as readonly string[]).includes(type) || !hasPermission(user, READ_PERMISSION[type as SyncType])) {
      throw new AppError('FORBIDDEN', SYNC_MESSAGES.typeForbidden(type));
    }
  }
  if (asked.length === 0) throw new AppError('FORBIDDEN', SYNC_MESSAGES.typeForbidden(SYNC_TYPES.join(', ')));
  return deletedSince(db, { since: q.since, cursor: q.cursor, types: asked as SyncType[], limit: q.limit });
}
