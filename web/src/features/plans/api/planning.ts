import { MAX_LIST_LIMIT } from '@gmao/domain/common/api';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import type { ScheduleInput } from '@gmao/domain/interventions/schedule-schemas';
import type { Plan, PlanOccurrence } from '@gmao/domain/plans/plan-schemas';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope, type ListEnvelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { getPlans, planKeys } from './plans';

export interface CalendarFilters {
  technician_id?: number;
  client_id?: number;
}

/**
 * Keys of the calendar. The scheduled interventions sit under the interventions root, so any intervention change
 * elsewhere (detail, list) refreshes the calendar; the occurrences under the plans root (a generation refreshes them).
 */
export const planningKeys = {
  interventions: (from: string, to: string, filters: CalendarFilters) =>
    [...queryRoots.interventions, 'calendar', { from, to, ...filters }] as const,
  occurrences: (planId: number, from: string, to: string) =>
    [...planKeys.all, 'occurrences', planId, { from, to }] as const,
};

/**
 * The interventions due between two Casablanca days (inclusive): planned within them, or dated within them without a
 * planned time (issue 30 item 2: those were missing, "1 of 241").
 */
export const getPlannedInterventions = (from: string, to: string, filters: CalendarFilters) =>
  api.get<ListEnvelope<Intervention>>('/interventions', {
    query: { due_from: from, due_to: to, limit: MAX_LIST_LIMIT, ...filters },
  });

/** Page size of the « À planifier » list; « Voir plus » adds as many. */
export const TO_PLAN_PAGE = 10;

/** Open interventions without a planned time, the nearest date first, under the calendar's filters. */
export const useUnscheduledInterventions = (filters: CalendarFilters, limit: number) =>
  useQuery({
    queryKey: [...queryRoots.interventions, 'to-plan', { ...filters, limit }] as const,
    queryFn: () =>
      api.get<ListEnvelope<Intervention>>('/interventions', {
        query: { unscheduled: true, open: true, sort: 'nearest', limit, ...filters },
        silent: true,
      }),
    placeholderData: (previous) => previous,
  });

export const usePlannedInterventions = (from: string, to: string, filters: CalendarFilters) =>
  useQuery({
    queryKey: planningKeys.interventions(from, to, filters),
    queryFn: () => getPlannedInterventions(from, to, filters),
  });

/** The plan list, read only by who may (a technician without plans:read sees no virtual occurrence, and no 403). */
export const usePlanList = (enabled: boolean) => useQuery({ queryKey: planKeys.list(), queryFn: getPlans, enabled });

export interface VirtualOccurrence extends PlanOccurrence {
  plan: Pick<Plan, 'id' | 'nom' | 'client_id' | 'nom_entreprise' | 'technicien_id' | 'technicien_nom'>;
}

/** Every active plan's occurrences in the period that no intervention exists for yet (`generated: false`). */
export function useVirtualOccurrences(plans: Plan[] | undefined, from: string, to: string) {
  const active = (plans ?? []).filter((p) => p.actif);
  const results = useQueries({
    queries: active.map((plan) => ({
      queryKey: planningKeys.occurrences(plan.id, from, to),
      queryFn: () =>
        api.get<Envelope<PlanOccurrence[]>>(`/plans/${plan.id}/occurrences`, { query: { from, to }, silent: true }),
    })),
  });
  const occurrences: VirtualOccurrence[] = results.flatMap((r, i) => {
    const plan = active[i];
    if (!plan || !r.data) return [];
    return r.data.data.filter((o) => !o.generated).map((o) => ({ ...o, plan }));
  });
  return { occurrences, isLoading: results.some((r) => r.isLoading) };
}

/**
 * PUT /interventions/:id/schedule (the whole schedule); the server's refusals are toasted by the api client, unless
 * `silent` (the replan dialog shows them itself).
 */
export function useReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, silent }: { id: number; body: ScheduleInput; silent?: boolean }) =>
      api.put<Envelope<Intervention>>(`/interventions/${id}/schedule`, body, { silent }),
    onSuccess: () =>
      Promise.all(
        [queryRoots.interventions, queryRoots.dashboard, planKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export interface FilterChoice {
  id: number;
  label: string;
}

/** Technicians and clients of the filters, from their own routes (features do not import each other). */
export function useCalendarChoices(canListClients: boolean) {
  const technicians = useQuery({
    queryKey: planKeys.options('technicians'),
    queryFn: async () =>
      (await api.get<Envelope<{ id: number; nom: string }[]>>('/interventions/technicians', { silent: true })).data.map(
        (t): FilterChoice => ({ id: t.id, label: t.nom }),
      ),
    staleTime: 5 * 60_000,
  });
  const clients = useQuery({
    queryKey: planKeys.options('clients'),
    queryFn: async () =>
      (
        await api.get<ListEnvelope<{ id: number; nom_entreprise: string }>>('/clients', {
          query: { limit: MAX_LIST_LIMIT },
          silent: true,
        })
      ).data.map((c): FilterChoice => ({ id: c.id, label: c.nom_entreprise })),
    staleTime: 5 * 60_000,
    enabled: canListClients,
  });
  return { technicians: technicians.data ?? [], clients: clients.data ?? [], showClients: canListClients };
}
