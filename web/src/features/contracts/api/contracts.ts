import { MAX_LIST_LIMIT } from '@gmao/domain/common/api';
import type {
  Calendar,
  CalendarInput,
  Contract,
  ContractDocument,
  ContractInput,
  ContractListItem,
} from '@gmao/domain/contracts/contract-schemas';
import type { Holiday, HolidayInput } from '@gmao/domain/plans/plan-schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile, type Envelope, type ListEnvelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { type ContractFilters, contractKeys } from './query-keys';

export const getContracts = (filters: ContractFilters) =>
  api.get<ListEnvelope<ContractListItem>>('/contracts', { query: { ...filters } });
export const useContracts = (filters: ContractFilters) =>
  useQuery(
    queryOptions({
      queryKey: contractKeys.list(filters),
      queryFn: () => getContracts(filters),
      placeholderData: keepPreviousData,
    }),
  );

export const getContract = (id: number) => api.get<Envelope<Contract>>(`/contracts/${id}`);
export const useContract = (id: number | null) =>
  useQuery({
    queryKey: contractKeys.detail(id ?? 0),
    queryFn: () => getContract(id as number),
    enabled: id !== null,
  });

export const getCalendars = () => api.get<Envelope<Calendar[]>>('/calendars');
export const useCalendars = () => useQuery({ queryKey: contractKeys.calendars(), queryFn: getCalendars });

export const getHolidays = () => api.get<Envelope<Holiday[]>>('/calendars/holidays');
export const useHolidays = () => useQuery({ queryKey: contractKeys.holidays(), queryFn: getHolidays });

/** Every write refreshes the whole contracts cache (lists, details, calendars' counts); holidays are the plans' too. */
function useContractMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: () =>
      Promise.all([contractKeys.all, queryRoots.plans].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** silent: the forms show the server's refusal on their fields and in their alert. */
export const useSaveContract = () =>
  useContractMutation(({ id, input }: { id: number | null; input: ContractInput }) =>
    id === null
      ? api.post<Envelope<Contract>>('/contracts', input, { silent: true })
      : api.put<Envelope<Contract>>(`/contracts/${id}`, input, { silent: true }),
  );
export const useDeleteContract = () =>
  useContractMutation((id: number) => api.delete<Envelope<{ soft: boolean }>>(`/contracts/${id}`));

export const useSaveCalendar = () =>
  useContractMutation(({ id, input }: { id: number | null; input: CalendarInput }) =>
    id === null
      ? api.post<Envelope<Calendar>>('/calendars', input, { silent: true })
      : api.put<Envelope<Calendar>>(`/calendars/${id}`, input, { silent: true }),
  );
export const useDeleteCalendar = () =>
  useContractMutation((id: number) => api.delete<Envelope<null>>(`/calendars/${id}`));

export const useCreateHoliday = () =>
  useContractMutation((input: HolidayInput) => api.post<Envelope<Holiday>>('/calendars/holidays', input));
export const useDeleteHoliday = () =>
  useContractMutation((id: number) => api.delete<Envelope<null>>(`/calendars/holidays/${id}`));

export const useUploadDocument = () =>
  useContractMutation(({ id, file }: { id: number; file: File }) => {
    const body = new FormData();
    body.append('file', file);
    return api.post<Envelope<ContractDocument>>(`/contracts/${id}/documents`, body);
  });
export const useDeleteDocument = () =>
  useContractMutation(({ id, docId }: { id: number; docId: number }) =>
    api.delete<Envelope<null>>(`/contracts/${id}/documents/${docId}`),
  );
export const downloadDocument = (id: number, doc: ContractDocument) =>
  downloadFile(`/contracts/${id}/documents/${doc.id}/download`, doc.originalName);

export interface Choice {
  id: number;
  label: string;
}

export const useClientChoices = () =>
  useQuery({
    queryKey: contractKeys.options('clients'),
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<Choice[]> =>
      (
        await api.get<ListEnvelope<{ id: number; nom_entreprise: string }>>('/clients', {
          query: { limit: MAX_LIST_LIMIT },
          silent: true,
        })
      ).data.map((c) => ({ id: c.id, label: c.nom_entreprise })),
  });

/** The client's equipment and preventive plans, for the covered list and the included visits. */
export function useClientAssets(clientId: number | null) {
  const equipment = useQuery({
    queryKey: contractKeys.options('equipment', clientId ?? 0),
    enabled: clientId !== null,
    queryFn: async (): Promise<Choice[]> =>
      (
        await api.get<ListEnvelope<{ id: number; nom: string }>>('/equipment', {
          query: { proprietaire_id: clientId, limit: MAX_LIST_LIMIT },
          silent: true,
        })
      ).data.map((e) => ({ id: e.id, label: e.nom })),
  });
  const plans = useQuery({
    queryKey: contractKeys.options('plans', clientId ?? 0),
    enabled: clientId !== null,
    queryFn: async (): Promise<Choice[]> =>
      (
        await api.get<Envelope<{ id: number; nom: string }[]>>('/plans', {
          query: { client_id: clientId },
          silent: true,
        })
      ).data.map((p) => ({ id: p.id, label: p.nom })),
  });
  return { equipment, plans };
}
