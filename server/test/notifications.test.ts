import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { notifyNewlyOverdue } from '../src/modules/notifications/notifications.service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createRole, createUser } from './helpers/factories.ts';

/**
 * Notifications produced by events (issue 15): each event reaches exactly its recipients, never the actor, never
 * when the change rolls back; preferences are honoured; the stream pushes a change made through another instance.
 */
let t: TestApp;
type Person = Awaited<ReturnType<typeof createUser>> & { token: string };
let admin: Person;
let responsable: Person;
let approver: Person;
let tech1: Person;
let tech2: Person;
let reader: Person;

async function person(role: string, sectionId: number | null = null): Promise<Person> {
  const u = await createUser(t.database.db, { role, sectionId, nom: `${role} ${randomBytes(2).toString('hex')}` });
  return { ...u, token: (await t.login(u.username, u.password)).token };
}

async function section(nom: string) {
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`INSERT INTO sections (nom) VALUES (${nom}) RETURNING id`,
  );
  return rows[0]!.id;
}

type Row = {
  user_id: number;
  event: string;
  type: string;
  title: string;
  message: string;
  intervention_id: number | null;
};

/** The notifications written since `mark` (a notifications.id), recipients sorted. */
async function since(mark: number): Promise<Row[]> {
  const { rows } = await t.database.db.execute<Row>(
    sql`SELECT user_id, event, type, title, message, intervention_id FROM notifications WHERE id > ${mark} ORDER BY user_id, id`,
  );
  return rows;
}
async function mark(): Promise<number> {
  const { rows } = await t.database.db.execute<{ m: number }>(
    sql`SELECT COALESCE(max(id), 0)::int AS m FROM notifications`,
  );
  return rows[0]!.m;
}
const recipients = (rows: Row[], event: string) => rows.filter((r) => r.event === event).map((r) => r.user_id);
const ids = (...people: Person[]) => people.map((p) => p.id).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  const north = await section('Nord');
  const south = await section('Sud');
  // The seeded administrator exists too; the admin of this file is one more.
  admin = await person('Administrateur');
  responsable = await person('Responsable', north);
  await person('Responsable', south); // another section's responsible: never told about the north's urgencies
  await createRole(t.database.db, 'Validateur', ['interventions:read', 'interventions:approve']);
  approver = await person('Validateur');
  tech1 = await person('Technicien', north);
  tech2 = await person('Technicien', north);
  await createRole(t.database.db, 'Lecteur', ['interventions:read']);
  reader = await person('Lecteur');
});
afterAll(() => t.close());

