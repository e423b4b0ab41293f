import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait on conditions; with three workers on two cores a first render (a lazy chunk transformed on first
// use) has taken more than 5 s under load, so they may wait up to 10 s (a passing test does not wait longer).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
