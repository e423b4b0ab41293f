import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { s3Storage } from '../src/storage/s3-storage.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention } from './helpers/factories.ts';

/**
 * Uploads in an S3-compatible bucket (a local s3rver): the FileStorage contract, and two app instances on one
 * database and one bucket — a file uploaded through one is downloaded through the other.
 */
const BUCKET = 'gmao-test';
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let t: TestApp;
let second: FastifyInstance;
const jwtSecret = randomBytes(32).toString('hex');

const storage = () =>
  s3Storage({
    bucket: BUCKET,
    endpoint,
    prefix: 'gmao/',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });

beforeAll(async () => {
  s3Dir = await mkdtemp(join(tmpdir(), 'gmao-s3-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  t = await createTestApp({ deps: { storage: storage(), jwtSecret } });
  second = await buildApp({ database: t.database, jwtSecret, logLevel: 'silent', storage: storage() });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

describe('S3 file storage', () => {
  it('saves, opens with the size, reports a missing key as null and removes', async () => {
    const store = storage();
    const bytes = randomBytes(300_000);
    expect(
      await store.save('interventions/1/a.bin', Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)])),
    ).toBe(bytes.length);
    const opened = await store.open('interventions/1/a.bin');
    expect(opened?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const c of opened!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(await store.open('interventions/1/missing.bin')).toBeNull();
    await store.save('interventions/2/b.txt', Readable.from([Buffer.from('b')]));
    expect(await store.list()).toEqual(['interventions/1/a.bin', 'interventions/2/b.txt']);
    await store.remove(['interventions/2/b.txt']);
    await store.remove(['interventions/1/a.bin', 'interventions/1/missing.bin']);
    expect(await store.open('interventions/1/a.bin')).toBeNull();
  });

  it('refuses keys that would escape their folder', async () => {
    await expect(storage().save('../x', Readable.from([Buffer.from('x')]))).rejects.toThrow(/invalid storage key/);
  });

  it('an attachment uploaded through one instance is downloaded through the other, and deleted for both', async () => {
    const admin = await t.adminToken();
    const i = await createIntervention(t.database.db);
    const pdf = Buffer.from('%PDF-1.4\n% procès-verbal de mise en service\n%%EOF\n');
    const boundary = '----gmaos3';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.as(admin, {
      method: 'POST',
      url: `/api/interventions/${i.id}/attachments`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(up.statusCode).toBe(201);
    const attId = up.json().data.id;
    const url = `/api/interventions/${i.id}/attachments/${attId}/download`;
    const down = await second.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(pdf)).toBe(true);

    const del = await second.inject({
      method: 'DELETE',
      url: `/api/interventions/${i.id}/attachments/${attId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(del.statusCode).toBe(200);
    expect((await t.as(admin, { method: 'GET', url })).statusCode).toBe(404);
  });
});
