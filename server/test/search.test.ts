import { CLIENT_MESSAGES } from '@gmao/domain/clients/client-constants';
import { SEARCH_GROUP_LIMIT, SEARCH_MESSAGES } from '@gmao/domain/search/search-schemas';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RECENT_WINDOW } from '../src/modules/search/search.repository.ts';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createClient, createEquipment, createIntervention, createRole, createUser } from './helpers/factories.ts';

const t = useAdminTestApp();
const run = `${Date.now().toString(36)}`;
let client: { id: number };
let equipment: { id: number };
let intervention: { id: number };
let trashed: { id: number };
beforeAll(async () => {
  client = await createClient(t.database.db, { nomEntreprise: `Sucrerie Cosumar Kénitra ${run}`, ville: 'Kénitra' });
  await t.database.db.execute(sql`UPDATE clients SET ice = '001525874000088' WHERE id = ${client.id}`);
  equipment = await createEquipment(t.database.db, {
    proprietaireId: client.id,
    nom: `Groupe électrogène Caterpillar ${run}`,
    marque: 'Caterpillar',
    modele: 'C18',
    numeroSerie: `SN-CAT-${run}`,
  });
  intervention = await createIntervention(t.database.db, {
    equipementId: equipment.id,
    description: `Fuite d'huile côté alternateur ${run}`,
  });
  trashed = await createIntervention(t.database.db, { equipementId: equipment.id, description: `Archivée ${run}` });
  await t.database.db.execute(sql`UPDATE interventions SET deleted_at = now() WHERE id = ${trashed.id}`);
});

const search = (q: string, token?: string) =>
  token
    ? t.as(token, { method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` })
    : t.asAdmin('GET', `/api/search?q=${encodeURIComponent(q)}`);

describe('GET /api/search', () => {
  it('finds equipment, clients and interventions whatever the accents and the case', async () => {
    const res = await search(`ELECTROGENE CATERPILLAR ${run}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.equipment.map((e: { id: number }) => e.id)).toEqual([equipment.id]);
    expect(res.json().data.equipment[0]).toMatchObject({
      marque: 'Caterpillar',
      client: expect.stringContaining('Cosumar'),
    });

    const kenitra = await search(`kenitra ${run}`);
    expect(kenitra.json().data.clients.map((c: { id: number }) => c.id)).toEqual([client.id]);
    const cote = await search(`COTE ALTERNATEUR ${run}`);
    expect(cote.json().data.interventions.map((i: { id: number }) => i.id)).toEqual([intervention.id]);
  });

  it('matches a serial number, an ICE and an intervention number; never a trashed intervention', async () => {
    expect((await search(`sn-cat-${run}`)).json().data.equipment[0]?.id).toBe(equipment.id);
    expect((await search('001525874000088')).json().data.clients.map((c: { id: number }) => c.id)).toContain(client.id);
    const byNumber = await search(`#${intervention.id}`);
    expect(byNumber.json().data.interventions[0]?.id).toBe(intervention.id);
    expect((await search(`Archivée ${run}`)).json().data.interventions).toEqual([]);
    expect((await search(`#${trashed.id}`)).json().data.interventions).toEqual([]);
  });

  it('gives only the groups the user may read, and refuses a one-letter query', async () => {
    await createRole(t.database.db, `Lecteur interventions ${run}`, ['interventions:read']);
    const reader = await createUser(t.database.db, { role: `Lecteur interventions ${run}` });
    const { token } = await t.login(reader.username, reader.password);
    const res = await search(`Caterpillar ${run}`, token);
    expect(res.json().data.equipment).toEqual([]);
    expect(res.json().data.clients).toEqual([]);
    const mine = await search(`alternateur ${run}`, token);
    expect(mine.json().data.interventions).toHaveLength(1);

    const short = await search('a');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(SEARCH_MESSAGES.tooShort);
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=abc' })).statusCode).toBe(401);
  });

  it('a wildcard in the query is matched literally', async () => {
    expect((await search('%%')).json().data.clients).toEqual([]);
  });
});

