import { SIGNATURE_MESSAGES } from '@gmao/domain/interventions/signature-schemas';
import { COMPANY_MESSAGES } from '@gmao/domain/settings/company-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createIntervention, createUser } from './helpers/factories.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { JPEG, memoryStorage, multipartBody, signaturePng } from './helpers/signature-files.ts';

/**
 * Issue 32: the company profile (read by all, written by administrators, logo sniffed), the bon's signatures (checked
 * images, object-level access, nothing written on a refusal, replay by change id), its versions (frozen content,
 * ?version=N) and "Signature du client obligatoire pour terminer" through the status route and the sync batch.
 */
let t: TestApp;
const storage = memoryStorage();
let admin: string;
let tech: { id: number; token: string };
let otherTech: { id: number; token: string };
let responsable: string;
let consultation: string;

beforeAll(async () => {
  t = await createTestApp({ deps: { storage } });
  admin = await t.adminToken();
  const db = t.database.db;
  const a = await createUser(db, { nom: 'Karim Technicien' });
  tech = { id: a.id, token: (await t.login(a.username, a.password)).token };
  const b = await createUser(db, { nom: 'Autre Technicien' });
  otherTech = { id: b.id, token: (await t.login(b.username, b.password)).token };
  const r = await createUser(db, { role: 'Responsable' });
  responsable = (await t.login(r.username, r.password)).token;
  const c = await createUser(db, { role: 'Consultation' });
  consultation = (await t.login(c.username, c.password)).token;
});
afterAll(() => t.close());

const now = () => new Date().toISOString();

function sign(
  token: string,
  id: number,
  fields: Record<string, string> = {},
  image: { content: Buffer; type?: string; filename?: string } | null = { content: signaturePng() },
) {
  const body = multipartBody(
    { role: 'CLIENT', nom: 'Mme Salma Idrissi', qualite: 'Responsable maintenance', signe_le: now(), ...fields },
    image
      ? [
          {
            field: 'image',
            filename: image.filename ?? 'signature.png',
            type: image.type ?? 'image/png',
            content: image.content,
          },
        ]
      : [],
  );
  return t.as(token, { method: 'POST', url: `/api/interventions/${id}/signatures`, ...body });
}

