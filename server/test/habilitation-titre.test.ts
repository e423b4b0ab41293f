import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { TITRE_DOCUMENT_MESSAGES as M, MAX_TITRE_BYTES } from '@gmao/domain/habilitations/titre-document';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createUser } from './helpers/factories.ts';
import { JPEG, memoryStorage, multipartBody } from './helpers/signature-files.ts';

/** Issue 34: the scanned signed titre d'habilitation (PDF) of a titre — upload, download, access. */
const storage = memoryStorage();
let t: TestApp;
let admin: string;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp({ deps: { storage } });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const db = () => t.database.db;
const upload = (token: string, hid: number | string, content: Buffer, field = 'titre', filename = 'titre.pdf') =>
  t.as(token, {
    method: 'PUT',
    url: `/api/habilitations/${hid}/titre`,
    ...multipartBody({}, [{ field, filename, type: 'application/pdf', content }]),
  });
const download = (token: string, hid: number) => t.as(token, { method: 'GET', url: `/api/habilitations/${hid}/titre` });
const documentKey = async (hid: number) =>
  (await db().execute<{ k: string | null }>(sql`SELECT document_key AS k FROM habilitations WHERE id = ${hid}`)).rows[0]
    .k;

async function technicianWithTitle(nom: string) {
  const u = await createUser(db(), { role: 'Technicien', nom });
  const res = await t.as(admin, {
    method: 'POST',
    url: `/api/users/${u.id}/habilitations`,
    payload: {
      symbole: 'B2V',
      domaine: 'BT',
      champ: '',
      restrictions: '',
      delivree_le: '2026-01-01',
      valide_jusqu_au: '2028-12-31',
      signataire: 'M. Bennani',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...u, hid: res.json().data.id as number, token: (await t.login(u.username, u.password)).token };
}

describe('the scanned signed titre', () => {
  it('is uploaded as a PDF, replaced by a new upload, and downloaded by its holder and the managers', async () => {
    const tech = await technicianWithTitle('Karim Alaoui');
    const res = await upload(admin, tech.hid, PDF);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: M.uploaded, data: { id: tech.hid, document: true } });
    const first = await documentKey(tech.hid);
    expect(first && storage.files.get(first)).toEqual(PDF);

    const mine = await download(tech.token, tech.hid);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toContain('titre-habilitation-B2V-Karim-Alaoui');
    expect(mine.rawPayload).toEqual(PDF);
    expect((await download(admin, tech.hid)).statusCode).toBe(200);

    // a new upload replaces the file; the old one is removed from the store
    const second = Buffer.concat([PDF, Buffer.from('% v2\n')]);
    expect((await upload(admin, tech.hid, second)).statusCode).toBe(200);
    const key = await documentKey(tech.hid);
    expect(key).not.toBe(first);
    expect(storage.files.has(first!)).toBe(false);
    expect((await download(tech.token, tech.hid)).rawPayload).toEqual(second);
    const audit = await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'habilitation.titre' AND entity_id = ${String(tech.hid)}`,
    );
    expect(audit.rows[0].n).toBe(2);
  });

  it('refuses a file that is not a PDF (by its bytes), a wrong field, a non-multipart body: nothing written', async () => {
    const tech = await technicianWithTitle('Omar Idrissi');
    const before = storage.files.size;
    const jpeg = await upload(admin, tech.hid, JPEG, 'titre', 'titre.pdf');
    expect(jpeg.statusCode).toBe(415);
    expect(jpeg.json()).toMatchObject({ success: false, message: M.notPdf });
    const field = await upload(admin, tech.hid, PDF, 'file');
    expect(field.statusCode).toBe(400);
    expect(field.json().message).toBe(M.fileRequired);
    const json = await t.as(admin, { method: 'PUT', url: `/api/habilitations/${tech.hid}/titre`, payload: {} });
    expect(json.statusCode).toBe(400);
    const big = await upload(admin, tech.hid, Buffer.concat([PDF, Buffer.alloc(MAX_TITRE_BYTES)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(M.tooLarge);
    expect(storage.files.size).toBe(before);
    expect(await documentKey(tech.hid)).toBeNull();
    expect((await download(admin, tech.hid)).json().message).toBe(M.missing);
  });

  it('is out of reach of another technician (403) and an unknown titre answers 404', async () => {
    const holder = await technicianWithTitle('Said Holder');
    const other = await technicianWithTitle('Yassine Autre');
    expect((await upload(admin, holder.hid, PDF)).statusCode).toBe(200);
    const res = await download(other.token, holder.hid);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SERVER_MESSAGES.forbidden);
    // uploading is for habilitations:manage, even his own
    expect((await upload(holder.token, holder.hid, PDF)).statusCode).toBe(403);
    expect((await upload(admin, 2147483647, PDF)).statusCode).toBe(404);
    expect((await download(admin, 2147483647)).statusCode).toBe(404);
  });
});
