import { WEBHOOK_EVENTS } from '@gmao/domain/webhooks/webhook-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TAGS } from '../src/openapi/document.ts';
import { lintOpenApi } from '../src/openapi/lint.ts';
import { OPERATION_IDS } from '../src/openapi/operation-ids.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/** The OpenAPI document integrators generate clients from (issue 35): ids, tags, texts, Spectral's oas rules. */
interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
}
type Doc = { paths: Record<string, Record<string, Operation>>; tags: { name: string }[] };

let t: TestApp;
let doc: Doc;
let operations: { key: string; op: Operation }[];
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
});
afterAll(() => t.close());

describe('OpenAPI document', () => {
  it('gives every operation its listed operationId, unique and camelCase; the list names no operation that is gone', () => {
    expect(operations.length).toBeGreaterThan(200);
    const missing = operations.filter(({ key, op }) => op.operationId !== OPERATION_IDS[key]).map(({ key }) => key);
    expect(missing, 'add these to server/src/openapi/operation-ids.ts').toEqual([]);
    const ids = operations.map(({ op }) => op.operationId!);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    const documented = new Set(operations.map(({ key }) => key));
    expect(Object.keys(OPERATION_IDS).filter((k) => !documented.has(k))).toEqual([]);
  });

  it('keeps the operationIds a generated client depends on (a change here is an API change: review it)', async () => {
    const list = operations.map(({ key, op }) => `${op.operationId} ${key}`).sort();
    await expect(`${list.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/openapi-operation-ids.txt');
  });

  it('gives every operation a declared tag, a summary and a description saying who may call it', () => {
    const declared = new Set(doc.tags.map((tag) => tag.name));
    expect(declared).toEqual(new Set(API_TAGS.map((tag) => tag.name)));
    for (const { key, op } of operations) {
      expect(op.tags?.length, key).toBeGreaterThan(0);
      for (const tag of op.tags!) expect(declared.has(tag), `${key}: tag ${tag} not in API_TAGS`).toBe(true);
      expect(op.summary?.trim(), `${key}: summary`).toBeTruthy();
      expect(op.description, `${key}: description`).toMatch(/Accès : /);
    }
    expect(doc.paths['/api/interventions/{id}/status']!.put!.description).toContain(
      'Accès : permission interventions:update.',
    );
    expect(doc.paths['/api/auth/login']!.post!.description).toContain('Accès : public');
    // one path per resource: the trailing-slash form the server also answers is not listed twice
    expect(Object.keys(doc.paths).filter((p) => p.endsWith('/'))).toEqual([]);
  });

  it('declares every webhook event in the `webhooks` section (OpenAPI 3.1) with the Standard Webhooks headers', () => {
    const webhooks = doc as unknown as {
      openapi: string;
      webhooks: Record<string, { post: { parameters: { name: string }[] } }>;
    };
    expect(webhooks.openapi).toBe('3.1.0');
    expect(Object.keys(webhooks.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const event of WEBHOOK_EVENTS) {
      expect(webhooks.webhooks[event]!.post.parameters.map((p) => p.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
    }
  });

  it("passes Spectral's spectral:oas rules with no error and no warning; the linter does catch a missing operationId", async () => {
    expect(await lintOpenApi(doc)).toEqual([]);
    const broken = structuredClone(doc);
    delete broken.paths['/api/interventions']!.get!.operationId;
    const findings = await lintOpenApi(broken);
    expect(findings.map((f) => `${f.code} ${f.path}`)).toEqual(['operation-operationId paths./api/interventions.get']);
  });
});
