import type { SessionUser } from '@gmao/domain/auth/user';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { PartRequestInput } from '@gmao/domain/stock/stock-schemas';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import {
  cancelPartRequest,
  createPartRequest,
  listPartRequests,
  receivePartRequest,
  setPartRequestClientSupplied,
  waitingTime,
} from '../../stock/requests/part-requests.service.ts';
import { lockForAction, lockForActions, type VersionPrecondition } from '../access.ts';
import { findIntervention } from '../interventions.repository.ts';
import { reconsiderPause } from '../sla/sla.service.ts';

/** GET /:id/part-requests */
export async function list(db: Db, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return listPartRequests(db, id);
}

/** GET /:id/waiting-time: waiting-for-parts seconds and repair seconds without them (MTTR split). */
export async function waiting(db: Db, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return waitingTime(db, id);
}

/** POST /:id/part-requests: who works on the intervention orders parts (the rule of a material line). */
export async function create(
  db: Db,
  user: SessionUser,
  id: number,
  input: PartRequestInput,
  precondition?: VersionPrecondition,
) {
  return db.transaction(async (tx) => {
    await lockForAction(tx, user, id, 'materials', precondition);
    const created = await createPartRequest(tx, user, id, input);
    // Issue 31: parts the client supplies may pause the guaranteed times of an intervention already waiting.
    if (input.fourni_par_client) await reconsiderPause(tx, id);
    return created;
  });
}

/**
 * PUT /:id/part-requests/:rid/receive (stock:manage, the storekeeper's act: no work right on the intervention is
 * needed). The intervention is locked (404 when hidden) so the receipt and its notification follow its state.
 */
export async function receive(db: Db, user: SessionUser, id: number, rid: number, locationId: number | null) {
  return db.transaction(async (tx) => {
    await lockForActions(tx, user, id, []);
    const received = await receivePartRequest(tx, user, id, rid, locationId);
    // Issue 31: the client's parts are in: a pause they caused ends even before the status moves.
    await reconsiderPause(tx, id);
    return received;
  });
}

/**
 * PUT /:id/part-requests/:rid/cancel: who may order parts on the intervention may cancel an open request (the last
 * one of an intervention waiting for parts excepted).
 */
export async function cancel(db: Db, user: SessionUser, id: number, rid: number, precondition?: VersionPrecondition) {
  return db.transaction(async (tx) => {
    const current = await lockForAction(tx, user, id, 'materials', precondition);
    const cancelled = await cancelPartRequest(tx, id, current.statut, rid);
    await reconsiderPause(tx, id);
    return cancelled;
  });
}

/**
 * PUT /:id/part-requests/:rid/client-supplied (issue 31): who may order parts on the intervention says whether the
 * client supplies an open request's parts; the guaranteed times pause or resume at once when it waits for them.
 */
export async function setClientSupplied(
  db: Db,
  user: SessionUser,
  id: number,
  rid: number,
  fourniParClient: boolean,
  precondition?: VersionPrecondition,
) {
  return db.transaction(async (tx) => {
    await lockForAction(tx, user, id, 'materials', precondition);
    const changed = await setPartRequestClientSupplied(tx, id, rid, fourniParClient);
    await reconsiderPause(tx, id);
    return changed;
  });
}
