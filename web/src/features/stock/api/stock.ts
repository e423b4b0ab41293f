import { MAX_LIST_LIMIT } from '@gmao/domain/common/api';
import { PARTS_CSV_MESSAGES, type PartsImportResult } from '@gmao/domain/stock/parts-csv';
import type {
  LocationInput,
  MovementInput,
  Part,
  PartDetail,
  PartInput,
  StockAlert,
  StockLocation,
  StockMovement,
  StockSettings,
  StockSuggestion,
} from '@gmao/domain/stock/stock-schemas';
import { CENTRAL_STORE } from '@gmao/domain/stock/stock-schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile, type Envelope, type ListEnvelope } from '../../../lib/api-client';
import { queryRoots, sharedQueryKeys } from '../../../lib/query-keys';

/** Query keys of the stock feature, general to specific (STYLE.md rule 9). */
export const stockKeys = {
  all: queryRoots.stock,
  parts: (search: string, page: number) => [...stockKeys.all, 'parts', { search, page }] as const,
  alerts: () => [...stockKeys.all, 'alerts'] as const,
  locations: () => [...stockKeys.all, 'locations'] as const,
  part: (id: number) => [...stockKeys.all, 'part', id] as const,
  photo: (id: number, version: string) => [...stockKeys.all, 'photo', id, version] as const,
  movements: (partId: number, page: number) => [...stockKeys.all, 'movements', { partId, page }] as const,
  suggestions: () => [...stockKeys.all, 'suggestions'] as const,
  technicians: () => [...stockKeys.all, 'technicians'] as const,
  clients: () => [...stockKeys.all, 'clients'] as const,
  settings: () => [...stockKeys.all, 'settings'] as const,
};

export const MOVEMENTS_PAGE_SIZE = 10;

export const PARTS_PAGE_SIZE = 20;

