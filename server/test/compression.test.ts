import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention } from './helpers/factories.ts';

/** API answers over 1 KB are compressed as the client accepts; the SPA's files come from their build-time copies. */
let t: TestApp;
let admin: string;
const ASSET = `console.log(${JSON.stringify('GMAO '.repeat(600))});`;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'gmao-web-compress-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>GMAO</title>');
  writeFileSync(join(webDist, 'assets', 'app.js'), ASSET);
  writeFileSync(join(webDist, 'assets', 'app.js.br'), brotliCompressSync(ASSET));
  writeFileSync(join(webDist, 'assets', 'app.js.gz'), gzipSync(ASSET));
  t = await createTestApp({ webDist });
  admin = await t.adminToken();
  for (let n = 0; n < 20; n++)
    await createIntervention(t.database.db, { description: `Contrôle thermographique ${n}` });
});
afterAll(() => t.close());

describe('compression', () => {
  it('compresses a large JSON answer with brotli or gzip, as accepted', async () => {
    const plain = await t.as(admin, { method: 'GET', url: '/api/interventions?limit=20' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.as(admin, {
      method: 'GET',
      url: '/api/interventions?limit=20',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.as(admin, {
      method: 'GET',
      url: '/api/interventions?limit=20',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('streams a compressed CSV export', async () => {
    const res = await t.as(admin, {
      method: 'GET',
      url: '/api/interventions/export/csv',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('Contrôle thermographique 19');
  });

  // The whole-table downloads use the fastest levels (lib/compression.ts BULK_COMPRESSION): each still answers brotli
  // or gzip as accepted, and decodes to the same file as the uncompressed answer.
  it.each([
    '/api/interventions/export/csv',
    '/api/reports/export.csv?dateFrom=2026-01-01&dateTo=2026-12-31',
    '/api/audit/export/csv?entityType=auth', // (each export adds its own row: the logins stay put)
    '/api/plans/compliance.csv?from=2026-01-01&to=2026-12-31',
    '/api/parts/export.csv',
  ])('%s: brotli and gzip decode to the uncompressed CSV', async (url) => {
    const plain = await t.as(admin, { method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('text/csv');
    const br = await t.as(admin, { method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.as(admin, { method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('serves the build-time brotli and gzip copies of the SPA files', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const raw = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toBe(ASSET);
  });
});
