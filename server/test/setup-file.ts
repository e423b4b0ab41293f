import { afterAll } from 'vitest';

/**
 * The server projects share a worker between test files (no per-file isolation, see vitest.config.ts): what one file
 * sets in process.env (DATA_DIR for its uploads, mostly) is put back when it ends, so the next file starts from the
 * environment the run started with.
 */
const startEnv = { ...process.env };
afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in startEnv)) delete process.env[key];
  Object.assign(process.env, startEnv);
});
