import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * Issue 32: the installable app's files as the static plugin serves them. The service worker and the manifest are
 * revalidated on every load (a deployed version is seen at once, then offered by the update prompt), the hashed
 * assets are immutable, and the CSP lets the page register its worker from our origin.
 */
let t: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'gmao-pwa-'));
  mkdirSync(join(webDist, 'assets'));
  mkdirSync(join(webDist, 'icons'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><link rel="manifest" href="/manifest.webmanifest">');
  writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'GMAO — Interventions' }));
  writeFileSync(join(webDist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(webDist, 'assets', 'app-abc.js'), 'console.log(1)');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
});

describe('PWA files', () => {
  it('sw.js: JavaScript, never cached without revalidation, public', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('manifest.webmanifest: the manifest type, revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json().name).toBe('GMAO — Interventions');
  });

  it('hashed assets stay immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('the CSP lets the page register its worker and read its manifest from our origin only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    // worker-src falls back to script-src, manifest-src to default-src: both 'self'.
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name);
    const worker = directive('worker-src') ?? directive('script-src');
    const manifest = directive('manifest-src') ?? directive('default-src');
    expect(worker?.slice(1)).toEqual(["'self'"]);
    expect(manifest?.slice(1)).toEqual(["'self'"]);
  });
});
