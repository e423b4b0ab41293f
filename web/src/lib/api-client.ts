import type { Failure } from '@gmao/domain/common/api';
import { AUTH_TOASTS, HTTP_MESSAGES } from '@gmao/domain/common/messages';
import { toast } from 'react-hot-toast';
import { clearSession, readRefreshToken, readToken, saveSession } from './session-storage';

/**
 * One HTTP client (STYLE.md rule 10): base /api, JSON or FormData bodies, 10 s timeout, bearer, one
 * refresh-and-retry on 401, the spec's error toasts.
 */
export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 10_000;
/**
 * FormData bodies (attachment uploads, up to 10 MB) get longer than the spec's 10 s: 10 MB over a 1 Mbit/s site
 * connection takes about 80 s, and an upload cut at 10 s could never finish there.
 */
export const UPLOAD_TIMEOUT_MS = 120_000;

export interface ErrorDetail {
  field?: string;
  msg?: string;
  message?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly details: ErrorDetail[];
  readonly serverMessage: string | null;
  /** The objects an all-or-nothing call refused, and why (bulk calls); nothing was changed. */
  readonly failed: Failure[];
  /** The envelope's `code` (e.g. 'VERSION_CONFLICT'), when the server sent one. */
  readonly code: string | null;
  /** The envelope's `data` of an error (the current intervention of a VERSION_CONFLICT). */
  readonly data: unknown;

  constructor(
    status: number,
    message: string,
    serverMessage: string | null,
    details: ErrorDetail[] = [],
    extra: { code?: string | null; data?: unknown; failed?: Failure[] } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.details = details;
    this.failed = extra.failed ?? [];
    this.code = extra.code ?? null;
    this.data = extra.data;
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
): [string, ...string[]] {
  const message = body?.message || null;
  switch (status) {
    case 0:
      return [HTTP_MESSAGES.network];
    case 400: {
      const [first, ...rest] = (body?.details ?? []).map((d) => d.msg || d.message || HTTP_MESSAGES.validationError);
      return first === undefined ? [message ?? HTTP_MESSAGES.badRequest] : [first, ...rest];
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

/** Why a session could not be renewed (spec §5 "Other"): no refresh token stored, or the exchange failed. */
export type RefreshFailure = typeof AUTH_TOASTS.noTokenToRefresh | typeof AUTH_TOASTS.refreshFailed;

type SessionListener = (event: 'expired' | 'refreshed', reason?: RefreshFailure) => void;
const listeners = new Set<SessionListener>();
/** The auth provider subscribes to learn that the session was refreshed or has expired (and why). */
export function onSessionEvent(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let refreshing: Promise<RefreshFailure | null> | null = null;

/** Exchanges the refresh token once for everyone waiting (single flight); null when renewed, else why not. */
export function refreshSession(): Promise<RefreshFailure | null> {
  refreshing ??= (async () => {
    const refreshToken = readRefreshToken();
    if (!refreshToken) return AUTH_TOASTS.noTokenToRefresh;
    try {
      const res = await fetchWithTimeout(`${API_BASE}/auth/refresh-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: refreshToken }),
      });
      if (!res.ok) return AUTH_TOASTS.refreshFailed;
      const body = await res.json();
      const data = body?.data;
      if (!data?.token) return AUTH_TOASTS.refreshFailed;
      saveSession({ token: data.token, refreshToken: data.refreshToken, user: data.user });
      for (const l of listeners) l('refreshed');
      return null;
    } catch {
      return AUTH_TOASTS.refreshFailed;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function fetchWithTimeout(url: string, init: RequestInit, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await fetch(url, { ...init, signal: init.signal ?? controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Sent as JSON, except FormData, which is sent as multipart (the browser sets the content type and boundary). */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Do not toast on failure (the caller shows the error itself). */
  silent?: boolean;
  /** Response as a Blob (file downloads). */
  blob?: boolean;
  /** Skip the refresh-and-retry (auth endpoints). */
  noRefresh?: boolean;
  /** Extra request headers (If-Match of a versioned write). */
  headers?: Record<string, string>;
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
  const headers: Record<string, string> = { ...opts.headers, accept: opts.blob ? '*/*' : 'application/json' };
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const multipart = opts.body instanceof FormData;
  if (opts.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  return fetchWithTimeout(
    `${API_BASE}${path}${buildQuery(opts.query)}`,
    {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : multipart ? (opts.body as FormData) : JSON.stringify(opts.body),
    },
    multipart ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS,
  );
}

/**
 * The session could not be renewed: clear it, toast the spec's expiry message, and tell the provider why (the login
 * page shows the reason), which sends the user to /login remembering the page.
 */
export function expireSession(reason: RefreshFailure) {
  clearSession();
  toast.error(HTTP_MESSAGES.sessionExpired, { id: 'session-expired' });
  for (const l of listeners) l('expired', reason);
}

/** Calls the API and returns the parsed JSON body (or a Blob); throws ApiError after toasting (unless silent). */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await send(path, opts);
    if (res.status === 401 && !opts.noRefresh) {
      const failure = await refreshSession();
      if (failure) {
        expireSession(failure);
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
  throw new ApiError(res.status, messages[0], body?.message ?? null, body?.details ?? [], {
    code: body?.code,
    data: body?.data,
    failed: Array.isArray(body?.failed) ? body.failed : [],
  });
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
  pagination: { total: number; pages: number; page: number; limit: number; capped?: boolean };
}

/**
 * Downloads a file through the authenticated client and saves it under `filename`. `silent` when the caller toasts
 * the failure itself.
 */
export async function downloadFile(
  path: string,
  filename: string,
  query?: RequestOptions['query'],
  opts: Pick<RequestOptions, 'silent'> = {},
) {
  const blob = await apiRequest<Blob>(path, { blob: true, query, silent: opts.silent });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
