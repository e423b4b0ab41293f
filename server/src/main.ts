import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openMigratedDatabase } from './db/open.ts';
import { bootstrapAdmin } from './db/seed.ts';
import { resolveJwtSecret } from './plugins/auth.ts';

function defaultWebDist(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, '../../web/dist'), join(here, '../web/dist')]) {
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const dataDir = resolve(config.DATA_DIR);
  const opened = await openMigratedDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir,
    onPoolError: (err) => console.error(`database connection error: ${err.message}`),
  });

  const admin = await bootstrapAdmin(opened.database.db, {
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD,
  });
  if (admin.created) {
    console.log(`First administrator created: username "${config.ADMIN_USERNAME}"`);
    if (admin.generatedPassword) {
      console.log(`  generated password (shown once, change it after logging in): ${admin.generatedPassword}`);
    }
  }

  const app = await buildApp({
    database: opened.database,
    jwtSecret: resolveJwtSecret(config.JWT_SECRET, dataDir),
    logLevel: config.LOG_LEVEL,
    webDist: config.WEB_DIST ?? defaultWebDist(),
    loginRateLimit: config.LOGIN_RATE_LIMIT,
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close(); // stop accepting, finish in-flight requests
      await opened.shutdown(); // pool.end(), then the embedded server
    } finally {
      process.exit(0);
    }
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void shutdown(sig));

  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  console.log(`GMAO ready on http://${shown}:${config.PORT}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
