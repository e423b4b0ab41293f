import type { RegisterPayload } from '@gmao/domain/auth/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

export interface RegisterResult {
  token: null;
  user: { id: number; nom: string; username: string; enabled: boolean };
}

export function register(input: RegisterPayload) {
  return api.post<Envelope<RegisterResult>>('/auth/register', input, { silent: true, noRefresh: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
