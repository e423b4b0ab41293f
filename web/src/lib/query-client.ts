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
        retry: (count, err) => !isClientError(err) && count < 3,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: (count, err) => !isClientError(err) && count < 1,
      },
    },
  });
}
