import type { SessionUser } from '@gmao/domain/auth/user';
import { CLIENT_MESSAGES, mergeSectors } from '@gmao/domain/clients/client-constants';
import type { Client, ClientInput, ClientListQuery } from '@gmao/domain/clients/client-schemas';
import { makePagination } from '@gmao/domain/common/api';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { clientContractsRefusal } from '../contracts/contracts.service.ts';
import { disablePortalUsersOfClient } from '../portal/portal-users.service.ts';
import * as repo from './clients.repository.ts';
import { isForeignKeyViolation } from './search.ts';

export async function list(db: Db, query: ClientListQuery) {
  if (query.updated_since || query.cursor) {
    // Changes since (issue 35): oldest change first, one page, resumed by `sync.cursor`
    const { rows, sync } = await repo.clientsChangedSince(db, query);
    return { data: rows, pagination: makePagination(rows.length, 1, query.limit), sync };
  }
  const { rows, total } = await repo.listClients(db, query);
  return { data: rows, pagination: makePagination(total, query.page, query.limit) };
}

export async function get(db: Db, id: number): Promise<Client> {
  const client = await repo.findClient(db, id);
  if (!client) throw new AppError('NOT_FOUND', CLIENT_MESSAGES.notFound);
  return client;
}

export async function sectors(db: Db): Promise<string[]> {
  return mergeSectors(await repo.sectorsInUse(db));
}

export async function create(db: Db, user: SessionUser, input: ClientInput): Promise<Client> {
  const id = await repo.insertClient(db, input, user.id);
  return get(db, id);
}

export async function update(db: Db, id: number, input: ClientInput): Promise<Client> {
  if (!(await repo.updateClient(db, id, input))) throw new AppError('NOT_FOUND', CLIENT_MESSAGES.notFound);
  return get(db, id);
}

/** Refused (409) while equipment or interventions still reference the client; the row lock closes the race. */
export async function remove(db: Db, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
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