async function seededAdminIds(): Promise<number[]> {
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE r.nom = 'Administrateur' AND u.enabled AND u.deleted_at IS NULL`,
  );
  return rows.map((r) => r.id);
}

describe('events and their recipients', () => {
  it('an urgent intervention created: the responsibles of its section and the administrators, not the creator', async () => {
    const equipment = await createIntervention(t.database.db); // brings an equipment
    const m = await mark();
    const res = await t.as(tech1.token, {
      method: 'POST',
      url: '/api/interventions',
      payload: {
        equipement_id: equipment.equipementId,
        date: '2026-11-20',
        description: 'Disjoncteur HS',
        urgence: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const rows = await since(m);
    const expected = [...new Set([responsable.id, ...(await seededAdminIds())])].sort((a, b) => a - b);
    expect(recipients(rows, 'intervention_urgent')).toEqual(expected);
    expect(rows.every((r) => r.type === 'urgent' && r.intervention_id === res.json().data.id)).toBe(true);
    expect(rows[0]?.message).toContain(`#${res.json().data.id}`);

    // A routine one notifies nobody.
    const m2 = await mark();
    await t.as(tech1.token, {
      method: 'POST',
      url: '/api/interventions',
      payload: { equipement_id: equipment.equipementId, date: '2026-11-20', description: 'Routine' },
    });
    expect(await since(m2)).toEqual([]);
  });

  it('assigned to me / taken from me, and nothing for the one who assigns', async () => {
    const i = await createIntervention(t.database.db, { creerPar: responsable.id });
    let m = await mark();
    const assign = (technicianId: number) =>
      t.as(responsable.token, { method: 'PUT', url: `/api/interventions/${i.id}/assign`, payload: { technicianId } });
    expect((await assign(tech1.id)).statusCode).toBe(200);
    let rows = await since(m);
    expect(rows.map((r) => [r.user_id, r.event])).toEqual([[tech1.id, 'intervention_assigned']]);
    expect(rows[0]?.message).toContain(responsable.nom);

    m = await mark();
    expect((await assign(tech2.id)).statusCode).toBe(200);
    rows = await since(m);
    expect(recipients(rows, 'intervention_assigned')).toEqual([tech2.id]);
    expect(recipients(rows, 'intervention_unassigned')).toEqual([tech1.id]);

    m = await mark();
    const res = await t.as(responsable.token, { method: 'DELETE', url: `/api/interventions/${i.id}/assign` });
    expect(res.statusCode).toBe(200);
    expect((await since(m)).map((r) => [r.user_id, r.event])).toEqual([[tech2.id, 'intervention_unassigned']]);

    // Bulk assignment tells each new assignee once per intervention.
    const j = await createIntervention(t.database.db);
    m = await mark();
    const bulk = await t.as(responsable.token, {
      method: 'PUT',
      url: '/api/interventions/bulk/assign',
      payload: { ids: [i.id, j.id], technicianId: tech1.id },
    });
    expect(bulk.statusCode).toBe(200);
    rows = await since(m);
    expect(
      rows
        .filter((r) => r.event === 'intervention_assigned')
        .map((r) => r.intervention_id)
        .sort(),
    ).toEqual([i.id, j.id].sort());
  });

  it('a status change: the creator and the assignee, never the one who changed it', async () => {
    const i = await createIntervention(t.database.db, { creerPar: responsable.id, technicianId: tech1.id });
    const m = await mark();
    const res = await t.as(tech1.token, {
      method: 'PUT',
      url: `/api/interventions/${i.id}/status`,
      payload: { statut: 'EN_COURS' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await since(m);
    expect(rows.map((r) => [r.user_id, r.event])).toEqual([[responsable.id, 'intervention_status']]);
    expect(rows[0]?.message).toContain('Planifiée → En Cours');
  });

  it('review requested (approvers) then rejected (submitter, creator, assignee)', async () => {
    const i = await createIntervention(t.database.db, {
      creerPar: responsable.id,
      technicianId: tech1.id,
      statut: 'TERMINEE',
    });
    let m = await mark();
    const submit = await t.as(tech1.token, {
      method: 'POST',
      url: `/api/interventions/${i.id}/review/submit`,
      payload: {},
    });
    expect(submit.statusCode).toBe(200);
    let rows = await since(m);
    const approvers = recipients(rows, 'review_requested');
    expect(approvers).toContain(approver.id);
    expect(approvers).toContain(responsable.id);
    expect(approvers).not.toContain(tech1.id);
    expect(approvers).not.toContain(reader.id);

    m = await mark();
    const reject = await t.as(approver.token, {
      method: 'POST',
      url: `/api/interventions/${i.id}/review/reject`,
      payload: { reason: 'Photos manquantes' },
    });
    expect(reject.statusCode).toBe(200);
    rows = await since(m);
    expect(recipients(rows, 'review_decided')).toEqual(ids(responsable, tech1));
    expect(rows[0]?.message).toContain('Photos manquantes');
  });

  it('a registration waiting for activation: the administrators only', async () => {
    const m = await mark();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        nom: 'Karim Tazi',
        username: `ktazi${randomBytes(2).toString('hex')}`,
        password: 'Chantier2026Kenitra',
      },
    });
    expect(res.statusCode).toBe(201);
    const rows = await since(m);
    expect(recipients(rows, 'registration_pending').sort((a, b) => a - b)).toEqual(
      (await seededAdminIds()).sort((a, b) => a - b),
    );
  });

  it('an intervention becoming overdue: its assignee, once, even when the check runs twice at the same time', async () => {
    const old = await createIntervention(t.database.db, { date: '2020-01-06', technicianId: tech2.id });
    const orphan = await createIntervention(t.database.db, { date: '2020-01-06', creerPar: responsable.id });
    const m = await mark();
    await Promise.all([notifyNewlyOverdue(t.database.db), notifyNewlyOverdue(t.database.db)]);
    await notifyNewlyOverdue(t.database.db);
    const rows = (await since(m)).filter((r) => r.intervention_id === old.id || r.intervention_id === orphan.id);
    expect(rows.map((r) => [r.intervention_id, r.user_id])).toEqual(
      [
        [old.id, tech2.id],
        [orphan.id, responsable.id],
      ].sort((a, b) => a[1]! - b[1]!),
    );
  });

  it('nothing is written when the change rolls back', async () => {
    const i = await createIntervention(t.database.db, { creerPar: responsable.id, technicianId: tech1.id });
    const m = await mark();
    // TERMINEE is not reachable from PLANIFIEE: the status writer refuses after nothing was committed.
    const res = await t.as(tech1.token, {
      method: 'PUT',
      url: `/api/interventions/${i.id}/status`,
      payload: { statut: 'TERMINEE' },
    });
    expect(res.statusCode).toBe(422);
    // Assigning a missing technician fails after the former assignee would have been told.
    const bad = await t.as(responsable.token, {
      method: 'PUT',
      url: `/api/interventions/${i.id}/assign`,
      payload: { technicianId: 987654 },
    });
    expect(bad.statusCode).toBe(422);
    expect(await since(m)).toEqual([]);
  });
});

