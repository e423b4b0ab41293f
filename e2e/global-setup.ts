import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { describeBrowser } from './support/browser.ts';
import { startServer, waitHealthy } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * One built app, served by the real server on a fresh data dir, for the whole e2e run. Issue 36: Vitest runs every
 * project's global setup one after the other before the first test file, so the server is started here and not
 * waited for — it comes up (embedded PostgreSQL, migrations: ~4 s) while the unit and API files run, and each e2e file
 * waits for its health check first (support/wait-for-app.ts).
 */
export default async function setup(project: TestProject) {
  // Unpacks the browser once before the files start, and says which one this run drives (issue 36).
  const server = await startServer({ waitHealthy: false });
  // A server that does not come up is said once, with its output (each file would only time out on its health check).
  void waitHealthy(server.baseURL, () =>
    server.process.exitCode !== null ? `exited (${server.process.exitCode})` : null,
  ).catch((err: Error) => console.error(`e2e server at ${server.baseURL}: ${err.message}\n${server.output()}`));
  console.log(await describeBrowser());
  project.provide('baseURL', server.baseURL);
  return async () => {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  };
}
