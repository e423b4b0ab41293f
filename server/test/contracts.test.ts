import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTRACT_MESSAGES as M } from '@gmao/domain/contracts/contract-schemas';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { addDays } from '@gmao/domain/plans/recurrence';
import { CALENDAR_MESSAGES } from '@gmao/domain/sla/calendar-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createIntervention, createUser } from './helpers/factories.ts';
import { ELF, PDF } from './helpers/sample-files.ts';

/**
 * Maintenance contracts and business calendars (issue 31): CRUD, the French refusals (nothing written), versions
 * (an intervention's clock keeps the version it started under), the overlap rule under concurrency, documents, and
 * who may read and write them.
 */
let t: TestApp;
let admin: string;
let dataDir: string;
let calendrierId: number;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gmao-contracts-'));
  process.env.DATA_DIR = dataDir;
  t = await createTestApp();
  admin = await t.adminToken();
  calendrierId = await count(sql`SELECT id AS n FROM business_calendars WHERE nom LIKE 'Heures ouvrées%'`);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(query);
  return Number(rows[0]?.n ?? 0);
}
const rowsOf = (table: string) => count(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.as(token, { method, url, ...(payload ? { payload } : {}) });

const lunchBreak = (nom: string) => ({
  nom,
  plages: [1, 2, 3, 4, 5].flatMap((jour) => [
    { jour, debut: '14:00', fin: '18:00' },
    { jour, debut: '08:00', fin: '12:00' },
  ]),
  exceptions: [{ date: '2026-12-24', ouvert: false }],
});

const today = metricsToday();
async function contractBody(overrides: Record<string, unknown> = {}) {
  const client = await createClient(t.database.db);
  const e1 = await createEquipment(t.database.db, { proprietaireId: client.id });
  const e2 = await createEquipment(t.database.db, { proprietaireId: client.id });
  return {
    client,
    e1,
    e2,
    body: {
      client_id: client.id,
      numero: `CT-${client.id}`,
      type: 'COMPLET',
      date_debut: addDays(today, -30),
      date_fin: addDays(today, 335),
      reconduction_tacite: true,
      equipement_ids: [e1.id],
      calendrier_id: calendrierId,
      montant_annuel_ht: '120000.00',
      garanties: [
        { urgence: true, cible: 'PRISE_EN_COMPTE', minutes: 60 },
        { urgence: true, cible: 'SUR_SITE', minutes: 240 },
        { urgence: false, cible: 'RETABLISSEMENT', minutes: 2400 },
      ],
      ...overrides,
    },
  };
}

describe('business calendars', () => {
  it('lists the two seeded calendars with their split shifts and the 24/7 one', async () => {
    const res = await call('GET', '/api/calendars');
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().data.map((c: { nom: string }) => [c.nom, c]));
    const office = byName['Heures ouvrées 8h-12h / 14h-18h lun-ven'];
    expect(office.plages.filter((p: { jour: number }) => p.jour === 1)).toEqual([
      { jour: 1, debut: '08:00', fin: '12:00' },
      { jour: 1, debut: '14:00', fin: '18:00' },
    ]);
    expect(office.plages).toHaveLength(10);
    expect(byName['Astreinte 24/7'].plages).toHaveLength(7);
    expect(byName['Astreinte 24/7'].plages[6]).toEqual({ jour: 7, debut: '00:00', fin: '24:00' });
    expect(byName['Astreinte 24/7'].applique_jours_feries).toBe(false);
  });

  it('creates one with a lunch break (sorted back), edits it, and refuses a second of the same name', async () => {
    const res = await call('POST', '/api/calendars', lunchBreak('Atelier Sud'));
    expect(res.statusCode).toBe(201);
    const cal = res.json().data;
    expect(cal.plages.slice(0, 2)).toEqual([
      { jour: 1, debut: '08:00', fin: '12:00' },
      { jour: 1, debut: '14:00', fin: '18:00' },
    ]);
    expect(cal.exceptions).toEqual([{ date: '2026-12-24', ouvert: false }]);
    const dup = await call('POST', '/api/calendars', lunchBreak('atelier sud'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(M.nomTaken);
    const put = await call('PUT', `/api/calendars/${cal.id}`, {
      nom: 'Atelier Sud (samedi)',
      plages: [{ jour: 6, debut: '08:00', fin: '13:00' }],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ nom: 'Atelier Sud (samedi)', exceptions: [], plages: [{ jour: 6 }] });
    expect((await call('DELETE', `/api/calendars/${cal.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/calendars/${cal.id}`)).statusCode).toBe(404);
  });

  it.each([
    [
      'overlapping intervals',
      [
        { jour: 2, debut: '08:00', fin: '12:00' },
        { jour: 2, debut: '11:30', fin: '14:00' },
      ],
      'Les plages horaires du mardi se chevauchent (08:00–12:00 et 11:30–14:00).',
    ],
    [
      'an inverted interval',
      [{ jour: 3, debut: '18:00', fin: '08:00' }],
      CALENDAR_MESSAGES.plageInversee('mercredi', '18:00', '08:00'),
    ],
    ['no interval', [], M.plagesEmpty],
    ['a bad hour', [{ jour: 1, debut: '25:00', fin: '26:00' }], CALENDAR_MESSAGES.heureInvalid('lundi', '25:00')],
  ])('refuses %s with a French message and writes nothing', async (_what, plages, message) => {
    const before = [await rowsOf('business_calendars'), await rowsOf('business_calendar_intervals')];
    const res = await call('POST', '/api/calendars', { nom: 'Mauvais', plages });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect([await rowsOf('business_calendars'), await rowsOf('business_calendar_intervals')]).toEqual(before);
  });

  it('refuses deleting a calendar a contract uses (409, French message)', async () => {
    const cal = (await call('POST', '/api/calendars', lunchBreak('Utilisé'))).json().data;
    const { body } = await contractBody({ calendrier_id: cal.id });
    expect((await call('POST', '/api/contracts', body)).statusCode).toBe(201);
    const res = await call('DELETE', `/api/calendars/${cal.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.calendarInUse(1));
    expect((await call('GET', `/api/calendars/${cal.id}`)).json().data.contrats).toBe(1);
  });

  it('manages the company holidays (the plans list) under /api/calendars/holidays', async () => {
    const list = (await call('GET', '/api/calendars/holidays')).json().data;
    expect(list.map((h: { libelle: string }) => h.libelle)).toContain('Nouvel An amazigh');
    const res = await call('POST', '/api/calendars/holidays', { jour: '2027-04-02', libelle: 'Pont' });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect((await call('GET', '/api/plans/holidays')).json().data.map((h: { id: number }) => h.id)).toContain(id);
    expect((await call('DELETE', `/api/calendars/holidays/${id}`)).statusCode).toBe(200);
  });
});

describe('contracts', () => {
  it('creates a contract on one equipment, reads it back, lists and searches it', async () => {
    const { body, client, e1 } = await contractBody();
    const res = await call('POST', '/api/contracts', body);
    expect(res.statusCode).toBe(201);
    const c = res.json().data;
    expect(c).toMatchObject({
      client_id: client.id,
      numero: body.numero,
      type: 'COMPLET',
      equipement_ids: [e1.id],
      equipements: 1,
      montant_annuel_ht: '120000.00',
      version: 1,
      jours_restants: 335,
      statuts_pause: [
        { statut: 'EN_ATTENTE_PDR', condition: 'PIECES_CLIENT' },
        { statut: 'EN_PAUSE', condition: 'ATTENTE_CLIENT' },
      ],
    });
    expect(c.garanties).toEqual(body.garanties);
    expect(c.versions).toHaveLength(1);
    const list = await call('GET', `/api/contracts?client_id=${client.id}`);
    expect(list.json().data.map((k: { id: number }) => k.id)).toEqual([c.id]);
    const search = await call('GET', `/api/contracts?search=${encodeURIComponent(client.nomEntreprise.slice(0, 12))}`);
    expect(search.json().data.map((k: { id: number }) => k.id)).toContain(c.id);
    expect((await call('GET', `/api/contracts?search=${body.numero}`)).json().pagination.total).toBe(1);
  });

  it('lists the contracts ending within 60 days with expiring=true', async () => {
    const soon = await contractBody({ date_fin: addDays(today, 20), equipement_ids: null });
    const later = await contractBody({ date_fin: addDays(today, 200), equipement_ids: null });
    const a = (await call('POST', '/api/contracts', soon.body)).json().data;
    const b = (await call('POST', '/api/contracts', later.body)).json().data;
    const ids = (await call('GET', '/api/contracts?expiring=true&limit=1000'))
      .json()
      .data.map((k: { id: number }) => k.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
  });

  it('versions every change: the intervention clock keeps the version it started under', async () => {
    const { body, e1, e2 } = await contractBody();
    const c = (await call('POST', '/api/contracts', body)).json().data;
    const v1 = c.versions[0].id;
    const i = await createIntervention(t.database.db, { equipementId: e1.id, urgence: true });
    await t.database.db.execute(sql`INSERT INTO intervention_sla (intervention_id, cible, contract_version_id,
      objectif_minutes, demarre_le) VALUES (${i.id}, 'SUR_SITE', ${v1}, 240, now())`);
    const put = await call('PUT', `/api/contracts/${c.id}`, {
      ...body,
      equipement_ids: [e1.id, e2.id],
      garanties: [{ urgence: true, cible: 'SUR_SITE', minutes: 120 }],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().message).toBe(M.updated(2));
    const after = put.json().data;
    expect(after.version).toBe(2);
    expect(after.garanties).toEqual([{ urgence: true, cible: 'SUR_SITE', minutes: 120 }]);
    expect(after.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(after.versions[1].garanties).toEqual(body.garanties);
    expect(after.versions[1].equipement_ids).toEqual([e1.id]);
    const kept = await count(sql`SELECT g.minutes AS n FROM intervention_sla s
      JOIN contract_guarantees g ON g.contract_version_id = s.contract_version_id AND g.urgence AND g.cible = s.cible
      WHERE s.intervention_id = ${i.id}`);
    expect(kept).toBe(240);
  });

  it.each([
    ['an end before the start', { date_fin: '2020-01-01', date_debut: '2020-02-01' }, M.endBeforeStart],
    ['minutes ≤ 0', { garanties: [{ urgence: false, cible: 'SUR_SITE', minutes: 0 }] }, M.minutesInvalid],
    ['an unknown calendar', { calendrier_id: 987654 }, M.calendarNotFound],
    ['an unknown client', { client_id: 987654 }, M.clientNotFound],
  ])('refuses %s with a French message and writes nothing', async (_what, patch, message) => {
    const { body } = await contractBody(patch);
    const before = [await rowsOf('contracts'), await rowsOf('contract_versions')];
    const res = await call('POST', '/api/contracts', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect([await rowsOf('contracts'), await rowsOf('contract_versions')]).toEqual(before);
  });

  it("refuses another client's equipment", async () => {
    const { body } = await contractBody();
    const foreign = await createEquipment(t.database.db);
    const res = await call('POST', '/api/contracts', { ...body, equipement_ids: [foreign.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.equipmentNotOfClient([foreign.id]));
  });

  it('refuses a contract overlapping another on the same equipment, accepts one after it or on other equipment', async () => {
    const { body, e1, e2 } = await contractBody();
    const first = (await call('POST', '/api/contracts', body)).json().data;
    const before = await rowsOf('contracts');
    const clash = await call('POST', '/api/contracts', {
      ...body,
      numero: `${body.numero}-B`,
      date_debut: addDays(today, 100),
      date_fin: addDays(today, 500),
      equipement_ids: [e2.id, e1.id],
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      M.overlap(
        first.numero,
        e1.nom,
        body.date_debut.split('-').reverse().join('/'),
        body.date_fin.split('-').reverse().join('/'),
      ),
    );
    expect(await rowsOf('contracts')).toBe(before);
    // every equipment of the client, which includes e1
    const all = await call('POST', '/api/contracts', { ...body, numero: `${body.numero}-C`, equipement_ids: null });
    expect(all.statusCode).toBe(409);
    const other = await call('POST', '/api/contracts', {
      ...body,
      numero: `${body.numero}-D`,
      equipement_ids: [e2.id],
    });
    expect(other.statusCode).toBe(201);
    const next = await call('POST', '/api/contracts', {
      ...body,
      numero: `${body.numero}-E`,
      date_debut: addDays(body.date_fin, 1),
      date_fin: addDays(body.date_fin, 366),
    });
    expect(next.statusCode).toBe(201);
    // an edit may not bring the overlap in either
    const edit = await call('PUT', `/api/contracts/${other.json().data.id}`, {
      ...body,
      numero: `${body.numero}-D`,
      equipement_ids: [e1.id, e2.id],
    });
    expect(edit.statusCode).toBe(409);
    expect(await rowsOf('contracts')).toBe(before + 2);
  });

  it('lets only one of two overlapping contracts saved at the same time through', async () => {
    const { body } = await contractBody({ equipement_ids: null });
    const results = await Promise.all(
      ['X', 'Y', 'Z'].map((s) => call('POST', '/api/contracts', { ...body, numero: `${body.numero}-${s}` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('refuses a number already used by a live contract', async () => {
    const { body } = await contractBody();
    await call('POST', '/api/contracts', body);
    const other = await contractBody({ numero: body.numero });
    const res = await call('POST', '/api/contracts', other.body);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.numeroTaken);
  });

  it('deletes a contract no clock follows; keeps (soft-deletes) one that some intervention follows', async () => {
    const a = await contractBody();
    const plain = (await call('POST', '/api/contracts', a.body)).json().data;
    const del = await call('DELETE', `/api/contracts/${plain.id}`);
    expect(del.json()).toMatchObject({ data: { soft: false }, message: M.deleted });
    expect(await count(sql`SELECT count(*)::int AS n FROM contracts WHERE id = ${plain.id}`)).toBe(0);

    const b = await contractBody();
    const followed = (await call('POST', '/api/contracts', b.body)).json().data;
    const i = await createIntervention(t.database.db, { equipementId: b.e1.id });
    await t.database.db.execute(sql`INSERT INTO intervention_sla (intervention_id, cible, contract_version_id,
      objectif_minutes, demarre_le) VALUES (${i.id}, 'RETABLISSEMENT', ${followed.versions[0].id}, 2400, now())`);
    const soft = await call('DELETE', `/api/contracts/${followed.id}`);
    expect(soft.json()).toMatchObject({ data: { soft: true }, message: M.archived });
    expect((await call('GET', `/api/contracts/${followed.id}`)).statusCode).toBe(404);
    expect(await count(sql`SELECT count(*)::int AS n FROM contract_versions WHERE contract_id = ${followed.id}`)).toBe(
      1,
    );
    // its number and its equipment are free again
    expect((await call('POST', '/api/contracts', b.body)).statusCode).toBe(201);
  });
});

describe('a client with a contract', () => {
  it('is not deleted: 409 saying why, the client and its contract stay', async () => {
    const client = await createClient(t.database.db);
    const { body } = await contractBody();
    const res = await call('POST', '/api/contracts', { ...body, client_id: client.id, equipement_ids: null });
    expect(res.statusCode).toBe(201);
    const del = await call('DELETE', `/api/clients/${client.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(M.clientHasContracts(1));
    expect((await call('GET', `/api/contracts/${res.json().data.id}`)).statusCode).toBe(200);
  });
});

describe('contract documents', () => {
  const BOUNDARY = '----gmaocontractboundary';
  const upload = (id: number, filename: string, type: string, content: Buffer, token = admin) =>
    t.as(token, {
      method: 'POST',
      url: `/api/contracts/${id}/documents`,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
    });

  it('uploads the signed PDF, lists it, downloads the same bytes as an attachment, deletes it', async () => {
    const { body } = await contractBody();
    const c = (await call('POST', '/api/contracts', body)).json().data;
    const res = await upload(c.id, 'Contrat signé.pdf', 'application/pdf', PDF);
    expect(res.statusCode).toBe(201);
    const doc = res.json().data;
    expect(doc).toMatchObject({ originalName: 'Contrat signé.pdf', mimeType: 'application/pdf' });
    expect((await call('GET', `/api/contracts/${c.id}`)).json().data.documents).toHaveLength(1);
    const dl = await call('GET', `/api/contracts/${c.id}/documents/${doc.id}/download`);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    expect(dl.headers['content-disposition']).toMatch(/^attachment;/);
    expect((await call('DELETE', `/api/contracts/${c.id}/documents/${doc.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/contracts/${c.id}/documents`)).json().data).toEqual([]);
  });

  it('refuses an executable renamed .pdf (415) and keeps nothing', async () => {
    const { body } = await contractBody();
    const c = (await call('POST', '/api/contracts', body)).json().data;
    const res = await upload(c.id, 'contrat.pdf', 'application/pdf', ELF);
    expect(res.statusCode).toBe(415);
    expect((await call('GET', `/api/contracts/${c.id}/documents`)).json().data).toEqual([]);
  });
});

describe('who may read and manage contracts', () => {
  it('Responsable manages, Consultation reads, Technicien neither', async () => {
    const tokens: Record<string, string> = {};
    for (const role of ['Responsable', 'Consultation', 'Technicien']) {
      const u = await createUser(t.database.db, { role });
      tokens[role] = (await t.login(u.username, u.password)).token;
    }
    const { body } = await contractBody();
    const status = async (role: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      (await call(method, url, payload, tokens[role])).statusCode;
    expect(await status('Responsable', 'POST', '/api/contracts', body)).toBe(201);
    expect(await status('Consultation', 'GET', '/api/contracts')).toBe(200);
    expect(await status('Consultation', 'GET', '/api/calendars')).toBe(200);
    expect(await status('Consultation', 'POST', '/api/calendars', lunchBreak('Consult'))).toBe(403);
    expect(await status('Technicien', 'GET', '/api/contracts')).toBe(403);
    expect(await status('Technicien', 'GET', '/api/calendars')).toBe(403);
    expect(await status('Responsable', 'POST', '/api/calendars', lunchBreak('Resp'))).toBe(201);
  });
});
