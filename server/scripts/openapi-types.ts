// npm run openapi:types: writes the typed client's types (openapi-typescript) from the OpenAPI document, for
// server/test/openapi-generated-client.test.ts (which fails when they no longer match the server).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildOpenApiDocument } from '../src/openapi/build-document.ts';
import { CLIENT_TYPES_FILE, clientTypes } from '../src/openapi/client-types.ts';

const file = resolve(import.meta.dirname, '../..', CLIENT_TYPES_FILE);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, await clientTypes(await buildOpenApiDocument()));
console.log(`written ${CLIENT_TYPES_FILE}`);
