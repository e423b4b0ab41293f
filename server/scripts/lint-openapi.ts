// npm run lint:openapi (part of npm run lint): the OpenAPI document as the server publishes it at /api/docs/json, linted
// with Spectral's spectral:oas ruleset; any error or warning fails. The document is built without a database (the
// routes and their schemas are all it needs; nothing connects until a request comes).
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { lintOpenApi } from '../src/openapi/lint.ts';

const database = openDatabase('postgres://openapi-lint@127.0.0.1:9/none', { max: 1 });
const app = await buildApp({ database, jwtSecret: 'openapi-lint-'.padEnd(48, 'x'), logLevel: 'silent' });
try {
  await app.ready();
  const findings = await lintOpenApi(app.swagger());
  for (const f of findings) console.log(`${f.severity} ${f.code} ${f.path}: ${f.message}`);
  const operations = Object.values((app.swagger() as { paths: Record<string, object> }).paths).reduce(
    (n, ops) => n + Object.keys(ops).length,
    0,
  );
  console.log(`OpenAPI (spectral:oas): ${operations} operations, ${findings.length} findings`);
  process.exitCode = findings.some((f) => f.severity === 'error' || f.severity === 'warning') ? 1 : 0;
} finally {
  await app.close();
  await database.close();
}
