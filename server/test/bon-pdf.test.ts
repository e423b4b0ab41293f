import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createIntervention, createUser } from './helpers/factories.ts';
import { pdfText, pdfTextItems } from './helpers/pdf-text.ts';
import { memoryStorage, multipartBody, signaturePng } from './helpers/signature-files.ts';

/**
 * Issue 32: the bon d'intervention as a reader extracts it — the company's ICE in the header, the client's ICE, the
 * equipment's French type, "Page 1/N" on every page, the signer's name, amounts grouped like everywhere else — and
 * with prices hidden by the setting; the period report carries the same header. Rendered by pdftoppm when present.
 */
let t: TestApp;
let admin: string;
let interventionId: number;
const COMPANY_ICE = '001525487000036';
const CLIENT_ICE = '002233445000066';

const hasPdftoppm = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

beforeAll(async () => {
  t = await createTestApp({ deps: { storage: memoryStorage() } });
  admin = await t.adminToken();
  const db = t.database.db;
  const put = await t.as(admin, {
    method: 'PUT',
    url: '/api/settings/company',
    payload: {
      nom: 'Maghreb Froid Industrie',
      adresse: '45 boulevard Zerktouni',
      ville: 'Casablanca',
      telephone: '+212 522 98 76 54',
      email: 'sav@maghrebfroid.ma',
      ice: COMPANY_ICE,
      rc: '98765',
      if: '4455667',
      patente: '35791357',
      cnss: '1122334',
    },
  });
  expect(put.statusCode).toBe(200);
  const logo = await t.as(admin, {
    method: 'PUT',
    url: '/api/settings/company/logo',
    ...multipartBody({}, [
      { field: 'logo', filename: 'logo.png', type: 'image/png', content: signaturePng({ width: 240, height: 80 }) },
    ]),
  });
  expect(logo.statusCode).toBe(200);
  const client = await createClient(db, {
    nomEntreprise: 'Société Laitière du Souss',
    ice: CLIENT_ICE,
    adresse: 'Zone industrielle Aït Melloul',
    ville: 'Agadir',
  });
  const tech = await createUser(db, { nom: 'Hamid Technicien' });
  const equipment = await createEquipment(db, {
    proprietaireId: client.id,
    nom: 'Groupe froid GF-2',
    numeroSerie: 'SN-778899',
    typeEquipement: 'CLIMATISATION',
  });
  const i = await createIntervention(db, { equipementId: equipment.id, statut: 'EN_COURS', technicianId: tech.id });
  interventionId = i.id;
  await db.execute(sql`INSERT INTO intervention_materials (intervention_id, designation, quantite, prix_unitaire)
    VALUES (${i.id}, 'Compresseur scroll', 2, 3268.12)`);
  await db.execute(sql`INSERT INTO intervention_checklist_items (intervention_id, position, label, checked)
    SELECT ${i.id}, n, 'Point de contrôle ' || n, n % 2 = 0 FROM generate_series(1, 60) n`);
  const sign = await t.as(admin, {
    method: 'POST',
    url: `/api/interventions/${i.id}/signatures`,
    ...multipartBody(
      { role: 'CLIENT', nom: 'Fatima Zahra Benkirane', qualite: 'Chef de site', signe_le: new Date().toISOString() },
      [{ field: 'image', filename: 's.png', type: 'image/png', content: signaturePng() }],
    ),
  });
  expect(sign.statusCode, sign.body).toBe(201);
});
afterAll(() => t.close());

