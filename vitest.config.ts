import { defineConfig } from 'vitest/config';

/**
 * One runner for the whole repo. The server suite runs on the embedded PostgreSQL, and a second time against
 * TEST_DATABASE_URL when it is set (CI sets it to the machine's PostgreSQL). test/global-setup.ts tells the two apart
 * by project name.
 */
const serverProject = (name: string) => ({
  test: {
    name,
    root: './server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: './domain', include: ['test/**/*.test.ts'], environment: 'node' } },
      serverProject('server'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg')] : []),
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
    ],
  },
});
