import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ATTACHMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createRole, createUser } from './helpers/factories.ts';

let t: TestApp;
let admin: string;
let dataDir: string;
beforeAll(async () => {
  // The uploads folder is DATA_DIR/uploads: point DATA_DIR at a throw-away folder for this file's app.
  dataDir = await mkdtemp(join(tmpdir(), 'gmao-uploads-'));
  process.env.DATA_DIR = dataDir;
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const BOUNDARY = '----gmaotestboundary';
function multipart(filename: string, type: string, content: Buffer, field = 'file') {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}
const upload = (id: number, filename: string, type: string, content: Buffer, token = admin, field = 'file') =>
  t.as(token, {
    method: 'POST',
    url: `/api/interventions/${id}/attachments`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(filename, type, content, field),
  });
const storedFiles = async (id: number) => {
  const dir = join(dataDir, 'uploads', 'interventions', String(id));
  return existsSync(dir) ? readdir(dir) : [];
};
const PDF = Buffer.from('%PDF-1.4\n% rapport de mesure\n%%EOF\n');

describe('attachments', () => {
  it('uploads, lists, downloads (same bytes, attachment disposition) and deletes with the file', async () => {
    const i = await createIntervention(t.database.db);
    const res = await upload(i.id, 'Relevé thermique été.pdf', 'application/pdf', PDF);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: ATTACHMENT_MESSAGES.uploaded,
      data: { filename: 'Relevé thermique été.pdf', mimeType: 'application/pdf', sizeBytes: PDF.length },
    });
    const att = res.json().data;
    expect(await storedFiles(i.id)).toHaveLength(1);

    const list = await t.as(admin, { method: 'GET', url: `/api/interventions/${i.id}/attachments` });
    expect(list.json().data).toEqual([att]);
    expect(JSON.stringify(list.json())).not.toContain('storage');

    const file = await t.as(admin, { method: 'GET', url: `/api/interventions/${i.id}/attachments/${att.id}/download` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Relevé thermique été.pdf')}`,
    );
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const del = await t.as(admin, { method: 'DELETE', url: `/api/interventions/${i.id}/attachments/${att.id}` });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(ATTACHMENT_MESSAGES.deleted);
    expect(await storedFiles(i.id)).toEqual([]);
    const gone = await t.as(admin, { method: 'GET', url: `/api/interventions/${i.id}/attachments/${att.id}/download` });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses types outside the allow-list, mismatched extensions, a missing file field and oversize files', async () => {
    const i = await createIntervention(t.database.db);
    for (const [name, type] of [
      ['script.html', 'text/html'],
      ['virus.exe', 'application/octet-stream'],
      ['photo.pdf', 'image/png'],
    ]) {
      const res = await upload(i.id, name, type, Buffer.from('x'));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(ATTACHMENT_MESSAGES.typeRefused);
    }
    const noField = await upload(i.id, 'a.pdf', 'application/pdf', PDF, admin, 'document');
    expect(noField.statusCode).toBe(400);
    expect(noField.json().message).toBe(ATTACHMENT_MESSAGES.fileRequired);
    const json = await t.as(admin, { method: 'POST', url: `/api/interventions/${i.id}/attachments`, payload: {} });
    expect(json.statusCode).toBe(400);

    const big = await upload(i.id, 'photo.jpg', 'image/jpeg', Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(ATTACHMENT_MESSAGES.tooLarge);
    expect(await storedFiles(i.id)).toEqual([]);
    const rows = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM intervention_attachments WHERE intervention_id = ${i.id}`,
    );
    expect(rows.rows[0].n).toBe(0);
  });

  it('deleting the intervention removes its files; access needs read to list and update to upload', async () => {
    const i = await createIntervention(t.database.db);
    await upload(i.id, 'photo.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(await storedFiles(i.id)).toHaveLength(1);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/interventions/${i.id}` })).statusCode).toBe(200);
    expect(await storedFiles(i.id)).toEqual([]);

    await createRole(t.database.db, 'Lecteur pièces jointes', ['interventions:read']);
    const reader = await createUser(t.database.db, { role: 'Lecteur pièces jointes' });
    const { token } = await t.login(reader.username, reader.password);
    const other = await createIntervention(t.database.db);
    expect((await upload(other.id, 'a.pdf', 'application/pdf', PDF, token)).statusCode).toBe(403);
    const list = await t.as(token, { method: 'GET', url: `/api/interventions/${other.id}/attachments` });
    expect(list.statusCode).toBe(200);
    expect((await upload(999_999, 'a.pdf', 'application/pdf', PDF)).statusCode).toBe(404);
  });
});

describe('attachment types', () => {
  it('accepts a known extension sent with a generic type and stores the type of the extension', async () => {
    const i = await createIntervention(t.database.db);
    const res = await upload(i.id, 'mesures.csv', 'application/vnd.ms-excel', Buffer.from('a;b\n1;2\n'));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.mimeType).toBe('text/csv');
    const generic = await upload(i.id, 'plan.docx', 'application/octet-stream', Buffer.from('PK'));
    expect(generic.json().data.mimeType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });
});
