import { beforeAll, inject } from 'vitest';
import { waitHealthy } from './server.ts';

// The e2e project's setup file: the shared server is started by the global setup without waiting (global-setup.ts);
// every file waits here for its health check (immediate once it is up).
beforeAll(() => waitHealthy(inject('baseURL')), 100_000);
