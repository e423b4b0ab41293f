import { POLICY_MESSAGES } from '@gmao/domain/interventions/policy';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import type { TestApp } from './helpers/app.ts';
import { createIntervention } from './helpers/factories.ts';
import { type Actor, base, useObjectAccess } from './helpers/object-access.ts';

/**
 * Object-level access (domain/src/interventions/policy.ts), continued from intervention-object-access.test.ts: items
 * (comments, material lines, attachments, reports) are changed or deleted by their author or a holder of
 * interventions:assign; the lifecycle needs interventions:delete; reading stays open; migration 0009.
 */
const { fixtures, make, send, expectRefused, expectAllowed } = useObjectAccess();
let t: TestApp;
let techA: Actor;
let techB: Actor;
let resp: Actor;
let viewer: Actor;

beforeAll(() => {
  ({ t, techA, techB, resp, viewer } = fixtures);
});

describe('items: changed or deleted by their author or a holder of interventions:assign', () => {
  // A created the intervention, B holds it: both work on it, each item is its author's.
  const shared = () => createIntervention(t.database.db, { creerPar: techA.id, technicianId: techB.id });

  const BOUNDARY = '----gmaoaccessboundary';
  const uploadBy = (actor: Actor, id: number) =>
    send(actor, {
      method: 'POST',
      url: `${base(id)}/attachments`,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="releve.txt"\r\nContent-Type: text/plain\r\n\r\nmesures\r\n--${BOUNDARY}--\r\n`,
      ),
    });

  /** Each kind of item: how A writes one, then the requests that change and delete it. */
  const ITEMS: {
    name: string;
    create: (id: number) => Promise<number>;
    change: (id: number, itemId: number) => InjectOptions[];
  }[] = [
    {
      name: 'comment',
      create: async (id) =>
        (
          await expectAllowed(techA, { method: 'POST', url: `${base(id)}/comments`, payload: { comment: 'Constat' } })
        ).json().data.id,
      change: (id, cid) => [
        { method: 'PUT', url: `${base(id)}/comments/${cid}`, payload: { comment: 'Modifié' } },
        { method: 'DELETE', url: `${base(id)}/comments/${cid}` },
      ],
    },
    {
      name: 'material line',
      create: async (id) =>
        (
          await expectAllowed(techA, {
            method: 'POST',
            url: `${base(id)}/materials`,
            payload: { designation: 'Fusible 32 A', quantite: '3', prixUnitaire: '8.00' },
          })
        ).json().data.id,
      change: (id, mid) => [
        { method: 'PUT', url: `${base(id)}/materials/${mid}`, payload: { quantite: '4' } },
        { method: 'DELETE', url: `${base(id)}/materials/${mid}` },
      ],
    },
    {
      name: 'attachment',
      create: async (id) => {
        const res = await uploadBy(techA, id);
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data.id;
      },
      change: (id, attId) => [{ method: 'DELETE', url: `${base(id)}/attachments/${attId}` }],
    },
    {
      name: 'compte rendu',
      create: async (id) =>
        (
          await expectAllowed(techA, {
            method: 'POST',
            url: `${base(id)}/report`,
            payload: { titre: 'Visite', contenu: 'Initial' },
          })
        ).json().data.id,
      change: (id, rid) => [
        { method: 'PUT', url: `${base(id)}/reports/${rid}`, payload: { titre: 'Visite', contenu: 'Corrigé' } },
      ],
    },
  ];

  describe.each(ITEMS)('$name', ({ create, change }) => {
    it('another technician (even the assignee) and the Consultation user: 403, nothing changed', async () => {
      const i = await shared();
      const itemId = await create(i.id);
      for (const request of change(i.id, itemId)) {
        await expectRefused(techB, i.id, request, POLICY_MESSAGES.notAuthor);
        await expectRefused(viewer, i.id, request);
      }
    });

    it('its author changes and deletes it', async () => {
      const i = await shared();
      const itemId = await create(i.id);
      for (const request of change(i.id, itemId)) await expectAllowed(techA, request);
    });

    it('the Responsable changes and deletes it', async () => {
      const i = await shared();
      const itemId = await create(i.id);
      for (const request of change(i.id, itemId)) await expectAllowed(resp, request);
    });
  });

  it('attachments: anyone with interventions:update adds one, on any intervention', async () => {
    const ofB = await make('ofB');
    expect((await uploadBy(techA, ofB.id)).statusCode).toBe(201);
  });
});

describe('lifecycle: archive, unarchive, trash, restore and force delete need interventions:delete', () => {
  const put = (id: number, action: string): InjectOptions => ({ method: 'PUT', url: `${base(id)}/${action}` });

  it('refused to a technician even on his own intervention, and to the Consultation user', async () => {
    const own = await createIntervention(t.database.db, {
      statut: 'TERMINEE',
      creerPar: techA.id,
      technicianId: techA.id,
    });
    for (const action of ['archive', 'soft-delete']) {
      await expectRefused(techA, own.id, put(own.id, action));
      await expectRefused(viewer, own.id, put(own.id, action));
    }
    await expectRefused(techA, own.id, { method: 'DELETE', url: `${base(own.id)}/force` });
    await expectRefused(techA, own.id, { method: 'DELETE', url: base(own.id) });
    await expectAllowed(resp, put(own.id, 'archive'));
    await expectRefused(techA, own.id, put(own.id, 'unarchive'));
    await expectAllowed(resp, put(own.id, 'unarchive'));
    await expectAllowed(resp, put(own.id, 'soft-delete'));
    await expectRefused(techA, own.id, put(own.id, 'restore'));
    await expectAllowed(resp, put(own.id, 'restore'));
    await expectAllowed(resp, { method: 'DELETE', url: `${base(own.id)}/force` });
    const { rows } = await t.database.db.execute(sql`SELECT 1 FROM interventions WHERE id = ${own.id}`);
    expect(rows).toHaveLength(0);
  });
});

describe('reading stays open', () => {
  it('a technician reads another technician’s intervention and its sub-resources', async () => {
    const ofB = await make('ofB');
    for (const path of ['', '/records', '/materials', '/comments', '/attachments', '/checklist', '/reports']) {
      expect((await send(techA, { method: 'GET', url: `${base(ofB.id)}${path}` })).statusCode, path).toBe(200);
    }
  });
});

describe('migration 0009', () => {
  it('grants interventions:assign to the existing Administrateur and Responsable roles, not to the others', async () => {
    const pool = t.database.pool;
    // A database from before 0009: the permission not granted, the migration not applied.
    await pool.query(`DELETE FROM role_permissions WHERE permission_id IN
      (SELECT id FROM permissions WHERE module = 'interventions' AND action = 'assign')`);
    await pool.query(`DELETE FROM schema_migrations WHERE name = '0009_intervention_policy.sql'`);
    expect(await migrate(pool)).toEqual(['0009_intervention_policy.sql']);
    const { rows } = await pool.query<{ nom: string }>(`SELECT r.nom FROM role_permissions rp
      JOIN roles r ON r.id = rp.role_id JOIN permissions p ON p.id = rp.permission_id
      WHERE p.module = 'interventions' AND p.action = 'assign' ORDER BY r.nom`);
    expect(rows.map((r) => r.nom)).toEqual(['Administrateur', 'Responsable']);
  });
});
