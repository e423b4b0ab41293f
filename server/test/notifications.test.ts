import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import type { TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';
import { ids, type Person, useNotificationFixtures } from './helpers/notification-fixtures.ts';

/**
 * Notifications (issue 15): a message sent to chosen users, my notifications and their preferences, and the stream
 * that pushes a change made through another instance. Who each event reaches is in notifications-events.test.ts.
 */
const { fixtures, person, since, mark } = useNotificationFixtures();
let t: TestApp;
let admin: Person;
let responsable: Person;
let tech1: Person;
let tech2: Person;
let reader: Person;

beforeAll(() => {
  ({ t, admin, responsable, tech1, tech2, reader } = fixtures);
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
