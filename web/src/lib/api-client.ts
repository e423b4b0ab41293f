import { HTTP_MESSAGES } from '@gmao/domain/common/messages';
import { toast } from 'react-hot-toast';
import { clearSession, readRefreshToken, readToken, saveSession } from './session-storage';

/** One HTTP client (STYLE.md rule 10): base /api, JSON, 10 s timeout, bearer, one refresh-and-retry on 401. */
export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 10_000;

export interface ErrorDetail {
  field?: string;
  msg?: string;
  message?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly details: ErrorDetail[];
  readonly serverMessage: string | null;

  constructor(status: number, message: string, serverMessage: string | null, details: ErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.details = details;
  }

  /** 0 = no response (network/timeout). */
  get isClientError() {
    return this.status >= 400 && this.status < 500;
  }
}

/** The user-facing text for a failed call (spec §8, HTTP-level toasts). */
export function httpErrorMessages(
  status: number,
  body: { message?: string; details?: ErrorDetail[] } | null,
): string[] {
  const message = body?.message || null;
  switch (status) {
    case 0:
      return [HTTP_MESSAGES.network];
    case 400: {
      const details = body?.details ?? [];
      if (details.length > 0) return details.map((d) => d.msg || d.message || HTTP_MESSAGES.validationError);
      return [message ?? HTTP_MESSAGES.badRequest];
    }
    case 403:
      return [HTTP_MESSAGES.forbidden];
    case 404:
      return [HTTP_MESSAGES.notFound];
    case 422:
      return [message ?? HTTP_MESSAGES.validationFailed];
    case 500:
      return [HTTP_MESSAGES.serverError];
    default:
      return [message ?? HTTP_MESSAGES.unexpected];
  }
}

type SessionListener = (event: 'expired' | 'refreshed') => void;
const listeners = new Set<SessionListener>();
/** The auth provider subscribes to learn that the session was refreshed or has expired. */
export function onSessionEvent(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let refreshing: Promise<boolean> | null = null;

/** Exchanges the refresh token once for everyone waiting (single flight). */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = readRefreshToken();
    if (!refreshToken) return false;
    try {
      const res = await fetchWithTimeout(`${API_BASE}/auth/refresh-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: refreshToken }),
      });
      if (!res.ok) return false;
      const body = await res.json();
      const data = body?.data;
      if (!data?.token) return false;
      saveSession({ token: data.token, refreshToken: data.refreshToken, user: data.user });
      for (const l of listeners) l('refreshed');
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function fetchWithTimeout(url: string, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    return await fetch(url, { ...init, signal: init.signal ?? controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Do not toast on failure (the caller shows the error itself). */
  silent?: boolean;
  /** Response as a Blob (file downloads). */
  blob?: boolean;
  /** Skip the refresh-and-retry (auth endpoints). */
  noRefresh?: boolean;
}

export function buildQuery(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: opts.blob ? '*/*' : 'application/json' };
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  return fetchWithTimeout(`${API_BASE}${path}${buildQuery(opts.query)}`, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
}

function expireSession() {
  clearSession();
  toast.error(HTTP_MESSAGES.sessionExpired, { id: 'session-expired' });
  for (const l of listeners) l('expired');
}

/** Calls the API and returns the parsed JSON body (or a Blob); throws ApiError after toasting (unless silent). */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await send(path, opts);
    if (res.status === 401 && !opts.noRefresh) {
      if (!(await refreshSession())) {
        expireSession();
        throw new ApiError(401, HTTP_MESSAGES.sessionExpired, null);
      }
      res = await send(path, opts);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const [message] = httpErrorMessages(0, null);
    if (!opts.silent) toast.error(message, { id: 'network-error' });
    throw new ApiError(0, message, null);
  }

  if (res.ok) {
    if (opts.blob) return (await res.blob()) as T;
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }
  const body = await res.json().catch(() => null);
  const messages = httpErrorMessages(res.status, body);
  if (!opts.silent) for (const m of messages) toast.error(m);
  throw new ApiError(res.status, messages[0], body?.message ?? null, body?.details ?? []);
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T>(path: string, opts?: Omit<RequestOptions, 'method'>) =>
    apiRequest<T>(path, { ...opts, method: 'DELETE' }),
};

/** Server envelope shapes. */
export interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
}
export interface ListEnvelope<T> extends Envelope<T[]> {
  pagination: { total: number; pages: number; page: number; limit: number };
}

/** Downloads a file through the authenticated client and saves it under `filename`. */
export async function downloadFile(path: string, filename: string, query?: RequestOptions['query']) {
  const blob = await apiRequest<Blob>(path, { blob: true, query });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
