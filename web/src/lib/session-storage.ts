import { normalizeUser, type SessionUser } from '@gmao/domain/auth/user';

/** Keys of spec §3 "Locally stored". */
export const STORAGE_KEYS = { token: 'auth_token', refreshToken: 'refresh_token', user: 'user_data' } as const;

export function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function readRefreshToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.refreshToken);
}

export function readUser(): SessionUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return normalizeUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function saveSession(session: { token: string; refreshToken?: string | null; user?: SessionUser | null }) {
  localStorage.setItem(STORAGE_KEYS.token, session.token);
  if (session.refreshToken) localStorage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  if (session.user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
}

export function saveUser(user: SessionUser) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearSession() {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}

/** Reads the JWT expiry claim; a token without a readable one counts as expired. */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  try {
    const claims = token.split('.')[1];
    if (claims === undefined) return true;
    const payload = JSON.parse(atob(claims.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp !== 'number' || payload.exp * 1000 <= now;
  } catch {
    return true;
  }
}
