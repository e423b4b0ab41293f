import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const isClientError = (err: unknown) => err instanceof ApiError && err.isClientError;

/** Spec §7 "Query behaviour" and §9 freshness defaults. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        // Issue 14 (failure states) changes spec §7's "up to 3 retries": one retry at most, none while offline,
        // so that a failure shows its message within the 10 s request timeout instead of after 7 s of skeletons.
        retry: (count, err) =>
          !isClientError(err) && count < 1 && (typeof navigator === 'undefined' || navigator.onLine),
        refetchOnWindowFocus: false,
        // TanStack's default ('online') pauses queries while offline: a detail then spins forever. 'always' lets the
        // request fail at once with the spec's network message (and the offline banner says why).
        networkMode: 'always',
      },
      mutations: {
        networkMode: 'always',
        retry: (count, err) => !isClientError(err) && count < 1,
      },
    },
  });
}
