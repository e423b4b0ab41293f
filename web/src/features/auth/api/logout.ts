import { AUTH_TOASTS } from '@gmao/domain/common/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { readRefreshToken } from '../../../lib/session-storage';
import { notify } from '../../../lib/toast';

export function logout() {
  return api.post('/auth/logout', { refreshToken: readRefreshToken() ?? undefined }, { silent: true, noRefresh: true });
}

/** Logs out on the server (errors ignored), clears the local session and goes to /login. */
export function useLogout() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await logout().catch(() => undefined);
    session.logout();
    queryClient.clear();
    notify.success(AUTH_TOASTS.logout);
    navigate(paths.login, { replace: true });
  }, [session, navigate, queryClient]);
}
