import { CLIENT_MESSAGES, SECTEURS_ACTIVITE } from '@gmao/domain/clients/client-constants';
import { MUTATION_MESSAGES, SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createClient, createEquipment, createIntervention, createRole, createUser } from './helpers/factories.ts';

const t = useAdminTestApp();

const tag = `T${Date.now().toString(36)}`;
const get = (url: string, token = t.admin) => t.as(token, { method: 'GET', url });

describe('POST/PUT/GET /api/clients', () => {
  it('creates a client with every field, returns it with counts and creator, and updates it', async () => {
    const payload = {
      nom_entreprise: `${tag} Atlas Textiles SARL`,
      secteur_activite: 'Textile',
      adresse: 'Zone Industrielle Sidi Bernoussi',
      ville: 'Casablanca',
      codePostal: '20250',
      tel: '+212522123456',
      fax: '',
      email: 'contact@atlas.ma',
      siteWeb: 'https://atlas.ma',
      contact_principal: 'Nadia Berrada',
      poste_contact: 'Directrice technique',
      telephone_contact: '0612345678',
      email_contact: 'nadia@atlas.ma',
      registre_commerce: 'RC CAS 12345',
      forme_juridique: 'SARL',
    };
    const res = await t.as(t.admin, { method: 'POST', url: '/api/clients', payload });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MUTATION_MESSAGES.clientCreate.success);
    expect(body.data).toMatchObject({ ...payload, fax: null, equipmentCount: 0, interventionCount: 0 });
    expect(body.data.creerPar).toMatchObject({ nom: expect.any(String) });
    expect(Date.parse(body.data.createdAt)).not.toBeNaN();

    const id = body.data.id;
    const put = await t.as(t.admin, {
      method: 'PUT',
      url: `/api/clients/${id}`,
      payload: { ...payload, ville: 'Rabat', forme_juridique: 'SA' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().message).toBe(MUTATION_MESSAGES.clientUpdate.success);
    const one = await get(`/api/clients/${id}`);
    expect(one.json().data).toMatchObject({ ville: 'Rabat', forme_juridique: 'SA' });
  });

  it('validates with the spec messages', async () => {
    const res = await t.as(t.admin, {
      method: 'POST',
      url: '/api/clients',
      payload: { nom_entreprise: '  ', email: 'pas-un-email', email_contact: 'x@y', forme_juridique: 'GIE' },
    });
    expect(res.statusCode).toBe(400);
    const msgs = res.json().details.map((d: { msg: string }) => d.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([
        CLIENT_MESSAGES.nomEntrepriseRequired,
        CLIENT_MESSAGES.emailInvalid,
        CLIENT_MESSAGES.emailContactInvalid,
      ]),
    );
  });

  it('answers 404 for an unknown client', async () => {
    expect((await get('/api/clients/999999')).statusCode).toBe(404);
    const put = await t.as(t.admin, { method: 'PUT', url: '/api/clients/999999', payload: { nom_entreprise: 'X' } });
    expect(put.statusCode).toBe(404);
  });
});

describe('GET /api/clients (list)', () => {
  it('searches company, city, contact and email, filters by sector, pages and counts in SQL', async () => {
    const db = t.database.db;
    const a = await createClient(db, { nomEntreprise: `${tag}-L Alpha`, ville: 'Tanger', secteurActivite: 'Chimie' });
    const b = await createClient(db, { nomEntreprise: `${tag}-L Bravo`, contactPrincipal: 'Zineb Qorchi' });
    const c = await createClient(db, { nomEntreprise: `${tag}-L Charlie`, email: 'info@charlie-qx.ma' });
    const eq = await createEquipment(db, { proprietaireId: a.id });
    await createEquipment(db, { proprietaireId: a.id });
    await createIntervention(db, { equipementId: eq.id });

    const all = await get(`/api/clients?search=${encodeURIComponent(`${tag}-L`)}&limit=2`);
    expect(all.json().pagination).toEqual({ total: 3, pages: 2, page: 1, limit: 2 });
    expect(all.json().data.map((r: { id: number }) => r.id)).toEqual([a.id, b.id]);
    expect(all.json().data[0]).toMatchObject({ equipmentCount: 2, interventionCount: 1 });
    const page2 = await get(`/api/clients?search=${encodeURIComponent(`${tag}-L`)}&limit=2&page=2`);
    expect(page2.json().data.map((r: { id: number }) => r.id)).toEqual([c.id]);

    const ids = async (q: string) => (await get(`/api/clients?${q}`)).json().data.map((r: { id: number }) => r.id);
    expect(await ids('search=tanger')).toContain(a.id);
    expect(await ids('search=ZINEB')).toEqual([b.id]);
    expect(await ids('search=charlie-qx.ma')).toEqual([c.id]);
    expect(await ids(`search=${tag}&secteur_activite=Chimie`)).toEqual([a.id]);
    expect(await ids('search=%25%25%25')).toEqual([]); // LIKE wildcards are literal
  });

  it('has trigram indexes for the substring searches (migration 0002)', async () => {
    const { rows } = await t.database.pool.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE indexname LIKE '%trgm_idx' ORDER BY indexname",
    );
    expect(rows.map((r) => r.indexname)).toEqual(
      expect.arrayContaining(['clients_nom_trgm_idx', 'clients_search_trgm_idx', 'equipements_search_trgm_idx']),
    );
  });

  it('accepts limit 1000 for dropdowns and refuses more', async () => {
    expect((await get('/api/clients?limit=1000')).statusCode).toBe(200);
    expect((await get('/api/clients?limit=1001')).statusCode).toBe(400);
  });

  it('lists the sectors in use plus the fixed list', async () => {
    await createClient(t.database.db, { secteurActivite: 'Aéronautique' });
    const res = await get('/api/clients/sectors');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(expect.arrayContaining([...SECTEURS_ACTIVITE, 'Aéronautique']));
  });
});

