import { defineConfig } from 'vitest/config';

/**
 * One runner for the whole repo. The server suite runs on the embedded PostgreSQL, or on TEST_DATABASE_URL when it is
 * set (CI sets it to the machine's PostgreSQL; the e2e and ops files still run the built app on the embedded one, so a
 * CI run exercises both engines). server/test/global-setup.ts picks the engine.
 */
const serverProject = {
  test: {
    name: 'server',
    root: './server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    // The authorization matrix and the fuzz tests send hundreds of requests each; 30 s was too tight for them on a
    // loaded 2-core machine (a passing test does not wait longer).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
};

export default defineConfig({
  test: {
    // Vitest's default is one worker per core minus one: a single worker on the 2-core machines this runs on. Most
    // test time waits on PostgreSQL, child servers and Chromium rather than on this process's CPU, so three workers
    // overlap those waits (measured: see README "Tester").
    maxWorkers: 3,
    projects: [
      { test: { name: 'domain', root: './domain', include: ['test/**/*.test.ts'], environment: 'node' } },
      serverProject,
      './web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['tests/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // Operations: the built server as a child process, killed and restarted, stopped by signals. No browser.
        // One file at a time, after the others: the restart deadlines are measured on a machine that is not also
        // running the server suite (tried beside it: on 2 cores a restart then took more than its 30 s).
        test: {
          name: 'ops',
          root: './e2e',
          include: ['ops/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
