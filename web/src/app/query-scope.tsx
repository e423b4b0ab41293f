import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '../lib/query-client';

/**
 * The query cache of every page but /login, in a chunk of its own: the login page fetches nothing through TanStack
 * Query and does not load it (issue 16, /login ≤ 120 KB). The cache lives as long as these pages do: going back to
 * /login (a logout, an expired session) starts the next session with an empty one.
 */
export default function QueryScope() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
