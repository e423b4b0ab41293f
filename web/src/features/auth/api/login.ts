import type { AuthTokens, LoginInput } from '@gmao/domain/auth/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

export function login(input: LoginInput) {
  return api.post<Envelope<AuthTokens>>('/auth/login', input, { silent: true, noRefresh: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login, retry: false });
}
