import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

/** Issue 30 item 10: a page's first reads leave when its components render, not once the page is committed. */

function Reads({ queryFn, enabled = true }: { queryFn: () => Promise<string>; enabled?: boolean }) {
  const query = useQuery({ queryKey: ['early', enabled], queryFn, enabled });
  return <p>{query.data ?? 'chargement'}</p>;
}

const never = new Promise<never>(() => {});
/** A sibling still loading (a lazy chunk, say): the tree that rendered `Reads` is not committed. */
function StillLoading(): never {
  throw never;
}

it('starts a query asked for in a render that has not been committed yet', async () => {
  const queryFn = vi.fn(async () => 'Casablanca');
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <Suspense fallback={<p>page en cours</p>}>
        <Reads queryFn={queryFn} />
        <StillLoading />
      </Suspense>
    </QueryClientProvider>,
  );
  expect(screen.getByText('page en cours')).toBeInTheDocument();
  await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(client.getQueryData(['early', true])).toBe('Casablanca'));
});

it('reads once when the component mounts, and not at all while the query is disabled', async () => {
  const queryFn = vi.fn(async () => 'Tanger');
  const client = createQueryClient();
  const { rerender } = render(
    <QueryClientProvider client={client}>
      <Reads queryFn={queryFn} />
    </QueryClientProvider>,
  );
  expect(await screen.findByText('Tanger')).toBeInTheDocument();
  expect(queryFn).toHaveBeenCalledTimes(1);
  const disabled = vi.fn(async () => 'Agadir');
  rerender(
    <QueryClientProvider client={client}>
      <Reads queryFn={disabled} enabled={false} />
    </QueryClientProvider>,
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(disabled).not.toHaveBeenCalled();
  expect(screen.getByText('chargement')).toBeInTheDocument();
});
