import type { Habilitation, HabilitationInput } from '@gmao/domain/habilitations/habilitation-schemas';
import { titreFileName } from '@gmao/domain/habilitations/titre-document';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile, type Envelope, type ListEnvelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export interface HabilitationFilters {
  page: number;
  limit: number;
  search?: string;
  expire_avant?: string;
}

export interface UserHabilitations {
  aptitude_medicale_jusqu_au: string | null;
  titres: Habilitation[];
}

/** Query keys of the habilitations (issue 34), general to specific (STYLE.md rule 9). */
export const habilitationKeys = {
  all: queryRoots.habilitations,
  list: (filters: HabilitationFilters) => [...queryRoots.habilitations, 'list', filters] as const,
  user: (userId: number) => [...queryRoots.habilitations, 'user', userId] as const,
};

/** GET /habilitations: every title, soonest expiry first (habilitations:manage). */
export const useHabilitations = (filters: HabilitationFilters) =>
  useQuery({
    queryKey: habilitationKeys.list(filters),
    queryFn: () => api.get<ListEnvelope<Habilitation>>('/habilitations', { query: { ...filters } }),
    placeholderData: keepPreviousData,
  });

/** GET /users/:id/habilitations: a user's titles (history, newest first) and medical fitness. */
export const useUserHabilitations = (userId: number) =>
  useQuery({
    queryKey: habilitationKeys.user(userId),
    queryFn: async () => (await api.get<Envelope<UserHabilitations>>(`/users/${userId}/habilitations`)).data,
  });

/** Every write refreshes the habilitations and the interventions (the technician picker rates people by them). */
function useHabilitationWrite<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: () =>
      Promise.all(
        [queryRoots.habilitations, queryRoots.interventions].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useCreateHabilitation = (userId: number) =>
  useHabilitationWrite((input: HabilitationInput) =>
    api.post<Envelope<Habilitation>>(`/users/${userId}/habilitations`, input, { silent: true }),
  );
export const useUpdateHabilitation = () =>
  useHabilitationWrite(({ id, input }: { id: number; input: HabilitationInput }) =>
    api.put<Envelope<Habilitation>>(`/habilitations/${id}`, input, { silent: true }),
  );
export const useDeleteHabilitation = () =>
  useHabilitationWrite((id: number) => api.delete<Envelope<{ id: number }>>(`/habilitations/${id}`));
export const useSetMedicalFitness = (userId: number) =>
  useHabilitationWrite((day: string | null) =>
    api.put<Envelope<UserHabilitations>>(`/users/${userId}/aptitude-medicale`, { aptitude_medicale_jusqu_au: day }),
  );

/** PUT /habilitations/:hid/titre: the scanned signed titre (PDF), replacing the stored one (habilitations:manage). */
export const useUploadTitre = () =>
  useHabilitationWrite(({ id, file }: { id: number; file: File }) => {
    const body = new FormData();
    body.append('titre', file);
    return api.put<Envelope<Habilitation>>(`/habilitations/${id}/titre`, body, { silent: true });
  });

/** GET /habilitations/:hid/titre: its holder or habilitations:manage. */
export const downloadTitre = (t: Pick<Habilitation, 'id' | 'symbole' | 'user_nom'>) =>
  downloadFile(`/habilitations/${t.id}/titre`, titreFileName(t));
