import { getPermissions, hasAnyPermission, hasPermission, hasRole, isAdmin } from '@gmao/domain/auth/permissions';
import { normalizeUser, type SessionUser } from '@gmao/domain/auth/user';
import { AUTH_TOASTS } from '@gmao/domain/common/messages';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
} from 'react';
import { ApiError, api, type Envelope, expireSession, onSessionEvent, refreshSession } from './api-client';
import { clearSession, isTokenExpired, readToken, readUser, saveSession, saveUser } from './session-storage';
import { notify } from './toast';

/** Session state machine of spec §4 "Session". */
export interface SessionState {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  user: SessionUser | null;
  token: string | null;
  /** The login failure, or why the session ended or could not start (shown on the login page). */
  error: string | null;
  /** Set when the session ended because it expired (not by logout). */
  expired: boolean;
}

type Action =
  | { type: 'init'; user: SessionUser | null; token: string | null; error?: string }
  | { type: 'loginStart' }
  | { type: 'loginSuccess'; user: SessionUser; token: string }
  | { type: 'loginFailure'; error: string }
  | { type: 'logout'; expired?: boolean; error?: string }
  | { type: 'updateUser'; user: SessionUser };

export function sessionReducer(state: SessionState, action: Action): SessionState {
  switch (action.type) {
    case 'init':
      return action.user && action.token
        ? { status: 'authenticated', user: action.user, token: action.token, error: null, expired: false }
        : { status: 'unauthenticated', user: null, token: null, error: action.error ?? null, expired: false };
    case 'loginStart':
      return { ...state, error: null };
    case 'loginSuccess':
      return { status: 'authenticated', user: action.user, token: action.token, error: null, expired: false };
    case 'loginFailure':
      return { ...state, error: action.error };
    case 'logout':
      return {
        status: 'unauthenticated',
        user: null,
        token: null,
        error: action.error ?? null,
        expired: action.expired ?? false,
      };
    case 'updateUser':
      // The profile re-read at every start is nearly always the stored user: the same state, so the whole signed-in
      // app does not render again while the page loads (issue 30: one long task on a phone).
      return JSON.stringify(action.user) === JSON.stringify(state.user) ? state : { ...state, user: action.user };
  }
}

const initialState: SessionState = { status: 'loading', user: null, token: null, error: null, expired: false };

interface SessionContextValue extends SessionState {
  loginStart(): void;
  loginSuccess(session: { token: string; refreshToken?: string; user: SessionUser }): void;
  loginFailure(error: string): void;
  /** Clears the session locally (the server call is the caller's). */
  logout(): void;
  updateUser(user: SessionUser): void;
}

/**
 * Re-reads the user from GET /auth/profile once the session starts, so a role or permission changed by an
 * administrator applies without logging in again. A failure keeps the stored user and says 'Failed to fetch
 * profile' (spec §5); a 401 that cannot be refreshed has already ended the session.
 */
async function refreshProfile(isCancelled: () => boolean, dispatch: (action: Action) => void) {
  try {
    const res = await api.get<Envelope<unknown>>('/auth/profile', { silent: true });
    const user = normalizeUser(res.data);
    if (isCancelled() || !user || !readToken()) return;
    saveUser(user);
    dispatch({ type: 'updateUser', user });
  } catch (err) {
    if (isCancelled() || (err instanceof ApiError && err.status === 401)) return;
    notify.error(AUTH_TOASTS.profileFetchFailed);
  }
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * `initial`: a session already started (the tests' signed-in user, lib/testing/session.tsx): the provider starts in it at
 * the first render, and neither reads the storage nor re-reads the profile. Without it, the session starts from the
 * storage (spec §4).
 */
export function SessionProvider({
  children,
  initial,
}: {
  children: ReactNode;
  initial?: { user: SessionUser | null; token: string | null };
}) {
  const [state, dispatch] = useReducer(sessionReducer, initial, (start) =>
    start ? sessionReducer(initialState, { type: 'init', user: start.user, token: start.token }) : initialState,
  );
  const started = initial !== undefined;

  useEffect(() => {
    let cancelled = false;
    const off = onSessionEvent((event, reason) => {
      if (event === 'expired') dispatch({ type: 'logout', expired: true, error: reason });
      else {
        const user = readUser();
        const token = readToken();
        if (user && token) dispatch({ type: 'loginSuccess', user, token });
      }
    });
    if (started) return off;
    const init = async () => {
      const token = readToken();
      const user = readUser();
      if (!token || !user) {
        clearSession();
        return dispatch({ type: 'init', user: null, token: null });
      }
      if (isTokenExpired(token)) {
        // An expired access token: renew it with the refresh token instead of asking for the password. A failed
        // renewal expires the session (toast, reason on the login page) through the listener above.
        const failure = await refreshSession();
        if (cancelled) return;
        if (failure) return expireSession(failure);
      }
      // The signed-in app's first render, in slices that let the browser breathe (issue 30, as main.tsx's).
      startTransition(() => dispatch({ type: 'init', user: readUser(), token: readToken() }));
      await refreshProfile(() => cancelled, dispatch);
    };
    init().catch(() => {
      if (cancelled) return;
      try {
        clearSession();
      } catch {
        // storage itself is what failed
      }
      notify.error(AUTH_TOASTS.initFailed);
      dispatch({ type: 'init', user: null, token: null, error: AUTH_TOASTS.initFailed });
    });
    return () => {
      cancelled = true;
      off();
    };
  }, [started]);

  const loginSuccess = useCallback((session: { token: string; refreshToken?: string; user: SessionUser }) => {
    saveSession(session);
    dispatch({ type: 'loginSuccess', user: session.user, token: session.token });
  }, []);
  const logout = useCallback(() => {
    clearSession();
    dispatch({ type: 'logout' });
  }, []);
  const updateUser = useCallback((user: SessionUser) => {
    saveUser(user);
    dispatch({ type: 'updateUser', user });
  }, []);
  const loginStart = useCallback(() => dispatch({ type: 'loginStart' }), []);
  const loginFailure = useCallback((error: string) => dispatch({ type: 'loginFailure', error }), []);

  const value = useMemo(
    () => ({ ...state, loginStart, loginSuccess, loginFailure, logout, updateUser }),
    [state, loginStart, loginSuccess, loginFailure, logout, updateUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside SessionProvider');
  return ctx;
}

/** Permission checks of spec §6 bound to the session user. */
export function usePermissions() {
  const { user } = useSession();
  return useMemo(
    () => ({
      isAdmin: isAdmin(user),
      can: (permission: string) => hasPermission(user, permission),
      canAny: (permissions: readonly string[]) => hasAnyPermission(user, permissions),
      hasRole: (role: string) => hasRole(user, role),
      role: user?.role ?? null,
      permissions: getPermissions(user),
      /** The role is "limité à ses sections" (issue 33): company-wide blocks and pages are not offered. */
      limitedToSections: user?.limitedToSections === true,
    }),
    [user],
  );
}