export function useParts(search: string, page: number) {
  return useQuery({
    queryKey: stockKeys.parts(search, page),
    queryFn: () =>
      api.get<ListEnvelope<Part>>('/parts', { query: { search: search || undefined, page, limit: PARTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export const useStockAlerts = () =>
  useQuery({
    queryKey: stockKeys.alerts(),
    queryFn: () => api.get<Envelope<StockAlert[]>>('/stock/alerts', { silent: true }),
  });

export const useLocations = () =>
  useQuery({
    queryKey: stockKeys.locations(),
    queryFn: () => api.get<Envelope<StockLocation[]>>('/stock/locations', { silent: true }),
    staleTime: 5 * 60_000,
  });

/** A part with its stock per location and its total. */
export const usePart = (id: number) =>
  useQuery({ queryKey: stockKeys.part(id), queryFn: () => api.get<Envelope<PartDetail>>(`/parts/${id}`) });

/** A part's movements, the most recent first, paged. */
export const usePartMovements = (partId: number, page: number) =>
  useQuery({
    queryKey: stockKeys.movements(partId, page),
    queryFn: () =>
      api.get<ListEnvelope<StockMovement>>('/stock/movements', {
        query: { part_id: partId, page, limit: MOVEMENTS_PAGE_SIZE },
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });

export const useSuggestions = (enabled = true) =>
  useQuery({
    queryKey: stockKeys.suggestions(),
    queryFn: () => api.get<Envelope<StockSuggestion[]>>('/stock/suggestions', { silent: true }),
    enabled,
  });

/** Who may hold a vehicle location (the assignable users) and which clients may host a site location. */
export const useStockTechnicians = (enabled: boolean) =>
  useQuery({
    queryKey: stockKeys.technicians(),
    queryFn: () => api.get<Envelope<{ id: number; nom: string }[]>>('/interventions/technicians', { silent: true }),
    staleTime: 5 * 60_000,
    enabled,
  });
/** The sections (agencies) a store may belong to (issue 33), the sections screen's list key. */
export const useStockSections = () =>
  useQuery({
    queryKey: sharedQueryKeys.sectionList(),
    queryFn: () => api.get<Envelope<{ id: number; nom: string }[]>>('/sections', { silent: true }),
    staleTime: 10 * 60_000,
  });
export const useStockClients = (enabled: boolean) =>
  useQuery({
    queryKey: stockKeys.clients(),
    queryFn: () =>
      api.get<ListEnvelope<{ id: number; nom_entreprise: string }>>('/clients', {
        query: { limit: MAX_LIST_LIMIT },
        silent: true,
      }),
    staleTime: 5 * 60_000,
    enabled,
  });

/** The central store's id (it exists from the first start). */
export const centralStore = (locations: StockLocation[] | undefined) => locations?.find((l) => l.nom === CENTRAL_STORE);

function useStockMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}

export const useCreatePart = () => useStockMutation((input: PartInput) => api.post<Envelope<Part>>('/parts', input));
export const useUpdatePart = (id: number) =>
  useStockMutation((input: PartInput) => api.put<Envelope<PartDetail>>(`/parts/${id}`, input));
/**
 * Silent: the detail shows the server's refusal (a part with movements) in its confirmation. On success the
 * deleted part's own queries are not refetched (they would answer 404 while its detail closes).
 */
export function useDeletePart(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<Envelope<null>>(`/parts/${id}`, { silent: true }),
    retry: false,
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: stockKeys.all,
        predicate: ({ queryKey: [, kind, arg] }) =>
          !(kind === 'part' && arg === id) &&
          !(kind === 'movements' && (arg as { partId?: number } | undefined)?.partId === id),
      }),
  });
}
export const useStockSettings = () =>
  useQuery({
    queryKey: stockKeys.settings(),
    queryFn: () => api.get<Envelope<StockSettings>>('/stock/settings', { silent: true }),
  });
export const useSaveStockSettings = () =>
  useStockMutation((input: StockSettings) => api.put<Envelope<StockSettings>>('/stock/settings', input));

/** Silent: the movement form shows the server's refusal (not enough stock…) under its fields. */
export const useRecordMovement = () =>
  useStockMutation((input: MovementInput) =>
    api.post<Envelope<StockMovement[]>>('/stock/movements', input, { silent: true }),
  );
export const useCreateLocation = () =>
  useStockMutation((input: LocationInput) => api.post<Envelope<StockLocation>>('/stock/locations', input));
export const useReception = () =>
  useStockMutation((m: { part_id: number; location_id: number; quantite: number }) =>
    api.post<Envelope<unknown>>('/stock/movements', { ...m, type: 'RECEPTION' }),
  );

/** The catalogue as CSV (stock:read). */
export const downloadPartsCsv = () => downloadFile('/parts/export.csv', PARTS_CSV_MESSAGES.fileName);

/** Imports a catalogue CSV (stock:manage): all or nothing; the per-line errors come back in the ApiError's details. */
export const useImportParts = () =>
  useStockMutation((contenu: string) =>
    api.post<Envelope<PartsImportResult>>('/parts/import', { contenu }, { silent: true }),
  );

/** The part's photo as an object URL (fetched with the session's bearer); `version` (its updatedAt) refreshes it. */
export function usePartPhoto(id: number, version: string, enabled: boolean) {
  return useQuery({
    queryKey: stockKeys.photo(id, version),
    queryFn: async () => URL.createObjectURL(await api.get<Blob>(`/parts/${id}/photo`, { blob: true, silent: true })),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
/** Multipart PUT (field `file`); silent: the detail toasts the outcome. */
export const useUploadPartPhoto = (id: number) =>
  useStockMutation((file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api.put<Envelope<PartDetail>>(`/parts/${id}/photo`, body, { silent: true });
  });
export const useDeletePartPhoto = (id: number) =>
  useStockMutation(() => api.delete<Envelope<null>>(`/parts/${id}/photo`, { silent: true }));