const signatureRows = async (id: number) => {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM intervention_signatures WHERE intervention_id = ${id}`,
  );
  return rows[0]!.n;
};
const storedSignatures = (id: number) => [...storage.files.keys()].filter((k) => k.startsWith(`interventions/${id}/`));

async function assigned(statut: 'EN_COURS' | 'PLANIFIEE' | 'ANNULEE' = 'EN_COURS') {
  return createIntervention(t.database.db, { statut, technicianId: tech.id });
}

const putCompany = (token: string, payload: object) =>
  t.as(token, { method: 'PUT', url: '/api/settings/company', payload });
const company = {
  nom: 'Atlas Maintenance SARL',
  adresse: '12 rue Ibn Battouta',
  ville: 'Casablanca',
  telephone: '+212 522 12 34 56',
  email: 'contact@atlas-maintenance.ma',
  ice: '001234567000089',
  rc: '123456',
  if: '1234567',
  patente: '34567890',
  cnss: '7654321',
};

describe('company profile', () => {
  it('is read by every signed-in user and written by administrators only', async () => {
    for (const token of [tech.token, consultation, responsable]) {
      const res = await t.as(token, { method: 'GET', url: '/api/settings/company' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ logo_url: null, afficher_prix: true });
    }
    expect((await putCompany(responsable, company)).statusCode).toBe(403);
    expect((await putCompany(tech.token, company)).statusCode).toBe(403);
    const saved = await putCompany(admin, company);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: COMPANY_MESSAGES.saved, data: company });
    const read = await t.as(tech.token, { method: 'GET', url: '/api/settings/company' });
    expect(read.json().data).toMatchObject(company);
  });

  it('refuses an ICE that is not 15 digits and an invalid e-mail, in French, and keeps the saved profile', async () => {
    const res = await putCompany(admin, { ...company, ice: '12345', email: 'pas-une-adresse' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(COMPANY_MESSAGES.iceInvalid);
    const read = await t.as(admin, { method: 'GET', url: '/api/settings/company' });
    expect(read.json().data.ice).toBe(company.ice);
  });

  it('stores a PNG or JPEG logo sniffed by content; a renamed file or a GIF is refused and nothing changes', async () => {
    const upload = (token: string, content: Buffer, filename: string, type: string) =>
      t.as(token, {
        method: 'PUT',
        url: '/api/settings/company/logo',
        ...multipartBody({}, [{ field: 'logo', filename, type, content }]),
      });
    const png = signaturePng({ width: 300, height: 100 });
    expect((await upload(tech.token, png, 'logo.png', 'image/png')).statusCode).toBe(403);
    const ok = await upload(admin, png, 'logo.png', 'image/png');
    expect(ok.statusCode).toBe(200);
    const url = ok.json().data.logo_url as string;
    expect(url).toMatch(/^\/api\/settings\/company\/logo\?v=/);
    const got = await t.as(tech.token, { method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(png)).toBe(true);
    const keys = [...storage.files.keys()].filter((k) => k.startsWith('company/'));
    expect(keys).toHaveLength(1);

    const text = await upload(admin, Buffer.from('<svg onload="alert(1)"/>'), 'logo.png', 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(COMPANY_MESSAGES.logoContentRefused);
    const gif = await upload(admin, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'l.gif', 'image/gif');
    expect(gif.statusCode).toBe(415);
    expect([...storage.files.keys()].filter((k) => k.startsWith('company/'))).toEqual(keys);
    expect((await t.as(admin, { method: 'GET', url: '/api/settings/company' })).json().data.logo_url).toBe(url);

    // A JPEG replaces it; the old file goes.
    const jpeg = await upload(admin, JPEG, 'logo.jpg', 'image/jpeg');
    expect(jpeg.statusCode).toBe(200);
    const now = [...storage.files.keys()].filter((k) => k.startsWith('company/'));
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(keys[0]);
    expect((await t.as(admin, { method: 'GET', url: '/api/settings/company/logo' })).headers['content-type']).toBe(
      'image/jpeg',
    );
    const missing = await t.as(admin, { method: 'PUT', url: '/api/settings/company/logo', payload: {} });
    expect(missing.statusCode).toBe(400);
  });
});

describe('signatures', () => {
  it('records the client and the technician on one version of the bon, with the content hash', async () => {
    const i = await assigned();
    const client = await sign(tech.token, i.id, { change_id: 'sig-client-1' });
    expect(client.statusCode, client.body).toBe(201);
    const body = client.json();
    expect(body.message).toBe(SIGNATURE_MESSAGES.recorded);
    expect(body.data).toMatchObject({ role: 'CLIENT', nom: 'Mme Salma Idrissi', version: 1 });
    expect(body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(body.data)).toEqual(expect.arrayContaining(['id', 'role', 'nom', 'signe_le', 'sha256']));
    const techSig = await sign(tech.token, i.id, { role: 'TECHNICIEN', nom: 'Karim Technicien', qualite: '' });
    expect(techSig.statusCode).toBe(201);
    expect(techSig.json().data).toMatchObject({ version: 1, sha256: body.data.sha256 });
    const list = await t.as(consultation, { method: 'GET', url: `/api/interventions/${i.id}/signatures` });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { role: string }) => s.role)).toEqual(['CLIENT', 'TECHNICIEN']);
    expect(storedSignatures(i.id)).toHaveLength(2);
    // The stored hash is the SHA-256 of the stored canonical text.
    const { rows } = await t.database.db.execute<{ ok: boolean }>(
      sql`SELECT encode(sha256(convert_to(contenu, 'UTF8')), 'hex') = sha256 AS ok FROM intervention_bon_versions
          WHERE intervention_id = ${i.id}`,
    );
    expect(rows).toEqual([{ ok: true }]);

    // The same change id again (an outbox replay): the recorded signature, nothing new.
    const replay = await sign(tech.token, i.id, { change_id: 'sig-client-1' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.id).toBe(body.data.id);
    expect(await signatureRows(i.id)).toBe(2);
  });

  it('refuses an empty, a too small and a not-PNG signature in French, writing nothing', async () => {
    const i = await assigned();
    const cases: [Buffer, number, string][] = [
      [signaturePng({ stroke: false }), 400, SIGNATURE_MESSAGES.empty],
      [signaturePng({ stroke: false, transparent: true }), 400, SIGNATURE_MESSAGES.empty],
      [signaturePng({ width: 120, height: 50 }), 400, SIGNATURE_MESSAGES.tooSmall],
      [signaturePng({ strokeWidth: 40, thickness: 9 }), 400, SIGNATURE_MESSAGES.tooSmall],
      [JPEG, 415, SIGNATURE_MESSAGES.notPng],
      [Buffer.from('pas une image'), 415, SIGNATURE_MESSAGES.notPng],
      [Buffer.concat([signaturePng().subarray(0, 60), Buffer.alloc(40)]), 415, SIGNATURE_MESSAGES.notPng],
    ];
    for (const [content, status, message] of cases) {
      const res = await sign(tech.token, i.id, {}, { content });
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const noImage = await sign(tech.token, i.id, {}, null);
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().message).toBe(SIGNATURE_MESSAGES.imageRequired);
    const noName = await sign(tech.token, i.id, { nom: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(SIGNATURE_MESSAGES.nomRequired);
    const badRole = await sign(tech.token, i.id, { role: 'VOISIN' });
    expect(badRole.json().message).toBe(SIGNATURE_MESSAGES.roleInvalid);
    const badDate = await sign(tech.token, i.id, { signe_le: 'hier' });
    expect(badDate.json().message).toBe(SIGNATURE_MESSAGES.signeLeInvalid);
    const json = await t.as(tech.token, {
      method: 'POST',
      url: `/api/interventions/${i.id}/signatures`,
      payload: { role: 'CLIENT' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(SIGNATURE_MESSAGES.notMultipart);
    expect(await signatureRows(i.id)).toBe(0);
    expect(storedSignatures(i.id)).toEqual([]);
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM intervention_bon_versions WHERE intervention_id = ${i.id}`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('follows the interventions’ object-level rules: not his (403), a reader (403), unknown (404), cancelled (422)', async () => {
    const i = await assigned();
    const notHis = await sign(otherTech.token, i.id);
    expect(notHis.statusCode).toBe(403);
    expect((await sign(consultation, i.id)).statusCode).toBe(403);
    expect((await sign(responsable, i.id)).statusCode).toBe(201); // interventions:assign acts on all
    expect((await sign(tech.token, 987654321)).statusCode).toBe(404);
    const cancelled = await assigned('ANNULEE');
    const res = await sign(tech.token, cancelled.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(SIGNATURE_MESSAGES.cancelled);
    const trashed = await assigned();
    await t.database.db.execute(sql`UPDATE interventions SET deleted_at = now() WHERE id = ${trashed.id}`);
    expect((await sign(tech.token, trashed.id)).statusCode).toBe(404);
    expect(await signatureRows(i.id)).toBe(1);
    expect(await signatureRows(cancelled.id)).toBe(0);
    expect(storedSignatures(cancelled.id)).toEqual([]);
  });
});

