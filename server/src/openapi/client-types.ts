import openapiTS, { astToString } from 'openapi-typescript';

export const CLIENT_TYPES_FILE = 'server/test/generated/gmao-api.ts';

/** TypeScript types of the document for openapi-fetch (`paths`, `components`, `operations`), as committed. */
export async function clientTypes(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as never);
  return `/**
 * Generated from the OpenAPI document by \`npm run openapi:types\` (openapi-typescript); do not edit.
 * server/test/openapi-generated-client.test.ts fails when the server's document no longer matches it.
 */

${astToString(ast)}`;
}
