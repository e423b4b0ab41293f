import type { Review, ReviewHistory, ReviewRejectInput } from '@gmao/domain/interventions/review-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys, invalidateAfterInterventionChange } from './query-keys';

export function getReview(id: number) {
  return api.get<Envelope<Review | null>>(`/interventions/${id}/review`, { silent: true });
}

export function getReviewQueryOptions(id: number) {
  return queryOptions({ queryKey: interventionKeys.review(id), queryFn: () => getReview(id) });
}

export function useReview(id: number) {
  return useQuery(getReviewQueryOptions(id));
}

/** GET /interventions/:id/review/history: the current review and the superseded ones (issue 30). */
export function getReviewHistory(id: number) {
  return api.get<Envelope<ReviewHistory>>(`/interventions/${id}/review/history`, { silent: true });
}

/** Under the review's key: whatever reloads the review reloads its history. */
export function useReviewHistory(id: number) {
  return useQuery({ queryKey: [...interventionKeys.review(id), 'history'], queryFn: () => getReviewHistory(id) });
}

export type ReviewStep =
  | { step: 'submit'; id: number; comment?: string | null }
  | { step: 'approve'; id: number; comment?: string | null }
  | ({ step: 'reject'; id: number } & ReviewRejectInput);

/** POST /interventions/:id/review/{submit|approve|reject}; the caller shows the toasts. */
export function postReviewStep({ step, id, ...body }: ReviewStep) {
  return api.post<Envelope<Review>>(`/interventions/${id}/review/${step}`, body, { silent: true });
}

/** A step changes the review, the list badge and the history: every intervention query is refreshed. */
export function useReviewStep() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postReviewStep, onSuccess: () => invalidateAfterInterventionChange(queryClient) });
}
