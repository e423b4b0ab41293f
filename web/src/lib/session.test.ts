import { describe, expect, it } from 'vitest';
import { type SessionState, sessionReducer } from './session';
import { clearSession, isTokenExpired, readUser, saveSession } from './session-storage';

const user = { id: 1, nom: 'Amina', username: 'amina', section: null, role: 'Technicien', roleId: 2, permissions: [] };
const loading: SessionState = { status: 'loading', user: null, token: null, error: null, expired: false };

const tokenWithExp = (exp: number) => `x.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.y`;

describe('session state (spec §4)', () => {
  it('starts authenticated only with a user and a token', () => {
    expect(sessionReducer(loading, { type: 'init', user, token: 't' }).status).toBe('authenticated');
    expect(sessionReducer(loading, { type: 'init', user: null, token: null }).status).toBe('unauthenticated');
  });

  it('login start clears the error; failure stores it; logout clears user and token', () => {
    const failed = sessionReducer(loading, { type: 'loginFailure', error: 'Login failed' });
    expect(failed.error).toBe('Login failed');
    expect(sessionReducer(failed, { type: 'loginStart' }).error).toBeNull();
    const inState = sessionReducer(failed, { type: 'loginSuccess', user, token: 't' });
    expect(inState).toMatchObject({ status: 'authenticated', user, token: 't', error: null });
    expect(sessionReducer(inState, { type: 'logout' })).toMatchObject({
      status: 'unauthenticated',
      user: null,
      token: null,
    });
  });

  it('a profile update replaces the user', () => {
    const inState = sessionReducer(loading, { type: 'loginSuccess', user, token: 't' });
    expect(sessionReducer(inState, { type: 'updateUser', user: { ...user, nom: 'Amina B.' } }).user?.nom).toBe(
      'Amina B.',
    );
  });

  it('a profile equal to the stored user keeps the same state (nothing re-renders while the page loads)', () => {
    const inState = sessionReducer(loading, { type: 'loginSuccess', user, token: 't' });
    expect(sessionReducer(inState, { type: 'updateUser', user: { ...user, permissions: [] } })).toBe(inState);
  });

  it('reads the expiry claim of the token', () => {
    const now = Date.now();
    expect(isTokenExpired(tokenWithExp(now / 1000 + 60), now)).toBe(false);
    expect(isTokenExpired(tokenWithExp(now / 1000 - 1), now)).toBe(true);
    expect(isTokenExpired('garbage', now)).toBe(true);
  });

  it('stores auth_token, refresh_token and user_data locally, and clears the three', () => {
    saveSession({ token: 't', refreshToken: 'r', user });
    expect(localStorage.getItem('auth_token')).toBe('t');
    expect(localStorage.getItem('refresh_token')).toBe('r');
    expect(JSON.parse(localStorage.getItem('user_data') ?? 'null')).toMatchObject({ nom: 'Amina' });
    expect(readUser()?.username).toBe('amina');
    clearSession();
    expect([
      localStorage.getItem('auth_token'),
      localStorage.getItem('refresh_token'),
      localStorage.getItem('user_data'),
    ]).toEqual([null, null, null]);
  });
});
