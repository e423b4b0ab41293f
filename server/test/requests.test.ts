import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUEST_MESSAGES } from '@gmao/domain/requests/request-schemas';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import * as requests from '../src/modules/requests/requests.service.ts';
import { localDiskStorage } from '../src/storage/file-storage.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createEquipment, createIntervention, createRole, createUser } from './helpers/factories.ts';
import { ELF, PNG } from './helpers/sample-files.ts';

/** Requests by QR code (issue 33): the link, the public form, its throttles and the inbox's decisions. */
let t: TestApp;
let admin: string;
let dataDir: string;
const THROTTLE = { perAddress: 5, perEquipment: 1000, global: 100_000, windowSeconds: 600, baseDelaySeconds: 60 };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gmao-requests-'));
  t = await createTestApp({
    deps: { storage: localDiskStorage(join(dataDir, 'uploads')), requestThrottle: THROTTLE },
  });
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const BOUNDARY = '----gmaorequestboundary';
type Photo = { name: string; type: string; bytes: Buffer };
function form(fields: Record<string, string>, photos: Photo[] = []) {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const p of photos) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="${p.name}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}
const FIELDS = { description: 'Le groupe électrogène ne démarre plus', nom: 'Karim Tazi', telephone: '06 12 34 56 78' };
let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const file = (
  app: FastifyInstance,
  token: string,
  fields = FIELDS as Record<string, string>,
  photos: Photo[] = [],
  ip = freshIp(),
) =>
  app.inject({
    method: 'POST',
    url: `/api/public/requests/${token}`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: form(fields, photos),
    remoteAddress: ip,
  });

async function linkOf(equipementId: number) {
  const res = await t.as(admin, { method: 'GET', url: `/api/equipment/${equipementId}/request-link` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { token: string; url: string };
}
const requestsOf = async (equipementId: number) =>
  (
    await t.database.db.execute<{ id: number; statut: string }>(
      sql`SELECT id, statut FROM intervention_requests WHERE equipement_id = ${equipementId} ORDER BY id`,
    )
  ).rows;
const storedPhotos = async () => readdir(join(dataDir, 'uploads', 'requests')).catch(() => [] as string[]);

describe('request link', () => {
  it('is stable, encodes APP_URL/r/{token}, and a rotated token answers the plain 404', async () => {
    const e = await createEquipment(t.database.db, { nom: 'Groupe électrogène GE-2' });
    const first = await linkOf(e.id);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.url).toMatch(new RegExp(`/r/${first.token}$`));
    expect((await linkOf(e.id)).token).toBe(first.token);

    const page = await t.app.inject({ method: 'GET', url: `/api/public/requests/${first.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toEqual({
      equipement: 'Groupe électrogène GE-2',
      entreprise: expect.any(String),
      logo_url: null,
    });

    const rotated = await t.as(admin, { method: 'POST', url: `/api/equipment/${e.id}/request-link/rotate` });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json().data.token;
    expect(next).not.toBe(first.token);
    for (const res of [
      await t.app.inject({ method: 'GET', url: `/api/public/requests/${first.token}` }),
      await file(t.app, first.token),
      await t.app.inject({ method: 'GET', url: '/api/public/requests/inconnu' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: REQUEST_MESSAGES.linkNotFound, code: 'NOT_FOUND' });
    }
    expect(await requestsOf(e.id)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/requests/${next}` })).statusCode).toBe(200);
  });
});

