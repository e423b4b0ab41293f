import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createIntervention, createUser } from './helpers/factories.ts';
import { pdfText, pdfTextItems } from './helpers/pdf-text.ts';

/**
 * Issue 29: every PDF draws Arabic (shaped, right to left), accented and decomposed Latin text and emoji in embedded
 * Unicode fonts, and a reader (pdf.js here) extracts the text that was stored.
 */
const ARABIC = 'شركة الكهرباء المغربية';
const DECOMPOSED = 'Cafe\u0301 E\u0301le\u0301gance'; // é and É as a letter + U+0301
const COMPOSED = 'Café Élégance';
const MIXED = `Intervention chez ${ARABIC} pour le poste 3`;

let t: TestApp;
let admin: string;
let arabicClient: { id: number };
let ids: { arabic: number; french: number };
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const db = t.database.db;
  arabicClient = await createClient(db, {
    nomEntreprise: ARABIC,
    ville: 'الدار البيضاء (أنفا)',
    contactPrincipal: 'Rachid',
  });
  const frenchClient = await createClient(db, { nomEntreprise: DECOMPOSED });
  const tech = await createUser(db, { nom: 'Karim 👷 Technicien' });
  const a = await createIntervention(db, {
    equipementId: (await createEquipment(db, { proprietaireId: arabicClient.id, nom: 'Transformateur TR-1' })).id,
    description: MIXED,
    technicianId: tech.id,
  });
  const f = await createIntervention(db, {
    equipementId: (await createEquipment(db, { proprietaireId: frenchClient.id, nom: 'Groupe électrogène' })).id,
    description: 'Pompe remise en service 👍 ⚡ — 中',
  });
  await db.execute(sql`INSERT INTO intervention_reports (intervention_id, titre, contenu, user_id)
    VALUES (${a.id}, 'تقرير نهائي', 'تم استبدال القاطع الرئيسي', ${tech.id})`);
  ids = { arabic: a.id, french: f.id };
});
afterAll(() => t.close());

async function pdf(url: string) {
  const res = await t.as(admin, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

/** The extracted runs of text, with narrow and no-break spaces as plain spaces. */
async function items(body: Buffer) {
  return (await pdfTextItems(body)).map((i) => i.str.replace(/[\u00a0\u202f]/g, ' ').trim());
}

describe('Arabic client name', () => {
  it('the bon d’intervention draws it in an embedded font and it extracts as the stored (logical) string', async () => {
    const body = await pdf(`/api/reports/interventions/${ids.arabic}/pdf`);
    const runs = await items(body);
    expect(runs).toContain(ARABIC);
    expect(runs).toContain('الدار البيضاء (أنفا)'); // brackets mirrored on the page, logical in the text
    expect(runs, runs.filter((r) => /[\u0600-\u06ff]/.test(r)).join('|')).toContain('تقرير نهائي'); // a compte rendu, its title in bold
    expect(runs).toContain('تم استبدال القاطع الرئيسي');
    // Embedded TrueType subsets, not the built-in WinAnsi fonts.
    const raw = body.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+IBMPlexSansArabic/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    expect(raw).not.toContain('/Helvetica');
  });

  it('reads in order inside a French sentence (bidi runs)', async () => {
    const text = await pdfText(await pdf(`/api/reports/interventions/${ids.arabic}/pdf`));
    expect(text).toContain(MIXED);
  });

  it('the period report PDF shows it in the filter and in the table', async () => {
    const body = await pdf(`/api/reports/export.pdf?dateFrom=${today}&dateTo=${today}&clientId=${arabicClient.id}`);
    const runs = await items(body);
    expect(runs.filter((r) => r === ARABIC).length).toBeGreaterThanOrEqual(2);
  });

  it('the list export PDF shows it', async () => {
    const runs = await items(await pdf('/api/interventions/export/pdf'));
    expect(runs).toContain(ARABIC);
  });
});

describe('French accents, combining marks and emoji', () => {
  it('a decomposed é draws and extracts as é (NFC), accents intact', async () => {
    const body = await pdf(`/api/reports/interventions/${ids.french}/pdf`);
    const runs = await items(body);
    expect(runs).toContain(COMPOSED);
    expect(runs.join('\n')).not.toContain('\u0301');
    const list = await items(await pdf('/api/interventions/export/pdf'));
    expect(list).toContain(COMPOSED);
  });

  it('emoji draw from the emoji font; a character no font has is an explicit U+FFFD', async () => {
    const body = await pdf(`/api/reports/interventions/${ids.french}/pdf`);
    expect(body.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoEmoji/);
    const text = await pdfText(body);
    expect(text).toContain('Pompe remise en service 👍 ⚡ — \ufffd');
    const arabicBon = await pdfText(await pdf(`/api/reports/interventions/${ids.arabic}/pdf`));
    expect(arabicBon).toContain('Karim 👷 Technicien');
  });
});
