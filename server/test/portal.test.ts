import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  createClient,
  createEquipment,
  createIntervention,
  createPortalUser,
  createUser,
} from './helpers/factories.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { PNG } from './helpers/sample-files.ts';
import { memoryStorage, multipartBody, signaturePng } from './helpers/signature-files.ts';

/**
 * The client portal (issue 33): its accounts (invited or given a first password, removed, gone with their client),
 * the access rule (a portal session works only on /api/portal/*, the public and the account routes), and its reads
 * and requests — each one limited to the portal user's company.
 */
let t: TestApp;
let admin: string;
const storage = memoryStorage();

beforeAll(async () => {
  t = await createTestApp({ deps: { storage } });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const configureSmtp = () =>
  t.as(admin, {
    method: 'PUT',
    url: '/api/mail/settings',
    payload: { host: '127.0.0.1', port: 2525, secure: false, from: 'GMAO <gmao@example.ma>' },
  });

async function loginAs(username: string, password: string) {
  return (await t.login(username, password)).token;
}

describe('portal accounts (/api/clients/{id}/portal-users)', () => {
  it('creates an account with a first password to change, lists it, and its session reaches only the portal', async () => {
    const client = await createClient(t.database.db, { nomEntreprise: 'Ciments du Nord' });
    const created = await t.as(admin, {
      method: 'POST',
      url: `/api/clients/${client.id}/portal-users`,
      payload: { nom: 'Hamid Alaoui', username: 'h.alaoui', password: 'Portail-2026!x', droit: 'LECTURE' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      nom: 'Hamid Alaoui',
      username: 'h.alaoui',
      droit: 'LECTURE',
      en_attente: true,
      invitation_envoyee: false,
    });
    const list = await t.as(admin, { method: 'GET', url: `/api/clients/${client.id}/portal-users` });
    expect(list.json().data.map((u: { username: string }) => u.username)).toEqual(['h.alaoui']);
    // Not a member of the staff: the users screen does not list it.
    const staff = await t.as(admin, { method: 'GET', url: '/api/users?search=alaoui' });
    expect(staff.json().data).toEqual([]);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'h.alaoui', password: 'Portail-2026!x' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({
      clientId: client.id,
      portalDroit: 'LECTURE',
      mustChangePassword: true,
    });
    const token = login.json().data.token as string;
    // The password first (403 elsewhere), through the account's own route.
    expect((await t.as(token, { method: 'GET', url: '/api/portal/me' })).statusCode).toBe(403);
    const changed = await t.as(token, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { currentPassword: 'Portail-2026!x', newPassword: 'Nouveau-Portail-77' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().data.token as string;
    const me = await t.as(fresh, { method: 'GET', url: '/api/portal/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      nom: 'Hamid Alaoui',
      droit: 'LECTURE',
      entreprise: { id: client.id, nom: 'Ciments du Nord' },
    });
    for (const url of [
      '/api/clients',
      '/api/interventions',
      '/api/notifications',
      '/api/tokens',
      '/api/dashboard/stats',
    ]) {
      expect((await t.as(fresh, { method: 'GET', url })).statusCode, url).toBe(403);
    }
    expect((await t.as(fresh, { method: 'GET', url: '/api/auth/profile' })).statusCode).toBe(200);
  });

  it('invites by e-mail with a single-use link (the reset machinery), only when mail can carry it', async () => {
    const client = await createClient(t.database.db);
    const invite = { nom: 'Salma Idrissi', email: 'Salma@Client.ma', droit: 'DEMANDEUR' };
    const url = `/api/clients/${client.id}/portal-users`;
    const noMail = await t.as(admin, { method: 'POST', url, payload: invite });
    expect(noMail.statusCode).toBe(422);
    await configureSmtp();
    const res = await t.as(admin, { method: 'POST', url, payload: invite });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      username: 'salma@client.ma',
      email: 'salma@client.ma',
      invitation_envoyee: true,
      en_attente: true,
    });
    const { rows } = await t.database.db.execute<{ text: string }>(
      sql`SELECT data->>'text' AS text FROM jobs WHERE name = 'mail.send' AND data->>'to' = 'salma@client.ma'`,
    );
    expect(rows).toHaveLength(1);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(rows[0].text)?.[1];
    expect(token).toBeDefined();
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Mon-Portail-2026' },
    });
    expect(set.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Autre-Portail-2026' },
    });
    expect(again.statusCode).toBe(400);
    const session = await loginAs('salma@client.ma', 'Mon-Portail-2026');
    expect((await t.as(session, { method: 'GET', url: '/api/portal/me' })).json().data.droit).toBe('DEMANDEUR');
    // The same address twice → 409
    expect((await t.as(admin, { method: 'POST', url, payload: invite })).statusCode).toBe(409);
  });

  it('removing an account ends its sessions; deleting the client disables its accounts', async () => {
    const client = await createClient(t.database.db);
    const u = await createPortalUser(t.database.db, { clientId: client.id });
    const session = await loginAs(u.username, u.password);
    const del = await t.as(admin, { method: 'DELETE', url: `/api/clients/${client.id}/portal-users/${u.id}` });
    expect(del.statusCode).toBe(200);
    expect((await t.as(session, { method: 'GET', url: '/api/portal/me' })).statusCode).toBe(401);
    const relog = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: u.username, password: u.password },
    });
    expect(relog.statusCode).toBe(401);
    // another client's account id answers 404
    const other = await createPortalUser(t.database.db);
    expect(
      (await t.as(admin, { method: 'DELETE', url: `/api/clients/${client.id}/portal-users/${other.id}` })).statusCode,
    ).toBe(404);

    const v = await createPortalUser(t.database.db, { clientId: client.id });
    const live = await loginAs(v.username, v.password);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/clients/${client.id}` })).statusCode).toBe(200);
    expect((await t.as(live, { method: 'GET', url: '/api/portal/me' })).statusCode).toBe(401);
    const { rows } = await t.database.db.execute<{ enabled: boolean; deleted: boolean }>(
      sql`SELECT enabled, deleted_at IS NOT NULL AS deleted FROM users WHERE id = ${v.id}`,
    );
    expect(rows[0]).toEqual({ enabled: false, deleted: true });
  });

  it('needs clients:read to list and clients:update to invite or remove', async () => {
    const client = await createClient(t.database.db);
    const tech = await createUser(t.database.db, { role: 'Technicien' });
    const token = await loginAs(tech.username, tech.password);
    const url = `/api/clients/${client.id}/portal-users`;
    expect(
      (await t.as(token, { method: 'POST', url, payload: { nom: 'x', email: 'x@x.ma', droit: 'LECTURE' } })).statusCode,
    ).toBe(403);
    expect((await t.as(admin, { method: 'GET', url: '/api/clients/987654/portal-users' })).statusCode).toBe(404);
  });

  it('refuses the portal routes to internal users', async () => {
    expect((await t.as(admin, { method: 'GET', url: '/api/portal/me' })).statusCode).toBe(403);
    expect((await t.as(admin, { method: 'GET', url: '/api/portal/equipment' })).statusCode).toBe(403);
  });
});

describe('portal reads: only the company of the user', () => {
  async function company(name: string) {
    const client = await createClient(t.database.db, { nomEntreprise: name });
    const eq = await createEquipment(t.database.db, { proprietaireId: client.id, nom: `Groupe ${name}` });
    const planned = await createIntervention(t.database.db, {
      equipementId: eq.id,
      description: `Visite ${name}`,
      note: `NOTE INTERNE ${name}`,
    });
    const paused = await createIntervention(t.database.db, {
      equipementId: eq.id,
      statut: 'EN_PAUSE',
      description: `Pause ${name}`,
    });
    return { client, eq, planned, paused };
  }

  it('lists equipment and interventions of his company with public statuses, nothing internal', async () => {
    const a = await company('Alpha Textiles');
    const b = await company('Beta Phosphates');
    const u = await createPortalUser(t.database.db, { clientId: a.client.id });
    const token = await loginAs(u.username, u.password);

    const eq = await t.as(token, { method: 'GET', url: '/api/portal/equipment' });
    expect(eq.json().data.map((e: { id: number }) => e.id)).toEqual([a.eq.id]);
    expect(Object.keys(eq.json().data[0]).sort()).toEqual(['id', 'marque', 'modele', 'nom', 'numero_serie', 'type']);

    const list = await t.as(token, { method: 'GET', url: '/api/portal/interventions' });
    const rows = list.json().data as { id: number; statut: string }[];
    expect(rows.map((r) => r.id).sort()).toEqual([a.planned.id, a.paused.id].sort());
    expect(rows.find((r) => r.id === a.paused.id)?.statut).toBe('EN_COURS'); // the pause is internal
    expect(list.body).not.toContain('NOTE INTERNE');

    const detail = await t.as(token, { method: 'GET', url: `/api/portal/equipment/${a.eq.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.interventions).toHaveLength(2);
    expect(detail.json().data.prochaines_visites).toEqual([]);

    for (const url of [
      `/api/portal/equipment/${b.eq.id}`,
      `/api/portal/interventions/${b.planned.id}`,
      `/api/portal/interventions/${b.planned.id}/bon.pdf`,
    ]) {
      expect((await t.as(token, { method: 'GET', url })).statusCode, url).toBe(404);
    }
    const filtered = await t.as(token, { method: 'GET', url: `/api/portal/interventions?equipement_id=${b.eq.id}` });
    expect(filtered.json().data).toEqual([]);
    // the public status filter covers the internal statuses behind it (EN_PAUSE is EN_COURS to the client)
    const running = await t.as(token, { method: 'GET', url: '/api/portal/interventions?statut=EN_COURS' });
    expect(running.statusCode, running.body).toBe(200);
    expect(running.json().data.map((r: { id: number }) => r.id)).toEqual([a.paused.id]);
    const planned = await t.as(token, {
      method: 'GET',
      url: '/api/portal/interventions?statut=PLANIFIEE&search=Visite',
    });
    expect(planned.json().data.map((r: { id: number }) => r.id)).toEqual([a.planned.id]);
  });

  it('downloads the signed bon of his intervention once it is signed, and the period and SLA reports', async () => {
    const a = await company('Gamma Agro');
    const u = await createPortalUser(t.database.db, { clientId: a.client.id });
    const token = await loginAs(u.username, u.password);
    const url = `/api/portal/interventions/${a.planned.id}/bon.pdf`;
    expect((await t.as(token, { method: 'GET', url })).statusCode).toBe(404);
    const body = multipartBody(
      { role: 'CLIENT', nom: 'Mme Salma Idrissi', qualite: 'Responsable', signe_le: new Date().toISOString() },
      [{ field: 'image', filename: 'signature.png', type: 'image/png', content: signaturePng() }],
    );
    const signed = await t.as(admin, { method: 'POST', url: `/api/interventions/${a.planned.id}/signatures`, ...body });
    expect(signed.statusCode).toBe(201);
    const pdf = await t.as(token, { method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The signed content only: the live follow-up (internal statuses, history notes, review) is the company's.
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Mme Salma Idrissi');
    expect(text).not.toContain('Historique (statuts et notes)');
    expect(text).not.toContain('Suivi (à la date');
    const internal = await t.as(admin, { method: 'GET', url: `/api/reports/interventions/${a.planned.id}/pdf` });
    expect(await pdfText(internal.rawPayload)).toContain('Suivi (à la date');
    const listed = await t.as(token, { method: 'GET', url: `/api/portal/interventions/${a.planned.id}` });
    expect(listed.json().data.bon_signe).toBe(true);

    for (const report of ['/api/portal/reports/period.pdf', '/api/portal/reports/sla.pdf']) {
      const r = await t.as(token, { method: 'GET', url: report });
      expect(r.statusCode, report).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
    }
    // The period report without costs (no contract setting shows them to the client)
    const period = await pdfText(
      (await t.as(token, { method: 'GET', url: '/api/portal/reports/period.pdf' })).rawPayload,
    );
    expect(period).toContain("Rapport d'interventions");
    expect(period).not.toContain('Coût');
    const contract = await t.as(token, { method: 'GET', url: '/api/portal/contract' });
    expect(contract.statusCode).toBe(200);
    expect(contract.json().data.contrats).toEqual([]);
    // with a contract: its terms and guaranteed times, never its amount
    const { rows: cal } = await t.database.db.execute<{ id: number }>(
      sql`SELECT id FROM business_calendars ORDER BY id LIMIT 1`,
    );
    const today = new Date().toISOString().slice(0, 10);
    const contractBody = {
      client_id: a.client.id,
      numero: `CT-PORTAIL-${a.client.id}`,
      type: 'COMPLET',
      date_debut: today,
      date_fin: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
      reconduction_tacite: false,
      calendrier_id: cal[0].id,
      montant_annuel_ht: '98765.00',
      garanties: [{ urgence: true, cible: 'SUR_SITE', minutes: 240 }],
    };
    const made = await t.as(admin, { method: 'POST', url: '/api/contracts', payload: contractBody });
    expect(made.statusCode, made.body).toBe(201);
    const withContract = await t.as(token, { method: 'GET', url: '/api/portal/contract' });
    expect(withContract.json().data.contrats).toEqual([
      expect.objectContaining({
        numero: `CT-PORTAIL-${a.client.id}`,
        garanties: [{ urgence: true, cible: 'SUR_SITE', minutes: 240 }],
      }),
    ]);
    expect(withContract.body).not.toContain('98765');
    // the contract still hides the costs from the portal; once it says to show them, the period report has them
    const periodText = async () =>
      pdfText((await t.as(token, { method: 'GET', url: '/api/portal/reports/period.pdf' })).rawPayload);
    expect(await periodText()).not.toContain('Coût');
    const contractId = made.json().data.id;
    const full = (await t.as(admin, { method: 'GET', url: `/api/contracts/${contractId}` })).json().data;
    expect(full.prix_portail).toBe(false);
    const shown = await t.as(admin, {
      method: 'PUT',
      url: `/api/contracts/${contractId}`,
      payload: { ...contractBody, prix_portail: true },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(await periodText()).toContain('Coût');
    const bad = await t.as(token, { method: 'GET', url: '/api/portal/contract?dateFrom=2020-01-01&dateTo=2026-01-01' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('portal requests', () => {
  const fields = { description: 'Fuite sur le groupe', nom: 'Hamid', telephone: '0661234567' };

  it('a DEMANDEUR files one on his company equipment (with a photo); a LECTURE user may not; lists show his company only', async () => {
    const a = await createClient(t.database.db);
    const b = await createClient(t.database.db);
    const eqA = await createEquipment(t.database.db, { proprietaireId: a.id });
    const eqB = await createEquipment(t.database.db, { proprietaireId: b.id });
    const dem = await createPortalUser(t.database.db, { clientId: a.id, droit: 'DEMANDEUR' });
    const lec = await createPortalUser(t.database.db, { clientId: a.id, droit: 'LECTURE' });
    const demToken = await loginAs(dem.username, dem.password);
    const lecToken = await loginAs(lec.username, lec.password);
    const post = (token: string, equipementId: number) =>
      t.as(token, {
        method: 'POST',
        url: '/api/portal/requests',
        ...multipartBody({ equipement_id: String(equipementId), ...fields }, [
          { field: 'photos', filename: 'fuite.png', type: 'image/png', content: PNG },
        ]),
      });
    const ok = await post(demToken, eqA.id);
    expect(ok.statusCode).toBe(201);
    expect((await post(demToken, eqB.id)).statusCode).toBe(404);
    expect((await post(lecToken, eqA.id)).statusCode).toBe(403);
    const missing = await t.as(demToken, { method: 'POST', url: '/api/portal/requests', ...multipartBody(fields) });
    expect(missing.statusCode).toBe(400);

    const { rows } = await t.database.db.execute<{ source: string; portal_user_id: number }>(
      sql`SELECT source, portal_user_id FROM intervention_requests WHERE id = ${ok.json().data.id}`,
    );
    expect(rows[0]).toEqual({ source: 'PORTAIL', portal_user_id: dem.id });

    // A request on B's equipment by QR: never in A's list
    const list = await t.as(lecToken, { method: 'GET', url: '/api/portal/requests' });
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([ok.json().data.id]);
    expect(list.json().data[0].photos).toBe(1);
    expect(list.body).not.toContain('0661234567'); // no phone in the portal's shape
  });
});

describe('portal e-mails (opt-in)', () => {
  it('tells opted-in users of the company when their intervention is planned, started, waiting for parts; not a pause', async () => {
    await configureSmtp();
    const client = await createClient(t.database.db);
    const other = await createClient(t.database.db);
    await createPortalUser(t.database.db, { clientId: client.id, email: 'suivi@alpha.ma' });
    await createPortalUser(t.database.db, { clientId: other.id, email: 'suivi@autre.ma' });
    const eq = await createEquipment(t.database.db, { proprietaireId: client.id });
    const created = await t.as(admin, {
      method: 'POST',
      url: '/api/interventions',
      payload: { equipement_id: eq.id, date: new Date().toISOString().slice(0, 10), description: 'Révision du groupe' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const move = (statut: string) =>
      t.as(admin, { method: 'PUT', url: `/api/interventions/${id}/status`, payload: { statut } });
    expect((await move('EN_COURS')).statusCode).toBe(200);
    expect((await move('EN_PAUSE')).statusCode).toBe(200);
    expect((await move('EN_COURS')).statusCode).toBe(200);
    const mails = async (to: string) =>
      (
        await t.database.db.execute<{ subject: string; text: string }>(
          sql`SELECT data->>'subject' AS subject, data->>'text' AS text FROM jobs
              WHERE name = 'mail.send' AND data->>'to' = ${to} ORDER BY id`,
        )
      ).rows;
    const got = await mails('suivi@alpha.ma');
    expect(got.map((m) => m.subject.replace(/^\[[^\]]*\] /, ''))).toEqual([
      `Intervention n° ${id} planifiée`,
      `Intervention n° ${id} commencée`,
    ]);
    expect(got[0].text).toContain(`/portail/interventions/${id}`);
    expect(await mails('suivi@autre.ma')).toEqual([]);
  });
});
