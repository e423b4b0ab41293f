import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait on conditions; with three workers on two cores a first render can take more than the
// library's 1 s default, so they may wait up to 5 s (a passing test does not wait longer).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
