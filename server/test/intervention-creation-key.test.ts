import { DRAFT_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createEquipment, createUser } from './helpers/factories.ts';

/**
 * Issue 32: an intervention created offline is a draft on the phone, sent when the network is back with an
 * `Idempotency-Key`; a draft sent twice (an answer lost, the phone retrying) creates one intervention.
 */
let t: TestApp;
let tech: string;
let other: string;
let equipementId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const a = await createUser(db, { nom: 'Hamza Technicien' });
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
