import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ATTACHMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createRole, createUser } from './helpers/factories.ts';
import { DOCX, ELF, HTML_PAGE, PDF, PE, PLAIN_ZIP, PNG, SVG_WITH_SCRIPT } from './helpers/sample-files.ts';

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
    await upload(i.id, 'photo.png', 'image/png', PNG);
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
    const generic = await upload(i.id, 'plan.docx', 'application/octet-stream', DOCX);
    expect(generic.json().data.mimeType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });
});

const attachmentRows = async (id: number) =>
  (
    await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM intervention_attachments WHERE intervention_id = ${id}`,
    )
  ).rows[0].n;

/** A multipart body whose file part carries the given raw Content-Disposition parameters. */
function rawFilenamePart(dispositionParams: string, type: string, content: Buffer) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; ${dispositionParams}\r\nContent-Type: ${type}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}
const uploadRaw = (id: number, dispositionParams: string, type: string, content: Buffer) =>
  t.as(admin, {
    method: 'POST',
    url: `/api/interventions/${id}/attachments`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: rawFilenamePart(dispositionParams, type, content),
  });

describe('attachment content is checked, not only the name', () => {
  it.each([
    ['an ELF executable renamed .pdf', 'rapport.pdf', 'application/pdf', ELF],
    ['a Windows executable renamed .pdf', 'facture.pdf', 'application/pdf', PE],
    ['an SVG with a script renamed .png', 'photo.png', 'image/png', SVG_WITH_SCRIPT],
    ['an HTML page renamed .pdf', 'devis.pdf', 'application/pdf', HTML_PAGE],
    ['a PNG renamed .pdf', 'scan.pdf', 'application/pdf', PNG],
    ['a plain zip renamed .docx', 'plan.docx', 'application/octet-stream', PLAIN_ZIP],
    ['an executable renamed .txt', 'notes.txt', 'text/plain', PE],
    ['an empty .pdf', 'vide.pdf', 'application/pdf', Buffer.alloc(0)],
  ])('refuses %s with 415, storing nothing', async (_label, name, type, content) => {
    const i = await createIntervention(t.database.db);
    const res = await upload(i.id, name, type, content);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, message: ATTACHMENT_MESSAGES.contentRefused });
    expect(await storedFiles(i.id)).toEqual([]);
    expect(await attachmentRows(i.id)).toBe(0);
  });

  it('refuses SVG and HTML by name (400): they are never allowed', async () => {
    const i = await createIntervention(t.database.db);
    for (const [name, type, content] of [
      ['logo.svg', 'image/svg+xml', SVG_WITH_SCRIPT],
      ['page.html', 'text/html', HTML_PAGE],
      ['page.htm', 'application/octet-stream', HTML_PAGE],
    ] as const) {
      const res = await upload(i.id, name, type, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe(ATTACHMENT_MESSAGES.typeRefused);
    }
    expect(await storedFiles(i.id)).toEqual([]);
  });

  it('accepts real files of each kind, and text files in UTF-8 or Windows-1252 (Excel fr-FR)', async () => {
    const i = await createIntervention(t.database.db);
    const latin1Csv = Buffer.from('Société;Montant\r\nÉnergie Atlas;12,50\r\n', 'latin1');
    for (const [name, type, content, stored] of [
      ['photo.png', 'image/png', PNG, 'image/png'],
      ['rapport.pdf', 'application/pdf', PDF, 'application/pdf'],
      ['plan.docx', 'application/octet-stream', DOCX, DOCX_TYPE],
      ['mesures.csv', 'text/csv', latin1Csv, 'text/csv'],
      ['notes.txt', 'text/plain', Buffer.from('Relevé : 230 V\tOK\n'), 'text/plain'],
    ] as const) {
      const res = await upload(i.id, name, type, content);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().data.mimeType, name).toBe(stored);
    }
  });
});

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('attachment file names', () => {
  it('strips NUL and other control characters (a NUL used to be a 500)', async () => {
    const i = await createIntervention(t.database.db);
    const res = await uploadRaw(i.id, 'filename="rap\u0000port\u001b\t.pdf"', 'application/pdf', PDF);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.filename).toBe('rapport.pdf');
  });

  it('refuses a name with CR or LF, raw or RFC 5987-encoded (400, nothing stored); never a 5xx', async () => {
    const i = await createIntervention(t.database.db);
    for (const params of [
      `filename*=UTF-8''${encodeURIComponent('rapport\r\nX-Injected: 1.pdf')}`,
      `filename*=UTF-8''${encodeURIComponent('rapport\n.pdf')}`,
      'filename="rapport\r\nX-Injected: 1.pdf"',
    ]) {
      const res = await uploadRaw(i.id, params, 'application/pdf', PDF);
      expect(res.statusCode, params).toBe(400);
      expect(res.json().success, params).toBe(false);
    }
    expect(await storedFiles(i.id)).toEqual([]);
    // What browsers send for such a name (the form-data encoding percent-encodes CR and LF) is plain text.
    const browser = await uploadRaw(i.id, 'filename="rapport%0D%0AX-Injected: 1.pdf"', 'application/pdf', PDF);
    expect(browser.statusCode).toBe(201);
    const file = await t.as(admin, {
      method: 'GET',
      url: `/api/interventions/${i.id}/attachments/${browser.json().data.id}/download`,
    });
    expect(file.headers['x-injected']).toBeUndefined();
  });

  it('keeps only the last component of a path, and the file stays in the intervention folder', async () => {
    const i = await createIntervention(t.database.db);
    for (const name of ['../../../etc/passwd.pdf', '..\\..\\boot.pdf', '/tmp/../rapport.pdf']) {
      const res = await uploadRaw(i.id, `filename="${name}"`, 'application/pdf', PDF);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().data.filename, name).not.toMatch(/[\\/]|\.\./);
    }
    const files = await storedFiles(i.id);
    expect(files).toHaveLength(3);
    for (const f of files) expect(f).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(existsSync(join(dataDir, 'etc'))).toBe(false);
  });

  it('caps a long name at 200 characters, keeping the extension', async () => {
    const i = await createIntervention(t.database.db);
    const res = await upload(i.id, `${'r'.repeat(400)}.pdf`, 'application/pdf', PDF);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.filename).toBe(`${'r'.repeat(196)}.pdf`);
  });
});

describe('attachment downloads', () => {
  it('are always a download: attachment, nosniff, a sandbox CSP, the stored type', async () => {
    const i = await createIntervention(t.database.db);
    // An SVG document saved under a text name is accepted as text, and comes back as a text download only.
    const up = await upload(i.id, 'notes.txt', 'text/plain', SVG_WITH_SCRIPT);
    expect(up.statusCode).toBe(201);
    const file = await t.as(admin, {
      method: 'GET',
      url: `/api/interventions/${i.id}/attachments/${up.json().data.id}/download`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/plain');
    expect(file.headers['content-disposition']).toBe('attachment; filename=notes.txt');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['cache-control']).toBe('private, no-store');
  });

  it('send non-ASCII names with an ASCII fallback and the UTF-8 form', async () => {
    const i = await createIntervention(t.database.db);
    const up = await upload(i.id, 'Relevé « été ».pdf', 'application/pdf', PDF);
    const file = await t.as(admin, {
      method: 'GET',
      url: `/api/interventions/${i.id}/attachments/${up.json().data.id}/download`,
    });
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Relev? ? ?t? ?.pdf"; filename*=UTF-8''Relev%C3%A9%20%C2%AB%20%C3%A9t%C3%A9%20%C2%BB.pdf`,
    );
  });
});
