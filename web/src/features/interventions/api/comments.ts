import type { Comment } from '@gmao/domain/interventions/activity-schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope, type ListEnvelope } from '../../../lib/api-client';
import { interventionKeys, invalidateInterventionVersion } from './query-keys';

// One file for the comment calls: a fetcher each, the list's queryOptions and the hooks.
export function getComments(id: number, page: number, limit: number) {
  return api.get<ListEnvelope<Comment>>(`/interventions/${id}/comments`, { query: { page, limit }, silent: true });
}

export function getCommentsQueryOptions(id: number, page: number, limit: number) {
  return queryOptions({
    queryKey: interventionKeys.comments(id, page, limit),
    queryFn: () => getComments(id, page, limit),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export const useComments = (id: number, page: number, limit: number) =>
  useQuery(getCommentsQueryOptions(id, page, limit));

export const addComment = (input: { id: number; comment: string }) =>
  api.post<Envelope<Comment>>(`/interventions/${input.id}/comments`, { comment: input.comment }, { silent: true });

export const updateComment = (input: { id: number; cid: number; comment: string }) =>
  api.put<Envelope<Comment>>(
    `/interventions/${input.id}/comments/${input.cid}`,
    { comment: input.comment },
    { silent: true },
  );

export const deleteComment = (input: { id: number; cid: number }) =>
  api.delete<Envelope<null>>(`/interventions/${input.id}/comments/${input.cid}`, { silent: true });

function useCommentMutation<TInput extends { id: number }, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_d, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: interventionKeys.allComments(input.id) }),
        invalidateInterventionVersion(queryClient, input.id),
      ]),
  });
}

export const useAddComment = () => useCommentMutation(addComment);
export const useUpdateComment = () => useCommentMutation(updateComment);
export const useDeleteComment = () => useCommentMutation(deleteComment);