describe('public form', () => {
  it('files a request with a photo; accepting it makes an intervention carrying the description, requester and photo', async () => {
    const e = await createEquipment(t.database.db);
    const { token } = await linkOf(e.id);
    const res = await file(t.app, token, { ...FIELDS, email: 'karim.tazi@example.ma' }, [
      { name: 'panne.png', type: 'image/png', bytes: PNG },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(REQUEST_MESSAGES.filed);
    const [req] = await requestsOf(e.id);
    expect(req.statut).toBe('NOUVELLE');

    const inbox = await t.as(admin, { method: 'GET', url: '/api/requests?statut=NOUVELLE&limit=100' });
    expect(inbox.statusCode).toBe(200);
    const listed = inbox.json().data.find((r: { id: number }) => r.id === req.id);
    expect(listed).toMatchObject({
      source: 'QR',
      nom: 'Karim Tazi',
      email: 'karim.tazi@example.ma',
      equipement: { id: e.id },
      photos: [{ filename: 'panne.png', mimeType: 'image/png', sizeBytes: PNG.length }],
    });
    const photo = await t.as(admin, { method: 'GET', url: `/api/requests/${req.id}/photos/${listed.photos[0].id}` });
    expect(photo.rawPayload.equals(PNG)).toBe(true);

    const accepted = await t.as(admin, { method: 'POST', url: `/api/requests/${req.id}/accept` });
    expect(accepted.statusCode).toBe(200);
    const interventionId = accepted.json().data.intervention_id;
    const intervention = await t.as(admin, { method: 'GET', url: `/api/interventions/${interventionId}` });
    expect(intervention.json().data.description).toContain(FIELDS.description);
    expect(intervention.json().data.description).toContain('Karim Tazi, 06 12 34 56 78, karim.tazi@example.ma');
    expect(intervention.json().data.statut).toBe('PLANIFIEE');
    const atts = await t.as(admin, { method: 'GET', url: `/api/interventions/${interventionId}/attachments` });
    expect(atts.json().data).toHaveLength(1);
    const dl = await t.as(admin, {
      method: 'GET',
      url: `/api/interventions/${interventionId}/attachments/${atts.json().data[0].id}/download`,
    });
    expect(dl.rawPayload.equals(PNG)).toBe(true);

    const after = await t.as(admin, { method: 'GET', url: `/api/requests/${req.id}` });
    expect(after.json().data).toMatchObject({ statut: 'ACCEPTEE', intervention_id: interventionId });
    const again = await t.as(admin, { method: 'POST', url: `/api/requests/${req.id}/accept` });
    expect(again.statusCode).toBe(409);
    const audit = await t.database.db.execute(
      sql`SELECT action FROM audit_log WHERE entity_type = 'request' AND entity_id = ${String(req.id)} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['request.create', 'request.accept']);
  });

  it('refuses an oversize or non-image photo, and more than three, storing nothing', async () => {
    const e = await createEquipment(t.database.db);
    const { token } = await linkOf(e.id);
    const before = await storedPhotos();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const cases: [Photo[], number][] = [
      [[{ name: 'grand.png', type: 'image/png', bytes: big }], 413],
      [[{ name: 'photo.png', type: 'image/png', bytes: ELF }], 415],
      [
        [
          { name: 'ok.png', type: 'image/png', bytes: PNG },
          { name: 'x.jpg', type: 'image/jpeg', bytes: ELF },
        ],
        415,
      ],
      [Array.from({ length: 4 }, (_, i) => ({ name: `p${i}.png`, type: 'image/png', bytes: PNG })), 400],
    ];
    for (const [photos, status] of cases) {
      const res = await file(t.app, token, FIELDS, photos);
      expect(res.statusCode).toBe(status);
      expect(res.json().success).toBe(false);
    }
    expect(await requestsOf(e.id)).toEqual([]);
    expect(await storedPhotos()).toEqual(before);
  });

  it('takes photos up to the cap (a 4 MB image is not cut by the JSON body limit)', async () => {
    const e = await createEquipment(t.database.db);
    const { token } = await linkOf(e.id);
    const large = Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]);
    const res = await file(t.app, token, FIELDS, [
      { name: 'a.png', type: 'image/png', bytes: large },
      { name: 'b.png', type: 'image/png', bytes: PNG },
      { name: 'c.png', type: 'image/png', bytes: PNG },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [r] = await requestsOf(e.id);
    const detail = (await t.as(admin, { method: 'GET', url: `/api/requests/${r.id}` })).json().data;
    expect(detail.photos.map((p: { sizeBytes: number }) => p.sizeBytes)).toEqual([
      large.length,
      PNG.length,
      PNG.length,
    ]);
  });

  it('validates the fields in French (Moroccan phone number, e-mail) and stores nothing', async () => {
    const e = await createEquipment(t.database.db);
    const { token } = await linkOf(e.id);
    const bad = await file(t.app, token, { ...FIELDS, telephone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'telephone', msg: REQUEST_MESSAGES.telephoneInvalid }]);
    const mail = await file(t.app, token, { ...FIELDS, email: 'pas-un-mail' });
    expect(mail.json().details).toEqual([{ field: 'email', msg: REQUEST_MESSAGES.emailInvalid }]);
    const crowded = await file(t.app, token, {
      ...FIELDS,
      ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`x${i}`, 'y'])),
    });
    expect(crowded.statusCode).toBe(400);
    expect(crowded.json().message).toBe(REQUEST_MESSAGES.formRefused);
    // A field named like an object's own property is refused by the multipart parser, in French.
    const proto = await file(t.app, token, { constructor: 'x', ...FIELDS });
    expect(proto.statusCode).toBe(400);
    expect(proto.json().message).toBe(REQUEST_MESSAGES.formRefused);
    const json = await t.app.inject({ method: 'POST', url: `/api/public/requests/${token}`, payload: FIELDS });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(REQUEST_MESSAGES.notMultipart);
    const empty = await file(t.app, token, { nom: 'A', telephone: '+212 6 12 34 56 78' });
    expect(empty.json().details).toEqual([{ field: 'description', msg: REQUEST_MESSAGES.descriptionRequired }]);
    expect((await file(t.app, token, { ...FIELDS, telephone: '+212 5 22 33 44 55' })).statusCode).toBe(201);
    expect(await requestsOf(e.id)).toHaveLength(1);
  });

  it('answers a filled honeypot as a success and keeps nothing', async () => {
    const e = await createEquipment(t.database.db);
    const { token } = await linkOf(e.id);
    const res = await file(t.app, token, { ...FIELDS, site_web: 'http://spam.example' }, [
      { name: 'a.png', type: 'image/png', bytes: PNG },
    ]);
    expect(res.statusCode).toBe(201);
    expect(await requestsOf(e.id)).toEqual([]);
  });

  it('throttles 50 requests a minute from one address; every request let in is stored', async () => {
    const e = await createEquipment(t.database.db);
    const { token } = await linkOf(e.id);
    const ip = '10.9.9.9';
    const answers = await Promise.all(Array.from({ length: 50 }, () => file(t.app, token, FIELDS, [], ip)));
    const codes = answers.map((a) => a.statusCode);
    const created = codes.filter((c) => c === 201).length;
    expect(created).toBe(THROTTLE.perAddress);
    expect(codes.filter((c) => c === 429).length).toBe(50 - created);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toBe(REQUEST_MESSAGES.throttled);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await requestsOf(e.id)).toHaveLength(created);
    // Another address is not held back by it.
    expect((await file(t.app, token, FIELDS, [], '10.9.9.10')).statusCode).toBe(201);
    // Counted apart from the logins' counters, whose clean-up (a shorter window) never forgets them.
    const { rows: counters } = await t.database.db.execute<{ key: string; failures: number }>(
      sql`SELECT key, failures FROM request_throttle WHERE key = ${`request-ip:${ip}`}`,
    );
    expect(counters).toEqual([{ key: `request-ip:${ip}`, failures: THROTTLE.perAddress }]);
    const { rows: mixed } = await t.database.db.execute(sql`SELECT 1 FROM auth_throttle WHERE key LIKE 'request%'`);
    expect(mixed).toEqual([]);
  });

  it('holds the address limit across two instances on the same database', async () => {
    const url = (t.database.pool.options as { connectionString: string }).connectionString;
    const database: Database = openDatabase(url, { max: 3 });
    const second = await buildApp({
      database,
      jwtSecret: randomBytes(32).toString('hex'),
      logLevel: 'silent',
      storage: localDiskStorage(join(dataDir, 'uploads')),
      requestThrottle: THROTTLE,
    });
    await second.ready();
    try {
      const e = await createEquipment(t.database.db);
      const { token } = await linkOf(e.id);
      const ip = '10.8.8.8';
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => file(i % 2 === 0 ? t.app : second, token, FIELDS, [], ip)),
      );
      const created = answers.filter((a) => a.statusCode === 201).length;
      expect(created).toBe(THROTTLE.perAddress);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(12 - created);
      expect(await requestsOf(e.id)).toHaveLength(created);
    } finally {
      await second.close();
      await database.close();
    }
  });
});

describe('inbox decisions', () => {
  async function newRequest(email?: string) {
    const e = await createEquipment(t.database.db);
    const { token } = await linkOf(e.id);
    const res = await file(t.app, token, { ...FIELDS, ...(email ? { email } : {}) }, [
      { name: 'p.png', type: 'image/png', bytes: PNG },
    ]);
    expect(res.statusCode).toBe(201);
    const [r] = await requestsOf(e.id);
    return { id: r.id, equipementId: e.id };
  }

  it('declines with a reason, e-mails the requester, and refuses a second decision', async () => {
    await t.as(admin, {
      method: 'PUT',
      url: '/api/mail/settings',
      payload: { host: '127.0.0.1', port: 2525, secure: false, from: 'GMAO <gmao@example.ma>' },
    });
    const r = await newRequest('demandeur@example.ma');
    const empty = await t.as(admin, { method: 'POST', url: `/api/requests/${r.id}/decline`, payload: { motif: ' ' } });
    expect(empty.statusCode).toBe(400);
    const res = await t.as(admin, {
      method: 'POST',
      url: `/api/requests/${r.id}/decline`,
      payload: { motif: 'Équipement hors contrat' },
    });
    expect(res.statusCode).toBe(200);
    const after = (await t.as(admin, { method: 'GET', url: `/api/requests/${r.id}` })).json().data;
    expect(after).toMatchObject({
      statut: 'REFUSEE',
      motif: 'Équipement hors contrat',
      decided_by: { id: expect.any(Number) },
    });
    const mails = await t.database.db.execute<{ to: string; text: string }>(
      sql`SELECT data->>'to' AS to, data->>'text' AS text FROM jobs WHERE name = 'mail.send' AND data->>'to' = 'demandeur@example.ma'`,
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0].text).toContain('Équipement hors contrat');
    const twice = await t.as(admin, { method: 'POST', url: `/api/requests/${r.id}/accept` });
    expect(twice.statusCode).toBe(409);
  });

  it('merges into an open intervention of the same equipment only, with the photos', async () => {
    const r = await newRequest();
    const other = await createIntervention(t.database.db);
    const closed = await createIntervention(t.database.db, { equipementId: r.equipementId, statut: 'TERMINEE' });
    for (const target of [other.id, closed.id]) {
      const res = await t.as(admin, {
        method: 'POST',
        url: `/api/requests/${r.id}/merge`,
        payload: { intervention_id: target },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(REQUEST_MESSAGES.mergeTargetInvalid);
    }
    const open = await createIntervention(t.database.db, { equipementId: r.equipementId });
    const res = await t.as(admin, {
      method: 'POST',
      url: `/api/requests/${r.id}/merge`,
      payload: { intervention_id: open.id },
    });
    expect(res.statusCode).toBe(200);
    const atts = await t.as(admin, { method: 'GET', url: `/api/interventions/${open.id}/attachments` });
    expect(atts.json().data).toHaveLength(1);
    const comments = await t.as(admin, { method: 'GET', url: `/api/interventions/${open.id}/comments` });
    expect(comments.json().data.map((c: { comment: string }) => c.comment)).toEqual([
      expect.stringContaining(`Demande d'intervention n° ${r.id} rattachée`),
    ]);
    expect(comments.json().data[0].comment).toContain('Karim Tazi, 06 12 34 56 78');
    const after = (await t.as(admin, { method: 'GET', url: `/api/requests/${r.id}` })).json().data;
    expect(after).toMatchObject({ statut: 'FUSIONNEE', intervention_id: open.id });
  });

  it('notifies the holders of requests:manage of a new request, and lists with search and paging', async () => {
    const role = await createRole(t.database.db, `Gestion demandes ${randomBytes(2).toString('hex')}`, [
      'requests:manage',
    ]);
    const manager = await createUser(t.database.db, { nom: 'Salma Idrissi' });
    await t.database.db.execute(sql`UPDATE users SET role_id = ${role.id} WHERE id = ${manager.id}`);
    const e = await createEquipment(t.database.db, { nom: 'Compresseur Atlas Copco GA-37 unique' });
    const { token } = await linkOf(e.id);
    expect((await file(t.app, token)).statusCode).toBe(201);
    const n = await t.database.db.execute(
      sql`SELECT title FROM notifications WHERE user_id = ${manager.id} AND event = 'request_new'`,
    );
    expect(n.rows).toHaveLength(1);
    const found = await t.as(admin, { method: 'GET', url: '/api/requests?search=atlas copco ga-37 unique' });
    expect(found.json().data.map((r: { equipement: { id: number } }) => r.equipement.id)).toEqual([e.id]);
    const page = await t.as(admin, { method: 'GET', url: '/api/requests?limit=2&page=1' });
    expect(page.json().data).toHaveLength(2);
    expect(page.json().pagination.total).toBeGreaterThan(2);
  });

  it("starts the contract's clocks at the request's time, not at the acceptance", async () => {
    const { rows: cal } = await t.database.db.execute<{ id: number }>(
      sql`SELECT id FROM business_calendars WHERE nom = 'Astreinte 24/7'`,
    );
    const e = await createEquipment(t.database.db);
    const shift = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const contract = await t.as(admin, {
      method: 'POST',
      url: '/api/contracts',
      payload: {
        client_id: e.proprietaireId,
        numero: `DEM-${e.id}`,
        type: 'COMPLET',
        date_debut: shift(-10),
        date_fin: shift(300),
        reconduction_tacite: false,
        equipement_ids: [e.id],
        calendrier_id: cal[0].id,
        montant_annuel_ht: '1000.00',
        garanties: [{ urgence: false, cible: 'RETABLISSEMENT', minutes: 2400 }],
        statuts_pause: [],
      },
    });
    expect(contract.statusCode, contract.body).toBe(201);
    const { token } = await linkOf(e.id);
    expect((await file(t.app, token)).statusCode).toBe(201);
    const [r] = await requestsOf(e.id);
    const filedAt = new Date(Date.now() - 3 * 3_600_000);
    await t.database.db.execute(
      sql`UPDATE intervention_requests SET created_at = ${filedAt.toISOString()} WHERE id = ${r.id}`,
    );
    const accepted = await t.as(admin, { method: 'POST', url: `/api/requests/${r.id}/accept` });
    const { rows } = await t.database.db.execute<{ demarre_le: Date; echeance: Date }>(
      sql`SELECT demarre_le, echeance FROM intervention_sla WHERE intervention_id = ${accepted.json().data.intervention_id}`,
    );
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].demarre_le).getTime()).toBe(filedAt.getTime());
    expect(new Date(rows[0].echeance).getTime()).toBe(filedAt.getTime() + 2400 * 60_000);
  });

  it("files a portal user's request through the exported service (source PORTAIL) and lists it for him and his client", async () => {
    const e = await createEquipment(t.database.db);
    const storage = localDiskStorage(join(dataDir, 'uploads'));
    const id = await requests.fileRequest(t.database.db, storage, {
      source: 'PORTAIL',
      equipementId: e.id,
      portalUserId: 4242,
      form: { description: 'Climatiseur en panne', nom: 'Client Portail', telephone: '0522334455', email: null },
      photos: [{ filename: 'clim.png', bytes: PNG, truncated: false }],
    });
    const q = { page: 1, limit: 10 };
    const mine = await requests.listPortalUserRequests(t.database.db, 4242, q);
    expect(mine.data.map((r) => [r.id, r.source, r.photos])).toEqual([[id, 'PORTAIL', 1]]);
    // The portal's own shape: exactly the fields a client may see.
    expect(Object.keys(mine.data[0]!).sort()).toEqual(
      [
        'created_at',
        'decided_at',
        'description',
        'equipement',
        'id',
        'intervention_id',
        'motif',
        'nom',
        'photos',
        'source',
        'statut',
      ].sort(),
    );
    expect((await requests.listPortalUserRequests(t.database.db, 4243, q)).data).toEqual([]);
    const client = await requests.listClientRequests(t.database.db, { kind: 'client', clientId: e.proprietaireId }, q);
    expect(client.data.map((r) => r.id)).toEqual([id]);
    await expect(
      requests.fileRequest(t.database.db, storage, {
        source: 'PORTAIL',
        equipementId: e.id,
        form: { description: 'x', nom: 'y', telephone: '0522334455', email: null },
        photos: [{ filename: 'x.png', bytes: ELF, truncated: false }],
      }),
    ).rejects.toMatchObject({ statusCode: 415 });
  });
});
