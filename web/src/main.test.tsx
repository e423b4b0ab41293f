import { screen } from '@testing-library/react';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

/** Spec §8: unhandled promise rejections and uncaught errors are logged only (the page stays as it is). */

let logged: ReturnType<typeof vi.spyOn>;
beforeAll(async () => {
  document.body.innerHTML = '<div id="root"></div>';
  window.history.replaceState(null, '', '/login');
  window.matchMedia = vi
    .fn()
    .mockReturnValue({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}', { status: 200 }))),
  );
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  await import('./main');
  // the first import transforms the whole app and its lazy login page: seconds on a loaded 2-core machine
  await screen.findByRole('button', { name: 'Se connecter' }, { timeout: 25_000 });
}, 30_000);
afterAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('logs an unhandled rejection and an uncaught error, and shows no error screen', () => {
  const rejection = Object.assign(new Event('unhandledrejection'), { reason: new Error('promesse oubliée') });
  window.dispatchEvent(rejection);
  const uncaught = new ErrorEvent('error', { error: new Error('erreur hors React') });
  window.dispatchEvent(uncaught);
  expect(logged).toHaveBeenCalledWith('Unhandled promise rejection', rejection.reason);
  expect(logged).toHaveBeenCalledWith('Uncaught error', uncaught.error);
  expect(screen.queryByText("Oups ! Une erreur s'est produite")).toBeNull();
  expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
});
