import { PARTS_CSV_MESSAGES, type PartsImportResult } from '@gmao/domain/stock/parts-csv';
import type { Part, PartInput, StockAlert, StockLocation } from '@gmao/domain/stock/stock-schemas';
import { CENTRAL_STORE } from '@gmao/domain/stock/stock-schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile, type Envelope, type ListEnvelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the stock feature, general to specific (STYLE.md rule 9). */
export const stockKeys = {
  all: queryRoots.stock,
  parts: (search: string, page: number) => [...stockKeys.all, 'parts', { search, page }] as const,
  alerts: () => [...stockKeys.all, 'alerts'] as const,
  locations: () => [...stockKeys.all, 'locations'] as const,
};

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
