import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, vi } from 'vitest';

// Runs before each test file. In `web-shared` (not isolated, ../vitest.config.ts) files share a worker: each gets fresh
// application modules (module-level state: the query client, the api client's token, the toast store), empty storage,
// an empty body (portals and toasters append to it) and the URL at '/'. An isolated worker has all of that fresh.
// The files mock no module there: they sign a user in through the app's SessionProvider (src/lib/testing/session.tsx)
// and stub with spies (src/lib/testing/toasts.ts, vi.spyOn on a module's exports). A spy on a package that every file
// shares (react-hot-toast's `toast`: packages are not reloaded) is restored here, and its toasts are dropped.
vi.resetModules();
vi.restoreAllMocks();
toast.remove();
if (typeof window !== 'undefined') {
  // (files that run in the node environment have no window)
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.body.replaceChildren();
}

// findBy*/waitFor wait on conditions; with three workers on two cores a first render (a lazy chunk transformed on first
// use) has taken more than 5 s under load, so they may wait up to 10 s (a passing test does not wait longer).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