async function bon(): Promise<Buffer> {
  const res = await t.as(admin, { method: 'GET', url: `/api/reports/interventions/${interventionId}/pdf` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}
const spaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe("bon d'intervention PDF", () => {
  it('holds the company ICE, the client ICE, the signer, "Page 1/N" on every page and grouped amounts', async () => {
    const body = await bon();
    const text = spaces(await pdfText(body));
    expect(text).toContain(`ICE ${COMPANY_ICE}`);
    expect(text).toContain('Maghreb Froid Industrie');
    expect(text).toContain(CLIENT_ICE);
    expect(text).toContain('Zone industrielle Aït Melloul, Agadir');
    expect(text).toContain('SN-778899');
    expect(text).toContain('Climatisation');
    expect(text).toContain('Fatima Zahra Benkirane');
    expect(text).toContain('Chef de site');
    expect(text).toContain('6 536,24 MAD');
    expect(text).toContain('Version signée n° 1');
    const items = await pdfTextItems(body);
    const pages = Math.max(...items.map((i) => i.page));
    expect(pages).toBeGreaterThan(1);
    for (let p = 1; p <= pages; p++) {
      const footer = items.filter((i) => i.page === p && /Page \d+\/\d+/.test(i.str)).map((i) => i.str);
      expect(footer.join(' ')).toContain(`Page ${p}/${pages}`);
    }
  });

  it('every page parses into drawing operations in pdf.js (images, fonts, the QR code) without error', async () => {
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: new Uint8Array(await bon()), verbosity: 0, isEvalSupported: false }).promise;
    try {
      for (let p = 1; p <= doc.numPages; p++) {
        const ops = await (await doc.getPage(p)).getOperatorList();
        expect(ops.fnArray.length).toBeGreaterThan(10);
      }
    } finally {
      await doc.destroy();
    }
  });

  // pdftoppm (poppler-utils) is not installed on every machine; the test runs where it is.
  it.skipIf(!hasPdftoppm)('renders with pdftoppm without error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bon-pdf-'));
    try {
      writeFileSync(join(dir, 'bon.pdf'), await bon());
      execFileSync('pdftoppm', ['-r', '50', '-png', join(dir, 'bon.pdf'), join(dir, 'page')], { stdio: 'pipe' });
      expect(readdirSync(dir).filter((f) => f.startsWith('page')).length).toBeGreaterThan(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hides the prices when "Afficher les prix sur le bon" is off (quantities stay)', async () => {
    const current = (await t.as(admin, { method: 'GET', url: '/api/settings/company' })).json().data;
    const { logo_url: _l, ...profile } = current;
    await t.as(admin, { method: 'PUT', url: '/api/settings/company', payload: { ...profile, afficher_prix: false } });
    try {
      const text = spaces(await pdfText(await bon()));
      expect(text).toContain('Compresseur scroll');
      expect(text).not.toContain('MAD');
      // The content changed (no prices): the live bon, unsigned, not the signed version.
      expect(text).toContain('contenu modifié depuis la version signée n° 1');
    } finally {
      await t.as(admin, { method: 'PUT', url: '/api/settings/company', payload: { ...profile, afficher_prix: true } });
    }
  });

  it('the period report carries the same company header', async () => {
    const res = await t.as(admin, {
      method: 'GET',
      url: '/api/reports/export.pdf?dateFrom=2024-01-01&dateTo=2030-12-31',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const text = spaces(await pdfText(res.rawPayload));
    expect(text).toContain('Maghreb Froid Industrie');
    expect(text).toContain(`ICE ${COMPANY_ICE}`);
  });
});

describe("the bon's photos", () => {
  it('draws an image attachment as a thumbnail under its name (a missing preview would say so)', async () => {
    const { id } = await createIntervention(t.database.db, { description: 'Remplacement du pressostat' });
    const photo = signaturePng({ width: 320, height: 240 });
    const upload = await t.as(admin, {
      method: 'POST',
      url: `/api/interventions/${id}/attachments`,
      ...multipartBody({}, [{ field: 'file', filename: 'pressostat-avant.png', type: 'image/png', content: photo }]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const res = await t.as(admin, { method: 'GET', url: `/api/reports/interventions/${id}/pdf` });
    expect(res.statusCode).toBe(200);
    const text = spaces(await pdfText(res.rawPayload));
    expect(text).toContain('Photos (1)');
    expect(text).toContain('pressostat-avant.png');
    expect(text).not.toContain('aperçu indisponible');
  });
});
