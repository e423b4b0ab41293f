import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// findBy*/waitFor wait on conditions; with three workers on two cores a first render can take more than the
// library's 1 s default, so they may wait up to 5 s (a passing test does not wait longer).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});

// The web project runs without per-file isolation (one jsdom and one React per worker, see vite.config.ts): every
// test file starts from fresh application modules, so a module evaluated under another file's vi.mock is not reused,
// and leaves no storage, stubbed global, fake clock or URL behind.
vi.resetModules();
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (typeof window === 'undefined') return; // a file that asked for the node environment
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.body.replaceChildren();
});
