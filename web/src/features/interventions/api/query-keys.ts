import type { InterventionListQuery } from '@gmao/domain/interventions/intervention-schemas';
import type { QueryClient } from '@tanstack/react-query';

export type InterventionFilters = Partial<InterventionListQuery>;

/** Query keys of the interventions feature, general to specific (STYLE.md rule 9). */
export const interventionKeys = {
  all: ['interventions'] as const,
  lists: () => [...interventionKeys.all, 'list'] as const,
  list: (filters: InterventionFilters) => [...interventionKeys.lists(), filters] as const,
  statusCounts: (filters: InterventionFilters = {}) => [...interventionKeys.all, 'status-counts', filters] as const,
  detail: (id: number) => [...interventionKeys.all, 'detail', id] as const,
  workflow: (id: number) => [...interventionKeys.all, 'workflow', id] as const,
  history: (id: number) => [...interventionKeys.all, 'history', id] as const,
  technicians: () => [...interventionKeys.all, 'technicians'] as const,
  records: (id: number) => [...interventionKeys.all, 'records', id] as const,
  materials: (id: number) => [...interventionKeys.all, 'materials', id] as const,
  comments: (id: number, page = 1, limit = 10) => [...interventionKeys.all, 'comments', id, { page, limit }] as const,
  allComments: (id: number) => [...interventionKeys.all, 'comments', id] as const,
  timer: (id: number) => [...interventionKeys.all, 'timer', id] as const,
  attachments: (id: number) => [...interventionKeys.all, 'attachments', id] as const,
  checklist: (id: number) => [...interventionKeys.all, 'checklist', id] as const,
};

/** Keys owned by other features that intervention mutations make stale (spec §7 refresh rules). */
export const DASHBOARD_KEY = ['dashboard'] as const;
export const EQUIPMENT_KEY = ['equipment'] as const;

/**
 * After any intervention mutation: intervention lists, the intervention, its workflow and history, and the
 * dashboard (stats, recent interventions, alerts) and equipment queries (latest status, maintenance history).
 */
export function invalidateAfterInterventionChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: interventionKeys.all }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
    queryClient.invalidateQueries({ queryKey: EQUIPMENT_KEY }),
  ]);
}
