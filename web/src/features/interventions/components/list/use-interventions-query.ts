import type { Scope } from '@gmao/domain/interventions/lifecycle-schemas';
import { listCursor } from '@gmao/domain/interventions/list-cursor';
import { useState } from 'react';
import { useInterventions } from '../../api/get-interventions';
import { customFieldListQuery, NO_CUSTOM_FIELD_FILTER } from '../custom-fields/custom-field-filter';
import { type InterventionFilterValues, MINE } from './interventions-filters';

export const EMPTY_FILTERS: InterventionFilterValues = {
  search: '',
  statut: '',
  urgence: '',
  review: '',
  technician: '',
  overdue: false,
  open: false,
  dueOn: '',
  dueBefore: '',
  sort: '',
  ...NO_CUSTOM_FIELD_FILTER,
};
const EMPTY_SCOPE: Record<Exclude<Scope, 'active'>, string> = {
  archived: 'Aucune intervention archivée',
  deleted: 'La corbeille est vide',
};

/** What an empty list says: that the filters match nothing, or that the scope (archive, trash) holds nothing. */
export function emptyListMessage(filters: InterventionFilterValues, scope: Scope): string {
  const filtered =
    filters.search !== '' ||
    filters.statut !== '' ||
    filters.urgence !== '' ||
    filters.review !== '' ||
    Boolean(filters.sla) ||
    filters.technician !== '' ||
    filters.overdue ||
    filters.open ||
    filters.dueOn !== '' ||
    filters.dueBefore !== '' ||
    customFieldListQuery(filters).champ !== undefined;
  return filtered
    ? 'Aucune intervention ne correspond aux filtres'
    : scope === 'active'
      ? 'Aucune intervention trouvée'
      : EMPTY_SCOPE[scope];
}

/**
 * The list's page of interventions: the filters and scope as the API takes them (`listFilters`, also the export's
 * query), and `rememberCursor` to call when the page changes.
 */
export function useInterventionsQuery({
  filters,
  scope,
  page,
  limit,
  userId,
}: {
  filters: InterventionFilterValues;
  scope: Scope;
  page: number;
  limit: number;
  /** The user's id, for "Mes interventions". */
  userId: number | null;
}) {
  const listFilters = {
    search: filters.search || undefined,
    statut: filters.statut || undefined,
    urgence: filters.urgence === '' ? undefined : filters.urgence === 'true',
    review: filters.review || undefined,
    sla: filters.sla || undefined,
    technician_id:
      filters.technician === MINE ? (userId ?? undefined) : filters.technician ? Number(filters.technician) : undefined,
    overdue: filters.overdue || undefined,
    open: filters.open || undefined,
    due_on: filters.dueOn || undefined,
    due_before: filters.dueBefore || undefined,
    sort: filters.sort || undefined,
    scope: scope === 'active' ? undefined : scope,
    ...customFieldListQuery(filters),
  };
  // Moving to the next page sends the cursor of this page's last row: the server reads on from there instead of
  // walking past every earlier row (issue 16), and nothing shifts if interventions were added meanwhile. It applies
  // only to the page, size and filters it was taken for.
  const [cursor, setCursor] = useState<{ key: string; after: string }>();
  const cursorKey = JSON.stringify([page, limit, listFilters]);
  const query = useInterventions({
    page,
    limit,
    ...listFilters,
    ...(cursor?.key === cursorKey ? { after: cursor.after } : {}),
  });

  /** Before moving to page `next`: keeps this page's last row as the cursor when `next` is the following page. */
  const rememberCursor = (next: number) => {
    const last = query.data?.data?.at(-1);
    if (next === page + 1 && last)
      setCursor({ key: JSON.stringify([next, limit, listFilters]), after: listCursor(last) });
  };

  return { listFilters, query, rememberCursor };
}