describe('DELETE /api/clients/:id', () => {
  it('refuses a client that owns equipment with the count, then deletes it once empty', async () => {
    const db = t.database.db;
    const client = await createClient(db);
    const e1 = await createEquipment(db, { proprietaireId: client.id });
    const e2 = await createEquipment(db, { proprietaireId: client.id });
    const refused = await t.as(t.admin, { method: 'DELETE', url: `/api/clients/${client.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLIENT_MESSAGES.hasEquipment(2));
    expect(refused.json().message).toContain('2 équipements');

    for (const e of [e1, e2]) {
      expect((await t.as(t.admin, { method: 'DELETE', url: `/api/equipment/${e.id}` })).statusCode).toBe(200);
    }
    const ok = await t.as(t.admin, { method: 'DELETE', url: `/api/clients/${client.id}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MUTATION_MESSAGES.clientDelete.success);
    expect((await get(`/api/clients/${client.id}`)).statusCode).toBe(404);
    expect((await t.as(t.admin, { method: 'DELETE', url: `/api/clients/${client.id}` })).statusCode).toBe(404);
  });
});

describe('DELETE /api/clients/:id with history', () => {
  it('refuses a client whose former equipment left interventions on it', async () => {
    const db = t.database.db;
    const former = await createClient(db);
    const next = await createClient(db);
    const e = await createEquipment(db, { proprietaireId: former.id });
    await createIntervention(db, { equipementId: e.id });
    const moved = await t.as(t.admin, {
      method: 'PUT',
      url: `/api/equipment/${e.id}`,
      payload: { nom: e.nom, proprietaire_id: next.id },
    });
    expect(moved.statusCode).toBe(200);
    const refused = await t.as(t.admin, { method: 'DELETE', url: `/api/clients/${former.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLIENT_MESSAGES.hasInterventions(1));
  });
});

describe('permissions', () => {
  it('needs clients:* for each call', async () => {
    const noPerm = await createUser(t.database.db, { role: null });
    const { token } = await t.login(noPerm.username, noPerm.password);
    expect((await get('/api/clients', token)).statusCode).toBe(403);
    expect((await get('/api/clients/sectors', token)).statusCode).toBe(403);

    const role = await createRole(t.database.db, `${tag} lecteur`, ['clients:read']);
    const reader = await createUser(t.database.db, { role: role.nom });
    const readerToken = (await t.login(reader.username, reader.password)).token;
    expect((await get('/api/clients', readerToken)).statusCode).toBe(200);
    const client = await createClient(t.database.db);
    const denied = [
      await t.as(readerToken, { method: 'POST', url: '/api/clients', payload: { nom_entreprise: 'X' } }),
      await t.as(readerToken, { method: 'PUT', url: `/api/clients/${client.id}`, payload: { nom_entreprise: 'X' } }),
      await t.as(readerToken, { method: 'DELETE', url: `/api/clients/${client.id}` }),
    ];
    expect(denied.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    expect(denied[0].json().message).toContain(SERVER_MESSAGES.forbidden);
    expect((await t.app.inject({ method: 'GET', url: '/api/clients' })).statusCode).toBe(401);
  });
});
