import type { SessionUser } from '@gmao/domain/auth/user';
import {
  type CanDelete,
  LIFECYCLE_RESULT,
  type LifecycleAction,
  type LifecycleState,
  LIFECYCLE_MESSAGES as M,
} from '@gmao/domain/interventions/lifecycle-schemas';
import { CLOSED_STATUTS } from '@gmao/domain/interventions/status';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { advanceVersion, factsOf, requireAccess, type VersionPrecondition } from '../access.ts';
import { toIso } from '../interventions.repository.ts';
import { insertHistory } from '../workflow/history.repository.ts';
import {
  dependencyCounts,
  findAnyIntervention,
  type LifecycleRow,
  lockAnyIntervention,
  setLifecycle,
} from './lifecycle.repository.ts';

const toState = (r: LifecycleRow): LifecycleState => ({
  id: r.id,
  statut: r.statut,
  deletedAt: r.deleted_at ? toIso(r.deleted_at) : null,
  archivedAt: r.archived_at ? toIso(r.archived_at) : null,
});

/** Why `action` is refused on `row` (null when allowed); DELETE /bulk asks it for each intervention too. */
export function refusal(action: LifecycleAction, row: LifecycleRow, runningTimers: number): AppError | null {
  const deleted = row.deleted_at !== null;
  const archived = row.archived_at !== null;
  switch (action) {
    case 'soft-delete':
      if (deleted) return new AppError('CONFLICT', M.alreadyDeleted);
      if (runningTimers > 0) return new AppError('CONFLICT', M.runningTimer);
      return null;
    case 'restore':
      return deleted ? null : new AppError('CONFLICT', M.notDeleted);
    case 'archive':
      if (deleted) return new AppError('CONFLICT', M.deletedNotArchivable);
      if (archived) return new AppError('CONFLICT', M.alreadyArchived);
      if (!CLOSED_STATUTS.includes(row.statut)) return new AppError('BUSINESS_RULE', M.archiveOpenRefused);
      return null;
    case 'unarchive':
      if (deleted) return new AppError('CONFLICT', M.deletedNotArchivable);
      return archived ? null : new AppError('CONFLICT', M.notArchived);
  }
}

/** The policy's name of each lifecycle action. */
const POLICY_ACTION = {
  'soft-delete': 'trash',
  restore: 'restore',
  archive: 'archive',
  unarchive: 'unarchive',
} as const satisfies Record<LifecycleAction, string>;

const AUDIT_ACTION = {
  'soft-delete': 'intervention.trash',
  restore: 'intervention.restore',
  archive: 'intervention.archive',
  unarchive: 'intervention.unarchive',
} as const satisfies Record<LifecycleAction, string>;

const CHANGE: Record<LifecycleAction, { deleted?: boolean; archived?: boolean }> = {
  'soft-delete': { deleted: true },
  restore: { deleted: false },
  archive: { archived: true },
  unarchive: { archived: false },
};

/** One lifecycle action, checked under the row lock, with its history note, in one transaction. */
export async function applyLifecycle(
  db: Db,
  user: SessionUser,
  id: number,
  action: LifecycleAction,
  precondition?: VersionPrecondition,
) {
  return db.transaction(async (tx) => {
    const row = await lockAnyIntervention(tx, id);
    if (!row) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
    requireAccess(user, POLICY_ACTION[action], factsOf(row));
    await advanceVersion(tx, row, precondition);
    const running = action === 'soft-delete' ? (await dependencyCounts(tx, id)).runningTimers : 0;
    const refused = refusal(action, row, running);
    if (refused) throw refused;
    return toState(await writeLifecycle(tx, user, id, action));
  });
}

/** The change of an allowed action (locked and checked by the caller): the column, the history note, the audit row. */
export async function writeLifecycle(tx: DbOrTx, user: SessionUser, id: number, action: LifecycleAction) {
  const updated = await setLifecycle(tx, id, CHANGE[action]);
  const note = LIFECYCLE_RESULT[action].history;
  await insertHistory(tx, { interventionId: id, from: null, to: null, note, userId: user.id });
  await recordAudit(tx, { action: AUDIT_ACTION[action], entityId: id, summary: `Intervention #${id} : ${note}` });
  return updated;
}

export async function canDelete(db: Db, id: number): Promise<CanDelete> {
  const row = await findAnyIntervention(db, id);
  if (!row) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  const { runningTimers, ...dependencies } = await dependencyCounts(db, id);
  const refused = refusal('soft-delete', row, runningTimers);
  return { canDelete: refused === null, reasons: refused ? [refused.message] : [], dependencies };
}

export async function dependencies(db: Db, id: number) {
  return (await canDelete(db, id)).dependencies;
}
