import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The web test files that mock no module (no vi.mock): they share their workers (`web-shared`, not isolated), so
 * jsdom, React and Testing Library load once per worker instead of once per file. A file that mocks a module stays
 * in `web`, a fresh worker each: a mocked module could otherwise outlive its file (ARCHITECTURE.md "How the test run
 * spends its time"). web/test/setup.ts gives each file fresh application modules, storage and URL.
 */
const webTests = readdirSync('web/src', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => join('src', f));
const sharedWebTests = webTests.filter((f) => !/\bvi\.mock\(/.test(readFileSync(join('web', f), 'utf8')));

/** The layout sweep of every page (e2e/tests/layout-stability.e2e.ts): a project of its own, run alone. */
const LAYOUT_SWEEP = 'tests/layout-stability.e2e.ts';

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
    // Issue 36: the files share their workers — the server's modules (Fastify, drizzle, zod, every route) are
    // imported once per worker, not once per file: 414 s → 199 s for the project alone, 520 → 185 CPU-seconds (import
    // 525 s → 37 s summed). Each file still gets its own database clone and its own app (test/helpers/app.ts);
    // test/file-setup.ts puts back what a file changes in the process (environment, mail settings). No server file
    // mocks a module (vi.mock), which a shared worker would carry over to the next file.
    setupFiles: ['./test/file-setup.ts'],
    // The authorization matrix and the fuzz tests send hundreds of requests each; 30 s was too tight for them on a
    // loaded 2-core machine (a passing test does not wait longer).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    isolate: false,
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
      {
        extends: './web/vite.config.ts',
        test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: sharedWebTests },
      },
      {
        extends: './web/vite.config.ts',
        test: { name: 'web-shared', include: sharedWebTests, isolate: false },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['tests/**/*.e2e.ts'],
          exclude: [LAYOUT_SWEEP],
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          setupFiles: ['./support/wait-for-app.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // After the parallel group, two files at a time: a browser test mostly waits (page loads, a CPU slowed
          // down 4×), one at a time kept the two cores ~60 % busy. Each file makes its own data (unique names) and
          // asserts on it, so two files side by side do not see each other's rows (239 s → ~150 s for the files).
          maxWorkers: 2,
          // Issue 36: the files share their workers (no e2e file mocks a module): Playwright and the support modules
          // load once per worker instead of once per file (~1 s of CPU each).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Issue 36: the layout sweep alone, after the other browser files. It loads six pages at once with the CPU
        // slowed down 4× and its own seeded server; beside it on 2 cores the other file of the pair was starved — the
        // dashboard's analytics test (6 s alone) over 60 s, offline-pwa's "offline on site" (17 s alone) over 60 s
        // (CI runs of 2026-11-29 07:52 and 08:15).
        test: {
          name: 'e2e-layout',
          root: './e2e',
          include: [LAYOUT_SWEEP],
          environment: 'node',
          // No global setup: the sweep starts its own server on the demo data (Vitest runs every project's global
          // setup before the first file; the shared e2e server started here too would only cost ~4 s, issue 36).
          testTimeout: 60_000,
          hookTimeout: 180_000,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // Operations: the built server as a child process, killed and restarted, stopped by signals. No browser.
        // One file at a time, last: the restart deadlines are measured on a machine that is not also running the
        // server suite (tried beside it: on 2 cores a restart then took more than its 30 s).
        test: {
          name: 'ops',
          root: './e2e',
          include: ['ops/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