describe('client ICE', () => {
  it('is 15 digits (spaces removed), stored and returned; anything else is a 400 with the domain message', async () => {
    const ok = await t.asAdmin('POST', '/api/clients', {
      nom_entreprise: `Renault Tanger ${run}`,
      ice: '002 345 678 000 099',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.ice).toBe('002345678000099');
    const bad = await t.asAdmin('POST', '/api/clients', { nom_entreprise: `Mauvais ICE ${run}`, ice: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CLIENT_MESSAGES.iceInvalid);
  });
});

describe("the interventions list's search (the same folded text and indexes as the top bar)", () => {
  const list = async (q: string) =>
    (await t.asAdmin('GET', `/api/interventions?search=${encodeURIComponent(q)}&limit=50`)).json().data as {
      id: number;
    }[];

  it("ignores accents and case, and reaches the equipment's serial number and the client's city", async () => {
    for (const q of [`FUITE D'HUILE COTE ALTERNATEUR ${run}`, `sn-cat-${run}`, `sucrerie cosumar kenitra ${run}`]) {
      expect((await list(q)).map((r) => r.id)).toEqual([intervention.id]);
    }
    expect(await list(`introuvable ${run}`)).toEqual([]);
  });

  it('takes full-width ％ ＿ ＼ literally: folding makes them ASCII, and LIKE wildcards are escaped after it', async () => {
    const percent = await createEquipment(t.database.db, { proprietaireId: client.id, nom: `Vanne 50% ${run}` });
    const i = await createIntervention(t.database.db, { equipementId: percent.id, description: `Vanne ${run}` });
    expect((await list(`50％ ${run}`)).map((r) => r.id)).toEqual([i.id]);
    expect((await search(`50％ ${run}`)).json().data.equipment.map((e: { id: number }) => e.id)).toEqual([percent.id]);
    for (const q of [`Caterpillar％${run}`, `Caterpillar＿${run}`, `Caterpillar＼${run}`, `Caterpillar ％ ${run}`]) {
      expect(await list(q), q).toEqual([]);
      expect((await search(q)).json().data.equipment, q).toEqual([]);
    }
  });

  it('can be answered from the trigram indexes, never only by scanning the join (EXPLAIN)', async () => {
    const { whereOf } = await import('../src/modules/interventions/list.repository.ts');
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN SELECT i.id FROM interventions i
        JOIN equipements e ON e.id = i.equipement_id JOIN clients c ON c.id = i.client_id
        WHERE ${whereOf({ scope: 'active', search: 'alternateur' })}`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    const { rows: trgm } = await t.database.db.execute(sql`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
    if (trgm.length === 0) return; // without pg_trgm the migration builds no trigram index (and says so)
    expect(plan).toContain('interventions_description_fold_trgm_idx');
    expect(plan).toContain('equipements_fold_trgm_idx');
    expect(plan).toContain('clients_fold_trgm_idx');
  });
});

// Last in the file: it adds thousands of rows, which would change the plans and the matches of the tests above.
describe('the top bar on a long history', () => {
  it('a frequent word gives the newest matches; a rare one is found however old, beyond the newest searched first', async () => {
    const owner = await createClient(t.database.db, { nomEntreprise: `Brasserie de Tanger ${run}` });
    const machine = await createEquipment(t.database.db, { proprietaireId: owner.id, nom: `Compresseur ${run}` });
    const old = await createIntervention(t.database.db, {
      equipementId: machine.id,
      date: '2019-03-01',
      description: `Thermographie du TGBT ${run} rarissime`,
    });
    // more than RECENT_WINDOW newer interventions, all holding the frequent word
    await t.database.db.execute(sql`
      INSERT INTO interventions (equipement_id, client_id, date, description, statut)
      SELECT ${machine.id}, ${owner.id}, current_date - (g % 300), 'Révision fréquente ${sql.raw(run)} n° ' || g, 'PLANIFIEE'
      FROM generate_series(1, ${RECENT_WINDOW + 100}) g`);
    const rare = (await search(`${run} rarissime`)).json().data.interventions as { id: number }[];
    expect(rare.map((i) => i.id)).toEqual([old.id]);
    const frequent = (await search(`REVISION FREQUENTE ${run}`)).json().data.interventions as { date: string }[];
    expect(frequent).toHaveLength(SEARCH_GROUP_LIMIT);
    const newest = await t.database.db.execute<{ d: string }>(
      sql`SELECT max(date)::text AS d FROM interventions WHERE description LIKE ${`Révision fréquente ${run}%`}`,
    );
    expect(frequent[0]?.date).toBe(newest.rows[0]?.d);
  });
});