describe('versions of the bon', () => {
  const pdf = async (id: number, query = '') => {
    const res = await t.as(tech.token, { method: 'GET', url: `/api/reports/interventions/${id}/pdf${query}` });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return pdfText(res.rawPayload);
  };

  it('sign → change → sign again: version 2; ?version=1 is still the first content; the latest is served while unchanged', async () => {
    const i = await assigned();
    const db = t.database.db;
    await db.execute(sql`INSERT INTO intervention_materials (intervention_id, designation, quantite, prix_unitaire)
      VALUES (${i.id}, 'Disjoncteur 63 A', 1, 450)`);
    const first = await sign(tech.token, i.id, { nom: 'Premier Signataire' });
    expect(first.json().data.version).toBe(1);
    const v1Text = await pdf(i.id);
    expect(v1Text).toContain('Version signée n° 1');
    expect(v1Text).toContain('Premier Signataire');

    await db.execute(sql`INSERT INTO intervention_materials (intervention_id, designation, quantite, prix_unitaire)
      VALUES (${i.id}, 'Câble U1000 R2V', 12, 18.5)`);
    const changed = await pdf(i.id);
    expect(changed).toContain('contenu modifié depuis la version signée n° 1');
    expect(changed).not.toContain('Premier Signataire');
    expect(changed).toContain('Câble U1000 R2V');

    const second = await sign(tech.token, i.id, { nom: 'Second Signataire' });
    expect(second.json().data.version).toBe(2);
    expect(second.json().data.sha256).not.toBe(first.json().data.sha256);

    const one = await pdf(i.id, '?version=1');
    expect(one).toContain('Disjoncteur 63 A');
    expect(one).not.toContain('Câble U1000 R2V');
    expect(one).toContain('Premier Signataire');
    expect(one).not.toContain('Second Signataire');
    expect(one).toContain(first.json().data.sha256);
    const latest = await pdf(i.id);
    expect(latest).toContain('Version signée n° 2');
    expect(latest).toContain('Câble U1000 R2V');
    expect(latest).toContain('Second Signataire');

    const none = await t.as(tech.token, { method: 'GET', url: `/api/reports/interventions/${i.id}/pdf?version=3` });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(SIGNATURE_MESSAGES.versionNotFound);
    const bad = await t.as(tech.token, { method: 'GET', url: `/api/reports/interventions/${i.id}/pdf?version=0` });
    expect(bad.statusCode).toBe(400);
  });

  it('signing closes the running timer: the time on site the client signs is the time printed', async () => {
    const i = await assigned();
    await t.database.db.execute(sql`INSERT INTO intervention_timer_sessions (intervention_id, user_id, started_at)
      VALUES (${i.id}, ${tech.id}, now() - interval '90 minutes')`);
    expect((await sign(tech.token, i.id)).statusCode).toBe(201);
    const { rows } = await t.database.db.execute<{ running: number }>(
      sql`SELECT count(*)::int AS running FROM intervention_timer_sessions
          WHERE intervention_id = ${i.id} AND stopped_at IS NULL`,
    );
    expect(rows[0]!.running).toBe(0);
    const text = await pdf(i.id);
    expect(text).toContain('Version signée n° 1');
    expect(text).toMatch(/1 h 30 min/);
  });
});