describe('POST /interventions/{id}/notifications (spec §7)', () => {
  it('notifies the chosen users with the message, not the sender', async () => {
    const i = await createIntervention(t.database.db, { technicianId: tech1.id });
    const m = await mark();
    const res = await t.as(tech1.token, {
      method: 'POST',
      url: `/api/interventions/${i.id}/notifications`,
      payload: { userIds: [responsable.id, reader.id, tech1.id], message: 'Pièce commandée, arrivée jeudi' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { notified: 2 }, message: 'Notification envoyée à 2 utilisateurs' });
    const rows = await since(m);
    expect(rows.map((r) => r.user_id)).toEqual(ids(responsable, reader));
    expect(rows[0]?.message).toContain('Pièce commandée, arrivée jeudi');
    expect(rows[0]?.title).toBe(`Message de ${tech1.nom}`);
  });

  it('refuses recipients who cannot read interventions, a missing intervention, and readers without update', async () => {
    const i = await createIntervention(t.database.db);
    const nobody = await createUser(t.database.db, { role: null });
    const m = await mark();
    const bad = await t.as(tech1.token, {
      method: 'POST',
      url: `/api/interventions/${i.id}/notifications`,
      payload: { userIds: [nobody.id], message: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    const missing = await t.as(tech1.token, {
      method: 'POST',
      url: '/api/interventions/987654/notifications',
      payload: { userIds: [reader.id], message: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    const denied = await t.as(reader.token, {
      method: 'POST',
      url: `/api/interventions/${i.id}/notifications`,
      payload: { userIds: [tech1.id], message: 'x' },
    });
    expect(denied.statusCode).toBe(403);
    const empty = await t.as(tech1.token, {
      method: 'POST',
      url: `/api/interventions/${i.id}/notifications`,
      payload: { userIds: [], message: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(await since(m)).toEqual([]);
  });
});

describe('my notifications', () => {
  it('lists only mine, counts unread, marks one and all read; another user cannot mark mine', async () => {
    const reader = await person('Lecteur');
    const i = await createIntervention(t.database.db, { technicianId: tech2.id });
    for (const message of ['un', 'deux', 'trois']) {
      await t.as(admin.token, {
        method: 'POST',
        url: `/api/interventions/${i.id}/notifications`,
        payload: { userIds: [reader.id], message },
      });
    }
    const list = await t.as(reader.token, { method: 'GET', url: '/api/notifications?limit=2' });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.pagination).toMatchObject({ total: 3, pages: 2, page: 1, limit: 2 });
    expect(body.data[0]).toMatchObject({ type: 'info', read: false, interventionId: i.id, actor: admin.nom });
    expect(body.data[0].message).toContain('trois');
    expect(Object.keys(body.data[0])).toEqual(
      expect.arrayContaining(['id', 'type', 'title', 'message', 'time', 'read']),
    );
    const count = async () =>
      (await t.as(reader.token, { method: 'GET', url: '/api/notifications/unread-count' })).json().data.unread;
    expect(await count()).toBe(3);

    const first = body.data[0].id;
    expect((await t.as(tech2.token, { method: 'PUT', url: `/api/notifications/${first}/read` })).statusCode).toBe(404);
    expect((await t.as(reader.token, { method: 'PUT', url: `/api/notifications/${first}/read` })).statusCode).toBe(200);
    expect(await count()).toBe(2);
    const unread = await t.as(reader.token, { method: 'GET', url: '/api/notifications?unread=true' });
    expect(unread.json().data.map((n: { id: number }) => n.id)).not.toContain(first);

    const all = await t.as(reader.token, { method: 'PUT', url: '/api/notifications/read-all' });
    expect(all.json().data.updated).toBe(2);
    expect(await count()).toBe(0);
    const mine = await t.as(tech2.token, { method: 'GET', url: '/api/notifications' });
    expect(mine.json().data.some((n: { message: string }) => n.message.includes('trois'))).toBe(false);
  });

  it('preferences: defaults for every event, saved choices honoured (in-app off → nothing written)', async () => {
    const prefs = await t.as(tech2.token, { method: 'GET', url: '/api/notifications/preferences' });
    expect(prefs.json().data).toContainEqual({ event: 'intervention_assigned', in_app: true, email: true });
    const save = await t.as(tech2.token, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { preferences: [{ event: 'intervention_assigned', in_app: false, email: false }] },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().data).toContainEqual({ event: 'intervention_assigned', in_app: false, email: false });
    const i = await createIntervention(t.database.db);
    const m = await mark();
    await t.as(responsable.token, {
      method: 'PUT',
      url: `/api/interventions/${i.id}/assign`,
      payload: { technicianId: tech2.id },
    });
    expect(await since(m)).toEqual([]);
    const bad = await t.as(tech2.token, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { preferences: [{ event: 'nope', in_app: true, email: true }] },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('live updates across instances', () => {
  it('an SSE client of instance A receives the unread count within 2 s of a change made through instance B', async () => {
    const url = String(t.database.pool.options.connectionString);
    const other = openDatabase(url, { max: 2 });
    const b = await buildApp({ database: other, jwtSecret: randomBytes(32).toString('hex'), logLevel: 'silent' });
    await b.ready();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    try {
      const events: string[] = [];
      const req = http.get({
        host: '127.0.0.1',
        port,
        path: '/api/notifications/stream',
        headers: { authorization: `Bearer ${tech1.token}`, accept: 'text/event-stream' },
      });
      const response = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/event-stream');
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => events.push(chunk));
      const waitFor = async (pred: () => boolean, ms: number) => {
        const until = Date.now() + ms;
        while (!pred()) {
          if (Date.now() > until) throw new Error(`timed out; received ${JSON.stringify(events)}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      await waitFor(() => events.join('').includes('event: unread'), 5000);
      const before = events.join('').length;

      const login = await b.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: responsable.username, password: responsable.password },
      });
      const tokenB = login.json().data.token;
      const i = await createIntervention(t.database.db);
      const started = Date.now();
      const res = await b.inject({
        method: 'PUT',
        url: `/api/interventions/${i.id}/assign`,
        headers: { authorization: `Bearer ${tokenB}` },
        payload: { technicianId: tech1.id },
      });
      expect(res.statusCode).toBe(200);
      await waitFor(() => events.join('').slice(before).includes('event: unread'), 2000);
      expect(Date.now() - started).toBeLessThan(2000);
      const unread = await t.as(tech1.token, { method: 'GET', url: '/api/notifications/unread-count' });
      expect(events.join('').slice(before)).toContain(`"unread":${unread.json().data.unread}`);
      req.destroy();
    } finally {
      await b.close();
      await other.close();
    }
  });

  it('without Accept: text/event-stream the stream answers 406; anonymous callers 401', async () => {
    const res = await t.as(tech1.token, { method: 'GET', url: '/api/notifications/stream' });
    expect(res.statusCode).toBe(406);
    const anon = await t.app.inject({ method: 'GET', url: '/api/notifications/stream' });
    expect(anon.statusCode).toBe(401);
  });
});
