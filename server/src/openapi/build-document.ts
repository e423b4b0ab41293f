import { buildApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';

/**
 * The OpenAPI document as the server publishes it at /api/docs/json, built without a database: the routes and their
 * schemas are all it needs, and nothing connects until a request comes (npm run lint:openapi, npm run openapi:types).
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const database = openDatabase('postgres://openapi@127.0.0.1:9/none', { max: 1 });
  const app = await buildApp({ database, jwtSecret: 'openapi-document-'.padEnd(48, 'x'), logLevel: 'silent' });
  try {
    await app.ready();
    return structuredClone(app.swagger()) as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
  }
}
