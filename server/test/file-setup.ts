import { afterAll } from 'vitest';
import { configureMail } from '../src/modules/mail/mail.service.ts';

/**
 * The server files share their workers (vitest.config.ts: `isolate: false`, the app's modules imported once per
 * worker instead of once per file). What a file changes in the process is put back when it ends, so that the next
 * file in the worker starts as it would alone: the environment (DATA_DIR for a file's uploads) and the mail settings.
 */
const environment = { ...process.env };
afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
  configureMail({ appUrl: 'http://localhost:3000', companyName: 'GMAO' });
});
