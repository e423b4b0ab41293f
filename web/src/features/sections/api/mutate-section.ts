import type { Section, SectionInput } from '@gmao/domain/sections/section-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { sectionsKeys } from './query-keys';

export const createSection = (input: SectionInput) => api.post<Envelope<Section>>('/sections', input, { silent: true });
export const updateSection = ({ id, input }: { id: number; input: SectionInput }) =>
  api.put<Envelope<Section>>(`/sections/${id}`, input, { silent: true });
export const deleteSection = (id: number) => api.delete<Envelope<null>>(`/sections/${id}`, { silent: true });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sectionsKeys.all }),
      // A responsible person joins the section: user lists change too.
      queryClient.invalidateQueries({ queryKey: queryRoots.users }),
    ]);
}

export function useCreateSection() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: createSection, onSuccess, retry: false });
}

export function useUpdateSection() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: updateSection, onSuccess, retry: false });
}

export function useDeleteSection() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: deleteSection, onSuccess, retry: false });
}
