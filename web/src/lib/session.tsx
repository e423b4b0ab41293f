import { getPermissions, hasAnyPermission, hasPermission, hasRole, isAdmin } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer } from 'react';
import { onSessionEvent, refreshSession } from './api-client';
import {
  clearSession,
  isTokenExpired,
  readRefreshToken,
  readToken,
  readUser,
  saveSession,
  saveUser,
} from './session-storage';

/** Session state machine of spec §4 "Session". */
export interface SessionState {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  user: SessionUser | null;
  token: string | null;
  error: string | null;
  /** Set when the session ended because it expired (not by logout). */
  expired: boolean;
}

type Action =
  | { type: 'init'; user: SessionUser | null; token: string | null }
  | { type: 'loginStart' }
  | { type: 'loginSuccess'; user: SessionUser; token: string }
  | { type: 'loginFailure'; error: string }
  | { type: 'logout'; expired?: boolean }
  | { type: 'updateUser'; user: SessionUser };

export function sessionReducer(state: SessionState, action: Action): SessionState {
  switch (action.type) {
    case 'init':
      return action.user && action.token
        ? { status: 'authenticated', user: action.user, token: action.token, error: null, expired: false }
        : { status: 'unauthenticated', user: null, token: null, error: null, expired: false };
    case 'loginStart':
      return { ...state, error: null };
    case 'loginSuccess':
      return { status: 'authenticated', user: action.user, token: action.token, error: null, expired: false };
    case 'loginFailure':
      return { ...state, error: action.error };
    case 'logout':
      return { status: 'unauthenticated', user: null, token: null, error: null, expired: action.expired ?? false };
    case 'updateUser':
      return { ...state, user: action.user };
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

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(sessionReducer, initialState);

  useEffect(() => {
    let cancelled = false;
    const init = async () => {
      const token = readToken();
      const user = readUser();
      if (token && user && !isTokenExpired(token)) return dispatch({ type: 'init', user, token });
      // An expired access token with a live refresh token: renew silently instead of asking for the password.
      if (user && readRefreshToken() && (await refreshSession()) && !cancelled) {
        return dispatch({ type: 'init', user: readUser(), token: readToken() });
      }
      clearSession();
      if (!cancelled) dispatch({ type: 'init', user: null, token: null });
    };
    void init();
    const off = onSessionEvent((event) => {
      if (event === 'expired') dispatch({ type: 'logout', expired: true });
      else {
        const user = readUser();
        const token = readToken();
        if (user && token) dispatch({ type: 'loginSuccess', user, token });
      }
    });
    return () => {
      cancelled = true;
      off();
    };
  }, []);

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
    }),
    [user],
  );
}
