import type { Part, StockLocation } from '@gmao/domain/stock/stock-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope, type ListEnvelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { interventionKeys, invalidateInterventionVersion } from './query-keys';

export interface PartRequest {
  id: number;
  fournisseur: string;
  date_commande: string;
  date_prevue: string | null;
  statut: 'OUVERTE' | 'RECUE' | 'ANNULEE';
  /** Issue 31: the client supplies the parts (the contract may suspend the guaranteed times meanwhile). */
  fourni_par_client?: boolean;
  received_at: string | null;
  lignes: { part_id: number; reference: string; designation: string; quantite: number }[];
}

const key = (id: number) => [...interventionKeys.all, 'part-requests', id] as const;

export const usePartRequests = (id: number) =>
  useQuery({
    queryKey: key(id),
    queryFn: () => api.get<Envelope<PartRequest[]>>(`/interventions/${id}/part-requests`, { silent: true }),
  });

export const partChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryRoots.stock, 'choices'] as const,
    queryFn: () => api.get<ListEnvelope<Part>>('/parts', { query: { limit: 100 }, silent: true }),
    staleTime: 60_000,
  });

/** The catalogue's parts for the request's select (stock:read), under the stock root. */
export const usePartChoices = (enabled: boolean) => useQuery({ ...partChoicesQueryOptions(), enabled });

export const locationChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryRoots.stock, 'location-choices'] as const,
    queryFn: () => api.get<Envelope<StockLocation[]>>('/stock/locations', { silent: true }),
    staleTime: 5 * 60_000,
  });

/** The stock locations a catalogue part can be taken from (stock:read), under the stock root. */
export const useLocationChoices = (enabled: boolean) => useQuery({ ...locationChoicesQueryOptions(), enabled });

/** A request or a reception changes the intervention's workflow (waiting for parts) and the stock. */
function usePartRequestMutation<TInput>(id: number, fn: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key(id) }),
        queryClient.invalidateQueries({ queryKey: queryRoots.stock }),
        invalidateInterventionVersion(queryClient, id),
      ]),
  });
}

export const useCreatePartRequest = (id: number) =>
  usePartRequestMutation(
    id,
    (body: {
      lignes: { part_id: number; quantite: number }[];
      fournisseur: string;
      date_commande: string;
      date_prevue: string | null;
      fourni_par_client?: boolean;
    }) => api.post<Envelope<PartRequest>>(`/interventions/${id}/part-requests`, body),
  );

export const useReceivePartRequest = (id: number) =>
  usePartRequestMutation(id, (rid: number) =>
    api.put<Envelope<PartRequest>>(`/interventions/${id}/part-requests/${rid}/receive`, {}),
  );

export const useCancelPartRequest = (id: number) =>
  usePartRequestMutation(id, (rid: number) =>
    api.put<Envelope<PartRequest>>(`/interventions/${id}/part-requests/${rid}/cancel`, {}),
  );

/** Issue 31: an open request's parts are (or are no longer) supplied by the client (the guaranteed times pause). */
export const useSetClientSupplied = (id: number) =>
  usePartRequestMutation(id, (input: { rid: number; fourniParClient: boolean }) =>
    api.put<Envelope<PartRequest>>(`/interventions/${id}/part-requests/${input.rid}/client-supplied`, {
      fourni_par_client: input.fourniParClient,
    }),
  );
