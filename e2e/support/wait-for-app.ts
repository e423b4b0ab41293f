import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, inject } from 'vitest';
import { describeOpenPages } from './browser.ts';
import { REPO_ROOT, waitHealthy } from './server.ts';

// The e2e project's setup file: the shared server is started by the global setup without waiting (global-setup.ts);
// every file waits here for its health check (immediate once it is up).
beforeAll(() => waitHealthy(inject('baseURL')), 100_000);

// A failed test prints what its open pages showed (dialogs, alerts, toasts) and leaves their screenshots: a failure
// seen once in a full run must say more than "timeout" (issue 36).
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const dir = join(REPO_ROOT, 'e2e', 'screenshots', 'failures');
  mkdirSync(dir, { recursive: true });
  const lines = await describeOpenPages(`${task.file.name}-${task.name}`, dir);
  if (lines.length > 0) console.log(`What the pages showed when "${task.name}" failed:\n${lines.join('\n')}`);
}, 30_000);
