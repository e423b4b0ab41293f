import { MAX_LIST_LIMIT } from '@gmao/domain/common/list-limit';
import type { InterventionListQuery } from '@gmao/domain/interventions/intervention-schemas';
import type { QueryClient } from '@tanstack/react-query';
import { queryRoots, sharedQueryKeys } from '../../../lib/query-keys';

/** The list's query as sent: `after` is the cursor text (listCursor), the server parses it. */
export type InterventionFilters = Partial<Omit<InterventionListQuery, 'after'>> & { after?: string };

/** Query keys of the interventions feature, general to specific (STYLE.md rule 9). */
export const interventionKeys = {
  all: queryRoots.interventions,
  lists: () => [...interventionKeys.all, 'list'] as const,
  list: (filters: InterventionFilters) => [...interventionKeys.lists(), filters] as const,
  statusCounts: (filters: InterventionFilters = {}) => [...interventionKeys.all, 'status-counts', filters] as const,
  detail: (id: number) => [...interventionKeys.all, 'detail', id] as const,
  workflow: (id: number) => [...interventionKeys.all, 'workflow', id] as const,
  history: (id: number) => [...interventionKeys.all, 'history', id] as const,
  /** With an intervention (issue 34): the users rated for its work. */
  technicians: (interventionId?: number) =>
    interventionId === undefined
      ? ([...interventionKeys.all, 'technicians'] as const)
      : ([...interventionKeys.all, 'technicians', interventionId] as const),
  records: (id: number) => [...interventionKeys.all, 'records', id] as const,
  materials: (id: number) => [...interventionKeys.all, 'materials', id] as const,
  comments: (id: number, page = 1, limit = 10) => [...interventionKeys.all, 'comments', id, { page, limit }] as const,
  allComments: (id: number) => [...interventionKeys.all, 'comments', id] as const,
  timer: (id: number) => [...interventionKeys.all, 'timer', id] as const,
  attachments: (id: number) => [...interventionKeys.all, 'attachments', id] as const,
  checklist: (id: number) => [...interventionKeys.all, 'checklist', id] as const,
  /** Issue 34: the consignation record. */
  consignation: (id: number) => [...interventionKeys.all, 'consignation', id] as const,
  comptesRendus: (id: number) => [...interventionKeys.all, 'comptes-rendus', id] as const,
  review: (id: number) => [...interventionKeys.all, 'review', id] as const,
  /** The form's equipment select lists equipment: under the equipment root, so equipment mutations refresh it. */
  equipmentOptions: () => [...queryRoots.equipment, 'options', MAX_LIST_LIMIT] as const,
  /** The active custom field definitions (detail section, list filter): under their own root, refreshed by admin edits. */
  customFieldDefinitions: () => sharedQueryKeys.customFieldList('true'),
};

/**
 * After a write to a sub-record of intervention `id` (checklist, comment, material, timer, attachment, compte
 * rendu): its version went up, so the views that carry it (detail, workflow, list rows) reload — the next write
 * sent with If-Match must name the new version, not look like someone else's change. Returned promise: awaited by
 * the mutation, so it settles once they are fresh.
 */
export function invalidateInterventionVersion(queryClient: QueryClient, id: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: interventionKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: interventionKeys.workflow(id) }),
    queryClient.invalidateQueries({ queryKey: interventionKeys.lists() }),
    // A change to a submitted or approved record may send it back to review (issue 30).
    queryClient.invalidateQueries({ queryKey: interventionKeys.review(id) }),
  ]);
}

/**
 * After any intervention mutation: intervention lists, the intervention, its workflow and history, and the
 * dashboard (stats, recent interventions, alerts) and equipment queries (latest status, maintenance history).
 */
export function invalidateAfterInterventionChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: interventionKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryRoots.dashboard }),
    queryClient.invalidateQueries({ queryKey: queryRoots.equipment }),
  ]);
}