describe('Signature du client obligatoire pour terminer', () => {
  const close = (token: string, id: number) =>
    t.as(token, { method: 'PUT', url: `/api/interventions/${id}/status`, payload: { statut: 'TERMINEE' } });

  it('company-wide: TERMINEE is refused without a client signature (status route and sync), allowed after', async () => {
    expect((await putCompany(admin, { ...company, signature_client_obligatoire: true })).statusCode).toBe(200);
    try {
      const i = await assigned();
      const refused = await close(tech.token, i.id);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(SIGNATURE_MESSAGES.clientRequired(i.id));

      const { rows } = await t.database.db.execute<{ version: number }>(
        sql`SELECT version FROM interventions WHERE id = ${i.id}`,
      );
      const sync = await t.as(tech.token, {
        method: 'POST',
        url: `/api/interventions/${i.id}/sync`,
        payload: {
          baseVersion: rows[0]!.version,
          changes: [{ clientId: 'close-1', type: 'status', at: now(), payload: { statut: 'TERMINEE' } }],
        },
      });
      expect(sync.statusCode).toBe(200);
      expect(sync.json().data.conflicts).toEqual([
        { clientId: 'close-1', reason: SIGNATURE_MESSAGES.clientRequired(i.id) },
      ]);
      expect(sync.json().data.intervention.statut).toBe('EN_COURS');

      // The technician's own signature is not the client's.
      await sign(tech.token, i.id, { role: 'TECHNICIEN', nom: 'Karim Technicien' });
      expect((await close(tech.token, i.id)).statusCode).toBe(422);
      await sign(tech.token, i.id);
      const ok = await close(tech.token, i.id);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.statut).toBe('TERMINEE');
    } finally {
      await putCompany(admin, { ...company, signature_client_obligatoire: false });
    }
  });

  it('per contract: the contract covering the equipment asks for it even when the company does not', async () => {
    const db = t.database.db;
    const client = await createClient(db);
    const equipment = await createEquipment(db, { proprietaireId: client.id });
    const { rows: cal } = await db.execute<{ id: number }>(sql`SELECT id FROM business_calendars ORDER BY id LIMIT 1`);
    const contract = await t.as(admin, {
      method: 'POST',
      url: '/api/contracts',
      payload: {
        client_id: client.id,
        numero: 'SIG-2026-01',
        type: 'COMPLET',
        date_debut: '2020-01-01',
        date_fin: '2099-12-31',
        calendrier_id: cal[0]!.id,
        signature_client_obligatoire: true,
      },
    });
    expect(contract.statusCode, contract.body).toBe(201);
    expect(contract.json().data.signature_client_obligatoire).toBe(true);
    const covered = await createIntervention(db, {
      statut: 'EN_COURS',
      technicianId: tech.id,
      equipementId: equipment.id,
    });
    expect((await close(tech.token, covered.id)).statusCode).toBe(422);
    const other = await assigned();
    expect((await close(tech.token, other.id)).statusCode).toBe(200);
  });

  it("the workflow tells the phone whether closing needs the client's signature and whether it is there (offline)", async () => {
    const db = t.database.db;
    const state = async (id: number) =>
      (await t.as(tech.token, { method: 'GET', url: `/api/interventions/${id}/workflow` })).json().data.clientSignature;
    const i = await assigned();
    expect(await state(i.id)).toEqual({ required: false, signed: false });
    expect((await putCompany(admin, { ...company, signature_client_obligatoire: true })).statusCode).toBe(200);
    try {
      expect(await state(i.id)).toEqual({ required: true, signed: false });
      await sign(tech.token, i.id, { role: 'TECHNICIEN', nom: 'Karim Technicien' });
      expect(await state(i.id)).toEqual({ required: true, signed: false });
      await sign(tech.token, i.id);
      expect(await state(i.id)).toEqual({ required: true, signed: true });
    } finally {
      await putCompany(admin, { ...company, signature_client_obligatoire: false });
    }
    // A contract that asks for it, the company not.
    const client = await createClient(db);
    const equipment = await createEquipment(db, { proprietaireId: client.id });
    const { rows: cal } = await db.execute<{ id: number }>(sql`SELECT id FROM business_calendars ORDER BY id LIMIT 1`);
    const contract = await t.as(admin, {
      method: 'POST',
      url: '/api/contracts',
      payload: {
        client_id: client.id,
        numero: 'SIG-2026-02',
        type: 'COMPLET',
        date_debut: '2020-01-01',
        date_fin: '2099-12-31',
        calendrier_id: cal[0]!.id,
        signature_client_obligatoire: true,
      },
    });
    expect(contract.statusCode, contract.body).toBe(201);
    const covered = await createIntervention(db, {
      statut: 'EN_COURS',
      technicianId: tech.id,
      equipementId: equipment.id,
    });
    expect(await state(covered.id)).toEqual({ required: true, signed: false });
  });
});
