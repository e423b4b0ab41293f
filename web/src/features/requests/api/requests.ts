import type { InterventionRequest, PublicRequestTarget, RequestStatut } from '@gmao/domain/requests/request-schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api, type Envelope, type ListEnvelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export interface RequestFilters {
  page: number;
  limit: number;
  search?: string;
  statut?: RequestStatut;
}

/** Query keys of the requests inbox, general to specific (STYLE.md rule 9). */
export const requestKeys = {
  all: queryRoots.requests,
  list: (filters: RequestFilters) => [...queryRoots.requests, 'list', filters] as const,
  photo: (id: number, photoId: number) => [...queryRoots.requests, 'photo', id, photoId] as const,
  openInterventions: (equipementId: number) => [...queryRoots.requests, 'open-interventions', equipementId] as const,
};

export const useRequests = (filters: RequestFilters) =>
  useQuery({
    queryKey: requestKeys.list(filters),
    queryFn: () => api.get<ListEnvelope<InterventionRequest>>('/requests', { query: { ...filters } }),
    placeholderData: keepPreviousData,
  });

/** A photo of a request as an object URL (fetched with the session's bearer). */
export const useRequestPhoto = (id: number, photoId: number) =>
  useQuery({
    queryKey: requestKeys.photo(id, photoId),
    queryFn: async () =>
      URL.createObjectURL(await api.get<Blob>(`/requests/${id}/photos/${photoId}`, { blob: true, silent: true })),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The open interventions of the request's equipment (the merge's choices). */
export const useOpenInterventions = (equipementId: number, enabled: boolean) =>
  useQuery({
    queryKey: requestKeys.openInterventions(equipementId),
    queryFn: () =>
      api.get<ListEnvelope<{ id: number; date: string; description: string | null; statut: string }>>(
        '/interventions',
        { query: { equipement_id: equipementId, open: true, limit: 100 }, silent: true },
      ),
    enabled,
  });

/** Decisions refresh the inbox and the interventions (a new one, or new attachments). */
function useDecision<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: () =>
      Promise.all(
        [queryRoots.requests, queryRoots.interventions, queryRoots.dashboard].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useAcceptRequest = () =>
  useDecision((id: number) => api.post<Envelope<{ intervention_id: number }>>(`/requests/${id}/accept`));
export const useMergeRequest = () =>
  useDecision(({ id, interventionId }: { id: number; interventionId: number }) =>
    api.post<Envelope<{ intervention_id: number }>>(`/requests/${id}/merge`, { intervention_id: interventionId }),
  );
export const useDeclineRequest = () =>
  useDecision(({ id, motif }: { id: number; motif: string }) =>
    api.post<Envelope<null>>(`/requests/${id}/decline`, { motif }, { silent: true }),
  );

// ── The public page: plain fetch, no session (the visitor has no account) ───────────────────────────────────────

export type PublicLoad = { kind: 'ok'; target: PublicRequestTarget } | { kind: 'notFound'; message: string };

export async function loadPublicTarget(token: string): Promise<PublicLoad> {
  const res = await fetch(`${API_BASE}/public/requests/${encodeURIComponent(token)}`);
  const body = (await res.json().catch(() => null)) as {
    success?: boolean;
    data: PublicRequestTarget;
    message?: string;
  } | null;
  if (res.ok && body?.success) return { kind: 'ok', target: body.data };
  if (res.status === 404) return { kind: 'notFound', message: body?.message ?? '' };
  throw new Error(body?.message ?? String(res.status));
}

export type PublicSubmit =
  | { ok: true; message: string }
  | { ok: false; message: string; details: { field: string; msg: string }[] };

export async function submitPublicRequest(token: string, form: FormData): Promise<PublicSubmit> {
  const res = await fetch(`${API_BASE}/public/requests/${encodeURIComponent(token)}`, { method: 'POST', body: form });
  const body = (await res.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    details?: { field: string; msg: string }[];
  } | null;
  if (res.ok) return { ok: true, message: body?.message ?? '' };
  return { ok: false, message: body?.message ?? String(res.status), details: body?.details ?? [] };
}
