import type { AuthTokens } from '@gmao/domain/auth/auth-schemas';
import type { LoginInput } from '@gmao/domain/auth/login-schema';
import { useCallback, useState } from 'react';
import { api, type Envelope } from '../../../lib/api-client';

export function login(input: LoginInput) {
  return api.post<Envelope<AuthTokens>>('/auth/login', input, { silent: true, noRefresh: true });
}

/**
 * The login request and whether it is running. Not a TanStack mutation: the login page loads no query library
 * (issue 16, /login ≤ 120 KB), and a login is never retried nor cached.
 */
export function useLogin() {
  const [isPending, setPending] = useState(false);
  const mutateAsync = useCallback(async (input: LoginInput) => {
    setPending(true);
    try {
      return await login(input);
    } finally {
      setPending(false);
    }
  }, []);
  return { mutateAsync, isPending };
}
