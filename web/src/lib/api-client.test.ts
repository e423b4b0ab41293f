import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, httpErrorMessages, REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from './api-client';
import { STORAGE_KEYS } from './session-storage';

// The client's toasts silenced with spies (not a vi.mock: the file shares its worker).
beforeEach(() => {
  vi.spyOn(toast, 'error').mockReturnValue('');
  vi.spyOn(toast, 'success').mockReturnValue('');
});

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

describe('FormData bodies (attachment uploads)', () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'old-access');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const upload = () => {
    const body = new FormData();
    body.append('file', new File(['%PDF-1.4'], 'rapport.pdf', { type: 'application/pdf' }));
    return body;
  };

  it('sends the form as is, without a JSON content type, with the bearer, and resends it after a refresh', async () => {
    const sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const headers = init.headers as Record<string, string>;
        sent.push({ url, headers, body: init.body });
        if (url === '/api/auth/refresh-token') {
          return json(200, {
            success: true,
            data: { token: 'new-access', refreshToken: 'refresh-2', user: { id: 1 } },
          });
        }
        return headers.authorization === 'Bearer new-access'
          ? json(201, { success: true, data: { id: 7 } })
          : json(401, { message: 'expired' });
      }),
    );
    const body = upload();
    const res = await apiRequest<{ data: { id: number } }>('/interventions/3/attachments', { method: 'POST', body });
    expect(res.data.id).toBe(7);
    const uploads = sent.filter((s) => s.url === '/api/interventions/3/attachments');
    expect(uploads.map((s) => s.headers.authorization)).toEqual(['Bearer old-access', 'Bearer new-access']);
    for (const s of uploads) {
      expect(s.body).toBe(body);
      expect(s.headers['content-type']).toBeUndefined();
    }
  });

  it('gives uploads longer than the 10 s of JSON calls, and still gives up', async () => {
    vi.useFakeTimers();
    const aborted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => {
              aborted.push(url);
              reject(new DOMException('aborted', 'AbortError'));
            });
          }),
      ),
    );
    const failure = (call: Promise<unknown>) =>
      call.then(
        () => null,
        (e: unknown) => e,
      );
    const jsonCall = failure(apiRequest('/clients', { method: 'POST', body: { nom: 'x' }, silent: true }));
    const file = failure(apiRequest('/interventions/3/attachments', { method: 'POST', body: upload(), silent: true }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(aborted).toEqual(['/api/clients']);
    expect(await jsonCall).toMatchObject({ status: 0 });
    await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - REQUEST_TIMEOUT_MS);
    expect(aborted).toEqual(['/api/clients', '/api/interventions/3/attachments']);
    expect(await file).toBeInstanceOf(ApiError);
    expect(await file).toMatchObject({ status: 0 });
  });
});

describe('extra headers and error codes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the caller’s headers (If-Match) and exposes the error envelope’s code and data', async () => {
    const seen: Record<string, string>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push(init.headers as Record<string, string>);
        const body = {
          success: false,
          message: 'Modifiée entre-temps',
          code: 'VERSION_CONFLICT',
          data: { id: 5, version: 2 },
        };
        return new Response(JSON.stringify(body), { status: 409, headers: { 'content-type': 'application/json' } });
      }),
    );
    const err = await apiRequest('/interventions/5/status', {
      method: 'PUT',
      body: { statut: 'EN_COURS' },
      headers: { 'if-match': '"v1"' },
      silent: true,
    }).catch((e: unknown) => e);
    expect(seen[0]).toMatchObject({ 'if-match': '"v1"', 'content-type': 'application/json' });
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'VERSION_CONFLICT', data: { id: 5, version: 2 } });
  });
});
