import { MAX_LIST_LIMIT } from '@gmao/domain/common/api';
import type { Compliance, GenerateResult, Plan, PlanInput } from '@gmao/domain/plans/plan-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope, type ListEnvelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the plans feature, general to specific (STYLE.md rule 9). */
export const planKeys = {
  all: queryRoots.plans,
  list: () => [...planKeys.all, 'list'] as const,
  compliance: (from: string, to: string) => [...planKeys.all, 'compliance', { from, to }] as const,
  options: (what: string) => [...planKeys.all, 'options', what] as const,
};

export const getPlans = () => api.get<Envelope<Plan[]>>('/plans');
export const usePlans = () => useQuery(queryOptions({ queryKey: planKeys.list(), queryFn: getPlans }));

export const getCompliance = (from: string, to: string) =>
  api.get<Envelope<Compliance>>('/plans/compliance', { query: { from, to }, silent: true });
export const useCompliance = (from: string, to: string) =>
  useQuery({ queryKey: planKeys.compliance(from, to), queryFn: () => getCompliance(from, to) });

/** A generation creates interventions: the lists and the dashboard follow (through their roots). */
function usePlanMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>, retry?: false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    ...(retry === false ? { retry } : {}),
    onSuccess: () =>
      Promise.all(
        [planKeys.all, queryRoots.interventions, queryRoots.dashboard].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useCreatePlan = () =>
  usePlanMutation((input: PlanInput) => api.post<Envelope<Plan>>('/plans', input), false);
export const useUpdatePlan = () =>
  usePlanMutation(({ id, input }: { id: number; input: PlanInput }) => api.put<Envelope<Plan>>(`/plans/${id}`, input));
export const useDeletePlan = () => usePlanMutation((id: number) => api.delete<Envelope<null>>(`/plans/${id}`));
export const useGeneratePlan = () =>
  usePlanMutation((id: number) => api.post<Envelope<GenerateResult>>(`/plans/${id}/generate`, {}), false);

/** The choices of the plan form, read from their own routes (features do not import each other). */
export interface Choice {
  id: number;
  label: string;
  type_equipement?: string | null;
}
const useChoices = (what: string, load: () => Promise<Choice[]>, enabled: boolean) =>
  useQuery({ queryKey: planKeys.options(what), queryFn: load, staleTime: 5 * 60_000, enabled });

export function usePlanChoices(enabled: boolean) {
  const templates = useChoices(
    'templates',
    async () =>
      (
        await api.get<Envelope<{ id: number; nom: string; type_equipement: string | null }[]>>(
          '/interventions/templates',
          { silent: true },
        )
      ).data.map((t) => ({ id: t.id, label: t.nom, type_equipement: t.type_equipement })),
    enabled,
  );
  const equipment = useChoices(
    'equipment',
    async () =>
      (
        await api.get<
          ListEnvelope<{
            id: number;
            nom: string;
            type_equipement: string | null;
            proprietaire: { nom_entreprise: string } | null;
          }>
        >('/equipment', { query: { limit: MAX_LIST_LIMIT }, silent: true })
      ).data.map((e) => ({
        id: e.id,
        label: `${e.nom}${e.proprietaire ? ` — ${e.proprietaire.nom_entreprise}` : ''}`,
        type_equipement: e.type_equipement,
      })),
    enabled,
  );
  const clients = useChoices(
    'clients',
    async () =>
      (
        await api.get<ListEnvelope<{ id: number; nom_entreprise: string }>>('/clients', {
          query: { limit: MAX_LIST_LIMIT },
          silent: true,
        })
      ).data.map((c) => ({ id: c.id, label: c.nom_entreprise })),
    enabled,
  );
  const technicians = useChoices(
    'technicians',
    async () =>
      (await api.get<Envelope<{ id: number; nom: string }[]>>('/interventions/technicians', { silent: true })).data.map(
        (t) => ({ id: t.id, label: t.nom }),
      ),
    enabled,
  );
  return { templates, equipment, clients, technicians };
}
