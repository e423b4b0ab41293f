import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/** Response headers every answer carries (ASVS V14.4), and who may read the OpenAPI document (API_DOCS). */
let t: TestApp;
let docsProtected: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'gmao-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>GMAO</title>');
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
  [t, docsProtected] = await Promise.all([
    createTestApp({ webDist }),
    createTestApp({ webDist, apiDocs: 'authenticated' }),
  ]);
});
afterAll(async () => {
  await t.close();
  await docsProtected.close();
});

function directives(csp: string | undefined): Map<string, string[]> {
  expect(csp).toBeTruthy();
  return new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
}

const PAGES_AND_ANSWERS = [
  ['the SPA index', '/'],
  ['an SPA route (fallback page)', '/interventions'],
  ['a built asset', '/assets/app.js'],
  ['an API answer', '/api/health'],
  ['an API 401', '/api/users'],
  ['an API 404', '/api/nope'],
] as const;

describe('Content-Security-Policy', () => {
  it.each(PAGES_AND_ANSWERS)('%s: scripts from our origin only, no eval, no plugins, no framing', async (_l, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeLessThan(500);
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    const all = [...csp.values()].flat();
    expect(all).not.toContain("'unsafe-eval'");
    expect(all).not.toContain('*');
    expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});

describe('other security headers', () => {
  it.each(PAGES_AND_ANSWERS)('%s: Permissions-Policy, nosniff', async (_l, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const policy = String(res.headers['permissions-policy']).split(/,\s*/);
    expect(policy).toEqual(
      expect.arrayContaining(['camera=(self)', 'geolocation=()', 'microphone=()', 'payment=()', 'usb=()']),
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('/api/docs (API_DOCS)', () => {
  it('public: the OpenAPI document and its UI need no token', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('authenticated: the document and the UI page need a bearer token; swagger-ui assets stay loadable', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
      const anonymous = await docsProtected.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.body, url).not.toContain('/api/auth/login');
    }
    const token = await docsProtected.adminToken();
    const json = await docsProtected.as(token, { method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().paths['/api/auth/login']).toBeDefined();
    const asset = await docsProtected.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    expect(asset.statusCode).toBe(200);
  });

  it('defaults to authenticated in production, public elsewhere; API_DOCS overrides; a bad value stops', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).API_DOCS).toBe('authenticated');
    expect(loadConfig({}).API_DOCS).toBe('public');
    expect(loadConfig({ NODE_ENV: 'development' }).API_DOCS).toBe('public');
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'public' }).API_DOCS).toBe('public');
    expect(loadConfig({ API_DOCS: 'authenticated' }).API_DOCS).toBe('authenticated');
    expect(() => loadConfig({ API_DOCS: 'open' })).toThrow(/^Invalid configuration: API_DOCS/);
  });
});
