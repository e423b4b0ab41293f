import type { SessionUser } from '@gmao/domain/auth/user';
import type { Failure } from '@gmao/domain/common/api';
import {
  type BulkDeleteInput,
  type BulkResult,
  type BulkUpdateData,
  type BulkUpdateInput,
  BULK_MESSAGES as M,
} from '@gmao/domain/interventions/bulk-schemas';
import { ASSIGNMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { denial, type PolicyAction } from '@gmao/domain/interventions/policy';
import { canTransition, WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { requireHabilitations } from '../../habilitations/habilitation-check.service.ts';
import { factsOf } from '../access.ts';
import { findAssignableUser, setTechnician, userName } from '../assignment/assignment.repository.ts';
import { bumpVersions, type InterventionFields, updateFields } from '../interventions.repository.ts';
import { refusal, writeLifecycle } from '../lifecycle/lifecycle.service.ts';
import { insertHistory } from '../workflow/history.repository.ts';
import { applyStatusChange } from '../workflow/status.service.ts';
import { type BulkRow, lockMany } from './bulk.repository.ts';

/**
 * PUT /bulk and DELETE /bulk: all or nothing. Every intervention is locked (id order) and checked — existence and
 * visibility, the access policy, the workflow — before anything is written; when one fails, nothing changes and the
 * answer lists every failure with its reason: 403 when every failure is a permission refusal, 422 otherwise.
 */

type Refusal = { reason: string; permission: boolean };

function refuse(failures: { id: number; refusals: Refusal[] }[], total: number): never {
  const failed: Failure[] = failures.map(({ id, refusals }) => ({
    id,
    reason: [...new Set(refusals.map((r) => r.reason))].join(' ; '),
  }));
  const permissionOnly = failures.every((f) => f.refusals.every((r) => r.permission));
  throw new AppError(permissionOnly ? 'FORBIDDEN' : 'BUSINESS_RULE', M.refused(failed.length, total), undefined, {
    failed,
  });
}

const permissionRefusal = (user: SessionUser, action: PolicyAction, row: BulkRow): Refusal[] => {
  const reason = denial(user, action, factsOf(row));
  return reason ? [{ reason, permission: true }] : [];
};

/** What `data` changes on `row` (fields equal to the current value are left out). */
function changesOf(row: BulkRow, data: BulkUpdateData) {
  return {
    urgence: data.urgence !== undefined && data.urgence !== row.urgence ? data.urgence : undefined,
    date: data.date !== undefined && data.date !== row.date ? data.date : undefined,
    technicianId:
      data.technicianId !== undefined && data.technicianId !== row.technician_id ? data.technicianId : undefined,
    statut: data.statut !== undefined && data.statut !== row.statut ? data.statut : undefined,
  };
}
type Changes = ReturnType<typeof changesOf>;

/**
 * Why `data` is refused on `row`. As in the single calls: editing urgence or date and setting a statut need the
 * policy's rule on every intervention sent (like PUT /bulk/status), an assignee only where it changes (like
 * PUT /bulk/assign), and the workflow only judges the interventions that move.
 */
function updateRefusals(user: SessionUser, row: BulkRow | undefined, data: BulkUpdateData, c: Changes | undefined) {
  if (!row || !c || row.deleted_at !== null || row.archived_at !== null) {
    return [{ reason: M.notFound, permission: false }];
  }
  const refusals: Refusal[] = [];
  if (data.urgence !== undefined || data.date !== undefined) refusals.push(...permissionRefusal(user, 'edit', row));
  if (c.technicianId !== undefined) {
    // Taking for oneself an intervention nobody holds is open to every holder of interventions:update.
    const selfTake = c.technicianId === user.id && row.technician_id === null;
    refusals.push(...permissionRefusal(user, selfTake ? 'takeOver' : 'assign', row));
  }
  if (data.statut !== undefined) refusals.push(...permissionRefusal(user, 'changeStatus', row));
  if (c.statut !== undefined && !canTransition(row.statut, c.statut)) {
    refusals.push({ reason: WORKFLOW_MESSAGES.transitionRefused(row.statut, c.statut), permission: false });
  }
  return refusals;
}

const dayFr = (iso: string) => iso.split('-').reverse().join('/');

async function applyChanges(
  tx: DbOrTx,
  user: SessionUser,
  row: BulkRow,
  c: Changes,
  technicianNom: string | null,
  motif: string | null | undefined,
) {
  const editsFields = c.urgence !== undefined || c.date !== undefined;
  const fields: InterventionFields = {
    equipementId: row.equipement_id,
    clientId: row.client_id,
    date: c.date,
    urgence: c.urgence,
  };
  if (c.statut !== undefined) {
    // The reopening rule (motif, approved) is applyStatusChange's: a refusal there rolls the whole call back.
    await applyStatusChange(tx, user, row, c.statut, null, editsFields ? fields : undefined, { motif });
  } else if (editsFields) await updateFields(tx, row.id, fields);
  const notes: string[] = [];
  if (editsFields) {
    const edits = [
      ...(c.urgence !== undefined ? [M.changeUrgence(row.urgence, c.urgence)] : []),
      ...(c.date !== undefined ? [M.changeDate(dayFr(row.date), dayFr(c.date))] : []),
    ];
    notes.push(M.historyEdit(edits));
  }
  if (c.technicianId !== undefined) {
    await setTechnician(tx, [row.id], c.technicianId);
    const previous = (await userName(tx, row.technician_id)) ?? `#${row.technician_id}`;
    notes.push(
      c.technicianId === null
        ? ASSIGNMENT_MESSAGES.historyUnassigned(previous)
        : ASSIGNMENT_MESSAGES.historyAssigned(technicianNom ?? `#${c.technicianId}`),
    );
  }
  for (const note of notes) {
    await insertHistory(tx, { interventionId: row.id, from: null, to: null, note, userId: user.id });
  }
  // The status change has its own audit row (intervention.status, written by applyStatusChange).
  if (editsFields || c.technicianId !== undefined) {
    const pick = (k: 'urgence' | 'date' | 'technicianId', before: unknown) =>
      c[k] === undefined ? {} : { before: { [k]: before }, after: { [k]: c[k] } };
    const parts = [pick('urgence', row.urgence), pick('date', row.date), pick('technicianId', row.technician_id)];
    await recordAudit(tx, {
      action: 'intervention.bulk_update',
      entityId: row.id,
      summary: `Intervention #${row.id} : ${notes.join(' ; ')}`,
      before: Object.assign({}, ...parts.map((p) => p.before ?? {})),
      after: Object.assign({}, ...parts.map((p) => p.after ?? {})),
    });
  }
}

/** PUT /interventions/bulk {ids, data}. */
export async function bulkUpdate(db: Db, user: SessionUser, input: BulkUpdateInput): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const rows = new Map((await lockMany(tx, input.ids)).map((r) => [r.id, r]));
    const { technicianId } = input.data;
    const technician = technicianId ? await findAssignableUser(tx, technicianId) : null;
    if (technicianId && !technician) {
      throw new AppError('BUSINESS_RULE', ASSIGNMENT_MESSAGES.technicianNotFound, [
        { field: 'data.technicianId', msg: ASSIGNMENT_MESSAGES.technicianNotFound },
      ]);
    }
    const ids = [...input.ids].sort((a, b) => a - b);
    const plans = ids.map((id) => {
      const row = rows.get(id);
      const changes = row ? changesOf(row, input.data) : undefined;
      return { id, row, changes, refusals: updateRefusals(user, row, input.data, changes) };
    });
    const failures = plans.filter((p) => p.refusals.length > 0);
    if (failures.length > 0) refuse(failures, ids.length);
    const changed: number[] = [];
    for (const { row, changes } of plans) {
      if (!row || !changes || Object.values(changes).every((v) => v === undefined)) continue;
      await applyChanges(tx, user, row, changes, technician?.nom ?? null, input.data.motif);
      changed.push(row.id);
    }
    // Issue 34: each intervention's assignee (new, or kept with a new date) must hold what its work requires that day.
    const byTechnician = new Map<number, number[]>();
    for (const { row, changes } of plans) {
      if (!row || !changes || !changed.includes(row.id)) continue;
      const assignee = changes.technicianId !== undefined ? changes.technicianId : row.technician_id;
      if (assignee === null || (changes.technicianId === undefined && changes.date === undefined)) continue;
      byTechnician.set(assignee, [...(byTechnician.get(assignee) ?? []), row.id]);
    }
    for (const [technicianId, ids] of byTechnician) {
      await requireHabilitations(tx, { user, technicianId, ids });
    }
    // One version step per intervention changed (ARCHITECTURE.md "Versions and sync").
    await bumpVersions(tx, changed);
    return { count: changed.length, ids: changed };
  });
}

/** DELETE /interventions/bulk {ids}: each to the Corbeille under the rule of PUT /:id/soft-delete. */
export async function bulkTrash(db: Db, user: SessionUser, input: BulkDeleteInput): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const rows = new Map((await lockMany(tx, input.ids)).map((r) => [r.id, r]));
    const ids = [...input.ids].sort((a, b) => a - b);
    const plans = ids.map((id) => {
      const row = rows.get(id);
      if (!row) return { id, refusals: [{ reason: M.notFound, permission: false }] };
      const refused = refusal('soft-delete', row, row.running_timers);
      const refusals = [
        ...permissionRefusal(user, 'trash', row),
        ...(refused ? [{ reason: refused.message, permission: false }] : []),
      ];
      return { id, refusals };
    });
    const failures = plans.filter((p) => p.refusals.length > 0);
    if (failures.length > 0) refuse(failures, ids.length);
    for (const id of ids) await writeLifecycle(tx, user, id, 'soft-delete');
    await bumpVersions(tx, ids);
    return { count: ids.length, ids };
  });
}
