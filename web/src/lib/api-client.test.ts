import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, httpErrorMessages } from './api-client';
import { STORAGE_KEYS } from './session-storage';

vi.mock('react-hot-toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

describe('HTTP error messages (spec §8)', () => {
  it.each([
    [400, { details: [{ msg: 'A' }, { message: 'B' }, {}] }, ['A', 'B', 'Validation error']],
    [400, { message: 'Mauvais format' }, ['Mauvais format']],
    [400, null, ['Bad request']],
    [403, { message: 'ignored' }, ["Access denied. You don't have permission to perform this action."]],
    [404, null, ['Resource not found']],
    [422, { message: 'Transition refusée' }, ['Transition refusée']],
    [422, null, ['Validation failed']],
    [500, { message: 'SQL…' }, ['Server error. Please try again later.']],
    [409, { message: 'Déjà utilisé' }, ['Déjà utilisé']],
    [418, null, ['An unexpected error occurred']],
    [0, null, ['Network error. Please check your connection.']],
  ])('%i %o → %o', (status, body, expected) => {
    expect(httpErrorMessages(status, body)).toEqual(expected);
  });
});

describe('401 handling: one refresh, then retry', () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'old-access');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('refreshes once and retries the request with the new token', async () => {
    const calls: { url: string; auth?: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const auth = (init.headers as Record<string, string>)?.authorization;
        calls.push({ url, auth });
        if (url === '/api/auth/refresh-token') {
          return json(200, {
            success: true,
            data: { token: 'new-access', refreshToken: 'refresh-2', user: { id: 1 } },
          });
        }
        return auth === 'Bearer new-access'
          ? json(200, { success: true, data: 42 })
          : json(401, { message: 'expired' });
      }),
    );
    const res = await apiRequest<{ data: number }>('/clients');
    expect(res.data).toBe(42);
    expect(calls.map((c) => c.url)).toEqual(['/api/clients', '/api/auth/refresh-token', '/api/clients']);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('clears the session when the refresh fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { message: 'nope' })),
    );
    await expect(apiRequest('/clients')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });
});
