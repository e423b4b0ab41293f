import type { SessionUser } from '@gmao/domain/auth/user';
import { visibilityOf } from '@gmao/domain/auth/visibility';
import { CLIENT_MESSAGES, mergeSectors } from '@gmao/domain/clients/client-constants';
import type { Client, ClientInput, ClientListQuery } from '@gmao/domain/clients/client-schemas';
import { makePagination } from '@gmao/domain/common/api';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { clientContractsRefusal } from '../contracts/contracts.service.ts';
import { disablePortalUsersOfClient } from '../portal/portal-users.service.ts';
import { sectionExists } from '../sections/sections.service.ts';
import * as repo from './clients.repository.ts';
import { isForeignKeyViolation } from './search.ts';

export async function list(db: Db, user: SessionUser, query: ClientListQuery) {
  const visibility = visibilityOf(user);
  if (query.updated_since || query.cursor) {
    // Changes since (issue 35): oldest change first, one page, resumed by `sync.cursor`
    const { rows, sync } = await repo.clientsChangedSince(db, { ...query, visibility });
    return { data: rows, pagination: makePagination(rows.length, 1, query.limit), sync };
  }
  const { rows, total } = await repo.listClients(db, { ...query, visibility });
  return { data: rows, pagination: makePagination(total, query.page, query.limit) };
}

/** The client as `user` may see it: another section's client is "introuvable" (404), as if it did not exist. */
export async function get(db: DbOrTx, user: SessionUser, id: number): Promise<Client> {
  return found(await repo.findClient(db, id, visibilityOf(user)));
}

function found(client: Client | null): Client {
  if (!client) throw new AppError('NOT_FOUND', CLIENT_MESSAGES.notFound);
  return client;
}

export async function sectors(db: Db, user: SessionUser): Promise<string[]> {
  return mergeSectors(await repo.sectorsInUse(db, visibilityOf(user)));
}

/**
 * The section a client is written with: a section-limited user may only place it in one of his sections (his own
 * when he names none), so that he never creates or moves a client out of his sight; an unknown section is a 400.
 */
async function sectionFor(db: DbOrTx, user: SessionUser, input: ClientInput, creating: boolean) {
  const v = visibilityOf(user);
  let sectionId = input.section_id;
  if (v.kind === 'sections' && (sectionId !== undefined || creating)) {
    if (sectionId == null || !v.sectionIds.includes(sectionId)) sectionId = v.sectionIds[0] ?? null;
  }
  if (sectionId != null && !(await sectionExists(db, sectionId))) {
    throw new AppError('BAD_REQUEST', CLIENT_MESSAGES.sectionUnknown);
  }
  return { ...input, section_id: sectionId };
}

export async function create(db: Db, user: SessionUser, input: ClientInput): Promise<Client> {
  const id = await repo.insertClient(db, await sectionFor(db, user, input, true), user.id);
  return get(db, user, id);
}

export async function update(db: Db, user: SessionUser, id: number, input: ClientInput): Promise<Client> {
  return db.transaction(async (tx) => {
    await get(tx, user, id);
    if (!(await repo.updateClient(tx, id, await sectionFor(tx, user, input, false)))) {
      throw new AppError('NOT_FOUND', CLIENT_MESSAGES.notFound);
    }
    return found(await repo.findClient(tx, id));
  });
}

/** Refused (409) while equipment or interventions still reference the client; the row lock closes the race. */
export async function remove(db: Db, user: SessionUser, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await get(tx, user, id);
      const dependents = await repo.lockClientDependents(tx, id);
      if (!dependents) throw new AppError('NOT_FOUND', CLIENT_MESSAGES.notFound);
      if (dependents.equipment > 0) throw new AppError('CONFLICT', CLIENT_MESSAGES.hasEquipment(dependents.equipment));
      if (dependents.interventions > 0) {
        throw new AppError('CONFLICT', CLIENT_MESSAGES.hasInterventions(dependents.interventions));
      }
      const contracts = await clientContractsRefusal(tx, id);
      if (contracts) throw new AppError('CONFLICT', contracts);
      await disablePortalUsersOfClient(tx, id); // issue 33: the client's portal accounts go with it
      const deleted = await repo.deleteClient(tx, id);
      await recordAudit(tx, {
        action: 'client.delete',
        entityId: id,
        summary: `Client « ${deleted?.nomEntreprise ?? id} » supprimé`,
        before: deleted,
      });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError('CONFLICT', CLIENT_MESSAGES.hasEquipment(1));
    throw err;
  }
}
