import { PassThrough } from 'node:stream';
import { DRAFT_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createEquipment, createIntervention, createUser } from './helpers/factories.ts';
import { PNG } from './helpers/sample-files.ts';
import { memoryStorage, multipartBody } from './helpers/signature-files.ts';

/**
 * Issue 32: an intervention created offline is a draft on the phone, sent when the network is back with an
 * `Idempotency-Key`; a draft sent twice (an answer lost, the phone retrying) creates one intervention. The same for a
 * photo taken offline (POST /interventions/:id/attachments).
 */
let t: TestApp;
const memory = memoryStorage();
// The attachments' content check reads a byte stream (file-type), not the helper's object-mode one.
const storage: typeof memory = {
  ...memory,
  async open(key) {
    const bytes = memory.files.get(key);
    return bytes ? { stream: new PassThrough().end(bytes), size: bytes.length } : null;
  },
};
let tech: string;
let techId: number;
let other: string;
let equipementId: number;

beforeAll(async () => {
  t = await createTestApp({ deps: { storage } });
  const db = t.database.db;
  const a = await createUser(db, { nom: 'Hamza Technicien' });
  techId = a.id;
  tech = (await t.login(a.username, a.password)).token;
  const b = await createUser(db, { nom: 'Rachid Technicien' });
  other = (await t.login(b.username, b.password)).token;
  equipementId = (await createEquipment(db)).id;
});
afterAll(() => t.close());

const create = (token: string, description: string, key?: string, body: object = {}) =>
  t.as(token, {
    method: 'POST',
    url: '/api/interventions',
    headers: key === undefined ? {} : { 'idempotency-key': key },
    payload: { equipement_id: equipementId, date: '2026-11-28', description, ...body },
  });

const countOf = async (description: string) => {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM interventions WHERE description = ${description}`,
  );
  return rows[0]!.n;
};

describe('POST /interventions with an Idempotency-Key', () => {
  it('the first sending creates (201), the same key again answers the same intervention (200), once', async () => {
    const first = await create(tech, 'Brouillon poste 3', 'draft-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await create(tech, 'Brouillon poste 3', 'draft-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(again.json().message).toBe(DRAFT_MESSAGES.replayed);
    expect(await countOf('Brouillon poste 3')).toBe(1);
    // Without a key, each sending creates (the form online, as before).
    expect((await create(tech, 'Sans clé')).statusCode).toBe(201);
    expect((await create(tech, 'Sans clé')).statusCode).toBe(201);
    expect(await countOf('Sans clé')).toBe(2);
  });

  it('a key is the user’s own: another user’s same key creates his own intervention', async () => {
    const mine = await create(tech, 'Clé partagée', 'shared-key');
    const his = await create(other, 'Clé partagée', 'shared-key');
    expect(mine.statusCode).toBe(201);
    expect(his.statusCode).toBe(201);
    expect(his.json().data.id).not.toBe(mine.json().data.id);
  });

  it('two sendings at once create one intervention', async () => {
    const [a, b] = await Promise.all([
      create(tech, 'En même temps', 'race-1'),
      create(tech, 'En même temps', 'race-1'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(await countOf('En même temps')).toBe(1);
  });

  it('a refused creation does not use the key up; a malformed key is refused in French', async () => {
    const refused = await create(tech, 'Refusé puis corrigé', 'retry-after-400', { date: '2026-02-31' });
    expect(refused.statusCode).toBe(400);
    expect((await create(tech, 'Refusé puis corrigé', 'retry-after-400')).statusCode).toBe(201);
    expect(await countOf('Refusé puis corrigé')).toBe(1);

    const bad = await create(tech, 'Clé invalide', 'une clé avec espaces');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(DRAFT_MESSAGES.keyInvalid);
    expect(await countOf('Clé invalide')).toBe(0);
  });
});

describe('POST /interventions/:id/attachments with an Idempotency-Key', () => {
  const photo = (token: string, id: number, key?: string) => {
    const body = multipartBody({}, [{ field: 'file', filename: 'cellule.png', type: 'image/png', content: PNG }]);
    return t.as(token, {
      method: 'POST',
      url: `/api/interventions/${id}/attachments`,
      headers: { ...body.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: body.payload,
    });
  };
  const stored = (id: number) => [...storage.files.keys()].filter((k) => k.startsWith(`interventions/${id}/`));

  it('a photo sent again with the same key is answered (200), stored once; without a key each is stored', async () => {
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS', technicianId: techId });
    const first = await photo(tech, i.id, 'photo-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await photo(tech, i.id, 'photo-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(stored(i.id)).toHaveLength(1);
    const [a, b] = await Promise.all([photo(tech, i.id, 'photo-2'), photo(tech, i.id, 'photo-2')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(stored(i.id)).toHaveLength(2);
    const list = await t.as(tech, { method: 'GET', url: `/api/interventions/${i.id}/attachments` });
    expect(list.json().data).toHaveLength(2);
    expect((await photo(tech, i.id)).statusCode).toBe(201);
    expect((await photo(tech, i.id)).statusCode).toBe(201);
    expect(stored(i.id)).toHaveLength(4);
  });

  it('a key is the user’s own: another user’s same key stores his own photo; a malformed key in French', async () => {
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS', technicianId: techId });
    const mine = await photo(tech, i.id, 'photo-x');
    expect(mine.statusCode).toBe(201);
    const admin = await t.adminToken();
    const his = await photo(admin, i.id, 'photo-x');
    expect(his.statusCode).toBe(201);
    expect(his.json().data.id).not.toBe(mine.json().data.id);
    const bad = await photo(tech, i.id, 'clé invalide');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(DRAFT_MESSAGES.keyInvalid);
    expect(stored(i.id)).toHaveLength(2);
  });
});
