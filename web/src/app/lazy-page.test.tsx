import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { PageLoader } from '../components/layout/page-loader';
import { lazyPage, PAGE_LOAD_TIMEOUT_MS } from './lazy-page';
import { AppErrorBoundary, ERROR_SCREEN_TITLE } from './routes/error-screen';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderPage(load: () => Promise<{ default: () => React.ReactNode }>) {
  const Page = lazyPage(load);
  render(
    <AppErrorBoundary>
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    </AppErrorBoundary>,
  );
}

it("shows 'Chargement de la page...' while the page body loads, then the page", async () => {
  let resolve: (mod: { default: () => React.ReactNode }) => void = () => {};
  renderPage(() => new Promise((r) => (resolve = r)));
  expect(screen.getByRole('status')).toHaveTextContent('Chargement de la page...');
  await act(async () => resolve({ default: () => <h1>Clients</h1> }));
  expect(screen.getByRole('heading', { name: 'Clients' })).toBeInTheDocument();
});

it('gives up after 120 s: the error screen offers a reload with a TIMEOUT code', async () => {
  expect(PAGE_LOAD_TIMEOUT_MS).toBe(120_000);
  renderPage(() => new Promise(() => {}));
  await act(async () => vi.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS - 1));
  expect(screen.getByText('Chargement de la page...')).toBeInTheDocument();
  await act(async () => vi.advanceTimersByTime(1));
  expect(screen.getByRole('heading', { name: ERROR_SCREEN_TITLE })).toBeInTheDocument();
  expect(screen.getByText(/^ERR-TIMEOUT-/)).toBeInTheDocument();
});
