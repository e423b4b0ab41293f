// npm run lint:openapi (part of npm run lint): the OpenAPI document as the server publishes it at /api/docs/json, linted
// with Spectral's spectral:oas ruleset; any error or warning fails.
import { buildOpenApiDocument } from '../src/openapi/build-document.ts';
import { lintOpenApi } from '../src/openapi/lint.ts';

const document = await buildOpenApiDocument();
const findings = await lintOpenApi(document);
for (const f of findings) console.log(`${f.severity} ${f.code} ${f.path}: ${f.message}`);
const operations = Object.values(document.paths as Record<string, object>).reduce(
  (n, ops) => n + Object.keys(ops).length,
  0,
);
console.log(`OpenAPI (spectral:oas): ${operations} operations, ${findings.length} findings`);
process.exitCode = findings.some((f) => f.severity === 'error' || f.severity === 'warning') ? 1 : 0;
