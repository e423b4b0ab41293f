import type { Attachment } from '@gmao/domain/interventions/attachment-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_BASE,
  ApiError,
  api,
  downloadFile,
  type Envelope,
  httpErrorMessages,
  refreshSession,
} from '../../../lib/api-client';
import { readToken } from '../../../lib/session-storage';
import { interventionKeys } from './query-keys';

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
 * Multipart upload (field `file`). The shared client only sends JSON, so this call builds the request itself
 * with the same bearer, single refresh-and-retry on 401 and ApiError on failure.
 * TODO(lead): move FormData support into lib/api-client and use it here.
 */
export async function uploadAttachment(input: { id: number; file: File }): Promise<Envelope<Attachment>> {
  const send = () => {
    const body = new FormData();
    body.append('file', input.file);
    const token = readToken();
    return fetch(`${API_BASE}/interventions/${input.id}/attachments`, {
      method: 'POST',
      headers: token
        ? { authorization: `Bearer ${token}`, accept: 'application/json' }
        : { accept: 'application/json' },
      body,
    });
  };
  let res: Response;
  try {
    res = await send();
    if (res.status === 401 && (await refreshSession())) res = await send();
  } catch {
    throw new ApiError(0, httpErrorMessages(0, null)[0], null);
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    throw new ApiError(res.status, httpErrorMessages(res.status, body)[0], body?.message ?? null, body?.details ?? []);
  }
  return body as Envelope<Attachment>;
}

export const downloadAttachment = (id: number, attachment: Attachment) =>
  downloadFile(`/interventions/${id}/attachments/${attachment.id}/download`, attachment.filename);

export const deleteAttachment = (input: { id: number; attId: number }) =>
  api.delete<Envelope<null>>(`/interventions/${input.id}/attachments/${input.attId}`, { silent: true });

function useAttachmentMutation<TInput extends { id: number }, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_d, input) => queryClient.invalidateQueries({ queryKey: interventionKeys.attachments(input.id) }),
  });
}

export const useUploadAttachment = () => useAttachmentMutation(uploadAttachment);
export const useDeleteAttachment = () => useAttachmentMutation(deleteAttachment);
