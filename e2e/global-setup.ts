import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { describeBrowser } from './support/browser.ts';
import { startServer } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** One built app, served by the real server on a fresh data dir, for the whole e2e run. */
export default async function setup(project: TestProject) {
  // Unpacks the browser once before the files start, and says which one this run drives (issue 36).
  console.log(await describeBrowser());
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  return async () => {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  };
}
