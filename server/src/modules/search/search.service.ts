import { hasPermission, PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { visibilityOf } from '@gmao/domain/auth/visibility';
import { interventionNumber, SEARCH_GROUP_LIMIT, type SearchResult } from '@gmao/domain/search/search-schemas';
import type { Db } from '../../db/database.ts';
import * as repo from './search.repository.ts';

/**
 * One query of the top bar: each group only for a reader of it (clients:read, equipment:read, interventions:read);
 * interventions in the trash or archived are not found (the visible predicate).
 */
export async function search(db: Db, user: SessionUser, q: string): Promise<SearchResult> {
  const limit = SEARCH_GROUP_LIMIT;
  const v = visibilityOf(user);
  const [equipment, clients, interventions] = await Promise.all([
    hasPermission(user, PERMISSIONS.EQUIPMENT_READ) ? repo.searchEquipment(db, v, q, limit) : [],
    hasPermission(user, PERMISSIONS.CLIENTS_READ) ? repo.searchClients(db, v, q, limit) : [],
    hasPermission(user, PERMISSIONS.INTERVENTIONS_READ)
      ? repo.searchInterventions(db, v, q, interventionNumber(q), limit)
      : [],
  ]);
  return { equipment, clients, interventions };
}
