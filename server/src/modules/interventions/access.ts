import type { SessionUser } from '@gmao/domain/auth/user';
import {
  denial,
  type InterventionAction,
  type InterventionFacts,
  type PolicyAction,
  type PolicyObject,
} from '@gmao/domain/interventions/policy';
import { VERSION_MESSAGES, type VersionPrecondition } from '@gmao/domain/interventions/version-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  bumpVersion,
  findInterventionInAnyState,
  type LockedIntervention,
  lockIntervention,
} from './interventions.repository.ts';

export type { VersionPrecondition };

/**
 * Object-level access (immich-style): the service asks before it writes; the rule itself lives in
 * `domain/src/interventions/policy.ts`. A refusal is a 403 with the policy's French message.
 */
export function requireAccess<A extends PolicyAction>(user: SessionUser, action: A, object: PolicyObject<A>): void {
  const refused = denial(user, action, object);
  if (refused) throw new AppError('FORBIDDEN', refused);
}

/** The policy's facts of an intervention row (`creer_par`, `technician_id`). */
export function factsOf(row: { creer_par: number | null; technician_id: number | null }): InterventionFacts {
  return { createdBy: row.creer_par, technicianId: row.technician_id };
}

/**
 * The version step of every write to one intervention, under the row lock the caller holds: a precondition that
 * names another version than the current one is a 409 VERSION_CONFLICT carrying the current intervention (nothing
 * is written: the caller's transaction rolls back); otherwise the version goes up by one. Call it after the access
 * checks (a 403 comes first) and before writing; a later refusal rolls the new version back with the rest.
 */
export async function advanceVersion<R extends { id: number; version: number }>(
  tx: DbOrTx,
  locked: R,
  precondition: VersionPrecondition = {},
): Promise<R> {
  const expected = precondition.expectedVersion;
  if (expected !== undefined && expected !== locked.version) {
    const current = await findInterventionInAnyState(tx, locked.id);
    throw new AppError('VERSION_CONFLICT', VERSION_MESSAGES.conflict, undefined, { data: current ?? undefined });
  }
  return { ...locked, version: await bumpVersion(tx, locked.id) };
}

/**
 * An action that changes nothing in the intervention itself (telling people about it): the lock, so it cannot be
 * deleted meanwhile, and the access check — no version step.
 */
export async function lockToAct(tx: DbOrTx, user: SessionUser, id: number, action: InterventionAction) {
  const current = await mustLock(tx, id);
  requireAccess(user, action, factsOf(current));
  return current;
}

async function mustLock(tx: DbOrTx, id: number): Promise<LockedIntervention> {
  const current = await lockIntervention(tx, id);
  if (!current) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return current;
}

/**
 * Locks the active intervention (404 when absent), checks `action` on it under the same lock, so an assignment
 * committed meanwhile cannot slip between the check and the write, then the version (advanceVersion): every write
 * to one intervention starts here or in lockForItem / lockForOwnWork.
 */
export async function lockForAction(
  tx: DbOrTx,
  user: SessionUser,
  id: number,
  action: InterventionAction,
  precondition?: VersionPrecondition,
): Promise<LockedIntervention> {
  const current = await mustLock(tx, id);
  requireAccess(user, action, factsOf(current));
  return advanceVersion(tx, current, precondition);
}

/**
 * A change to an item of the intervention (comment, attachment, material line, compte rendu): the intervention
 * locked first (the order of every other write, so no deadlock with a force delete), then the item, whose author
 * (read by `lockAuthor`, undefined when there is no such item → 404 `notFound`) must be the user or the user a holder
 * of interventions:assign; then the version.
 */
export async function lockForItem(
  tx: DbOrTx,
  user: SessionUser,
  id: number,
  item: { lockAuthor: (tx: DbOrTx) => Promise<number | null | undefined>; notFound: string },
  precondition?: VersionPrecondition,
): Promise<LockedIntervention> {
  const current = await mustLock(tx, id);
  const author = await item.lockAuthor(tx);
  if (author === undefined) throw new AppError('NOT_FOUND', item.notFound);
  requireAccess(user, 'editOwnedItem', { authorId: author });
  return advanceVersion(tx, current, precondition);
}

/** A write the policy allows on any intervention (stopping one's own timer): the lock and the version only. */
export async function lockForOwnWork(
  tx: DbOrTx,
  id: number,
  precondition?: VersionPrecondition,
): Promise<LockedIntervention> {
  return advanceVersion(tx, await mustLock(tx, id), precondition);
}

/**
 * A batch of writes (POST /:id/sync): the lock and every action the batch holds checked up front (a 403 changes
 * nothing), without a version step — each change that applies takes its own, through its own service path.
 */
export async function lockForActions(
  tx: DbOrTx,
  user: SessionUser,
  id: number,
  actions: Iterable<InterventionAction>,
): Promise<LockedIntervention> {
  const current = await mustLock(tx, id);
  for (const action of new Set(actions)) requireAccess(user, action, factsOf(current));
  return current;
}
