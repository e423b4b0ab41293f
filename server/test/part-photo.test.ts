import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ATTACHMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { STOCK_MESSAGES } from '@gmao/domain/stock/stock-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createRole, createUser } from './helpers/factories.ts';
import { ELF, PDF, PNG } from './helpers/sample-files.ts';

/** Issue 18: a part's photo — PUT (stock:manage, images only, checked by content), GET (stock:read), DELETE. */

let t: TestApp;
let admin: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gmao-part-photos-'));
  process.env.DATA_DIR = dataDir;
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const BOUNDARY = '----gmaophotoboundary';
const body = (filename: string, type: string, content: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
const put = (id: number, filename: string, type: string, content: Buffer, token = admin) =>
  t.as(token, {
    method: 'PUT',
    url: `/api/parts/${id}/photo`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: body(filename, type, content),
  });
const stored = async (id: number) => {
  const dir = join(dataDir, 'uploads', 'parts', String(id));
  return existsSync(dir) ? readdir(dir) : [];
};
let n = 0;
async function newPart() {
  n += 1;
  const res = await t.as(admin, {
    method: 'POST',
    url: '/api/parts',
    payload: { reference: `PH-${n}`, designation: `Courroie ${n}`, unite: 'u', prix_unitaire: 10 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; photo: boolean };
}

describe('part photo', () => {
  it('uploads, downloads the same bytes, replaces (old file removed) and deletes', async () => {
    const p = await newPart();
    expect(p.photo).toBe(false);
    expect((await t.as(admin, { method: 'GET', url: `/api/parts/${p.id}/photo` })).json().message).toBe(
      STOCK_MESSAGES.photoNotFound,
    );
    const res = await put(p.id, 'courroie.png', 'image/png', PNG);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: STOCK_MESSAGES.photoUploaded, data: { id: p.id, photo: true } });
    const file = await t.as(admin, { method: 'GET', url: `/api/parts/${p.id}/photo` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const first = await stored(p.id);
    expect(first).toHaveLength(1);
    expect((await put(p.id, 'autre.png', 'image/png', PNG)).statusCode).toBe(200);
    const second = await stored(p.id);
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
    const del = await t.as(admin, { method: 'DELETE', url: `/api/parts/${p.id}/photo` });
    expect(del.statusCode).toBe(200);
    expect(await stored(p.id)).toEqual([]);
    expect((await t.as(admin, { method: 'GET', url: `/api/parts/${p.id}` })).json().data.photo).toBe(false);
    expect((await t.as(admin, { method: 'GET', url: `/api/parts/${p.id}/photo` })).statusCode).toBe(404);
    // deleting the part removes its photo file
    expect((await put(p.id, 'courroie.png', 'image/png', PNG)).statusCode).toBe(200);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/parts/${p.id}` })).statusCode).toBe(200);
    expect(await stored(p.id)).toEqual([]);
  });

  it('refuses a non-image (by name) and a disguised executable (by content); nothing is kept', async () => {
    const p = await newPart();
    const pdf = await put(p.id, 'fiche.pdf', 'application/pdf', PDF);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe(STOCK_MESSAGES.photoTypeRefused);
    const elf = await put(p.id, 'photo.png', 'image/png', ELF);
    expect(elf.statusCode).toBe(415);
    expect(elf.json().message).toBe(ATTACHMENT_MESSAGES.contentRefused);
    expect(await stored(p.id)).toEqual([]);
    expect((await t.as(admin, { method: 'GET', url: `/api/parts/${p.id}` })).json().data.photo).toBe(false);
    expect((await put(999_999, 'x.png', 'image/png', PNG)).statusCode).toBe(404);
  });

  it('a stock reader sees the photo but may not change it', async () => {
    const p = await newPart();
    expect((await put(p.id, 'courroie.png', 'image/png', PNG)).statusCode).toBe(200);
    await createRole(t.database.db, 'Lecteur stock photo', ['stock:read']);
    const reader = await createUser(t.database.db, { role: 'Lecteur stock photo' });
    const { token } = await t.login(reader.username, reader.password);
    expect((await t.as(token, { method: 'GET', url: `/api/parts/${p.id}/photo` })).statusCode).toBe(200);
    expect((await put(p.id, 'autre.png', 'image/png', PNG, token)).statusCode).toBe(403);
    expect((await t.as(token, { method: 'DELETE', url: `/api/parts/${p.id}/photo` })).statusCode).toBe(403);
    expect(await stored(p.id)).toHaveLength(1);
  });
});
