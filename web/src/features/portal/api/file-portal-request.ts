import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { portalKeys } from './query-keys';

export interface PortalRequestInput {
  equipement_id: number;
  description: string;
  nom: string;
  telephone: string;
  email?: string;
  photos: File[];
}

/** POST /api/portal/requests (multipart, the public form's fields plus the equipment). */
export function filePortalRequest(input: PortalRequestInput) {
  const form = new FormData();
  form.append('equipement_id', String(input.equipement_id));
  form.append('description', input.description);
  form.append('nom', input.nom);
  form.append('telephone', input.telephone);
  if (input.email) form.append('email', input.email);
  for (const p of input.photos) form.append('photos', p, p.name);
  return api.post<Envelope<{ id: number }>>('/portal/requests', form, { silent: true });
}

export function useFilePortalRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: filePortalRequest,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.all }),
  });
}
