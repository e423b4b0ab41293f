import type { Attachment } from '@gmao/domain/interventions/attachment-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile, type Envelope } from '../../../lib/api-client';
import { interventionKeys, invalidateInterventionVersion } from './query-keys';

// The attachment calls: list (fetcher, queryOptions, hook), upload, download and delete.
export const getAttachments = (id: number) =>
  api.get<Envelope<Attachment[]>>(`/interventions/${id}/attachments`, { silent: true });

export function getAttachmentsQueryOptions(id: number) {
  return queryOptions({
    queryKey: interventionKeys.attachments(id),
    queryFn: () => getAttachments(id),
    staleTime: 60_000,
  });
}

export const useAttachments = (id: number) => useQuery(getAttachmentsQueryOptions(id));

/**
 * Multipart upload (field `file`) through the shared client; silent: the section toasts the outcome itself.
 * `idempotencyKey` (issue 32): a photo's change id — sent again from the outbox after a lost answer, it is stored once.
 */
export function uploadAttachment(input: { id: number; file: File; idempotencyKey?: string }) {
  const body = new FormData();
  body.append('file', input.file);
  const headers = input.idempotencyKey ? { 'Idempotency-Key': input.idempotencyKey } : undefined;
  return api.post<Envelope<Attachment>>(`/interventions/${input.id}/attachments`, body, { silent: true, headers });
}

export const downloadAttachment = (id: number, attachment: Attachment) =>
  downloadFile(`/interventions/${id}/attachments/${attachment.id}/download`, attachment.filename);

export const deleteAttachment = (input: { id: number; attId: number }) =>
  api.delete<Envelope<null>>(`/interventions/${input.id}/attachments/${input.attId}`, { silent: true });

function useAttachmentMutation<TInput extends { id: number }, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_d, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: interventionKeys.attachments(input.id) }),
        invalidateInterventionVersion(queryClient, input.id),
      ]),
  });
}

export const useUploadAttachment = () => useAttachmentMutation(uploadAttachment);
export const useDeleteAttachment = () => useAttachmentMutation(deleteAttachment);
