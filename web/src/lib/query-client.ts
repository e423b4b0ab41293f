import { type InvalidateOptions, type InvalidateQueryFilters, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

const isClientError = (err: unknown) => err instanceof ApiError && err.isClientError;

/**
 * Issue 36: an invalidation after a change is never answered by a read that started before the change. TanStack
 * Query (5.x) lets the refetch of an invalidation reuse a read in flight when the query has no data yet — the first
 * read of a new search, filter or page, its placeholder on screen — so a change saved meanwhile was followed by the
 * old rows, then kept as fresh for five minutes (seen in the browser tests: « Client modifié avec succès », and the
 * list still said Casablanca; a reopened intervention still « Terminée »). Those reads are cancelled first and read
 * again; a query that has data has its read cancelled by the refetch itself (`cancelRefetch`).
 */
export class ChangeAwareQueryClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    if (filters?.refetchType !== 'none') {
      const type = filters?.refetchType ?? filters?.type ?? 'active';
      for (const query of this.getQueryCache().findAll({ ...filters, type, fetchStatus: 'fetching' })) {
        if (query.state.data === undefined) void query.cancel({ silent: true });
      }
    }
    return super.invalidateQueries(filters, options);
  }
}

/** Spec §7 "Query behaviour" and §9 freshness defaults. */
export function createQueryClient() {
  return new ChangeAwareQueryClient({
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
