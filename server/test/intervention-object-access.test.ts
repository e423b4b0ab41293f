import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POLICY_MESSAGES } from '@gmao/domain/interventions/policy';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';

/**
 * Object-level access (domain/src/interventions/policy.ts): two technicians (A, B), one Responsable, one Consultation
 * user; every write on A's intervention (created by A, or assigned to A) against B's, and on items authored by A
 * against B's. A refusal is a 403 with the policy's message and leaves the database as it was.
 */
let t: TestApp;
let dataDir: string;
type Actor = { id: number; token: string };
let techA: Actor;
let techB: Actor;
let resp: Actor;
let viewer: Actor;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gmao-object-access-'));
  process.env.DATA_DIR = dataDir;
  t = await createTestApp();
  const actor = async (nom: string, role: string) => {
    const u = await createUser(t.database.db, { nom, role });
    return { id: u.id, token: (await t.login(u.username, u.password)).token };
  };
  techA = await actor('Amine Technicien', 'Technicien');
  techB = await actor('Badr Technicien', 'Technicien');
  resp = await actor('Rachid Responsable', 'Responsable');
  viewer = await actor('Vanessa Consultation', 'Consultation');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Statut = 'PLANIFIEE' | 'EN_COURS' | 'TERMINEE';
type Ownership = 'createdByA' | 'assignedToA' | 'ofB' | 'unassigned';

/** A's interventions are created by A or assigned to A; B's are created by the Responsable and assigned to B. */
function make(ownership: Ownership, statut: Statut = 'PLANIFIEE') {
  const facts = {
    createdByA: { creerPar: techA.id, technicianId: null },
    assignedToA: { creerPar: resp.id, technicianId: techA.id },
    ofB: { creerPar: resp.id, technicianId: techB.id },
    unassigned: { creerPar: resp.id, technicianId: null },
  }[ownership];
  return createIntervention(t.database.db, { statut, ...facts });
}

const TABLES = [
  'intervention_history',
  'intervention_materials',
  'intervention_comments',
  'intervention_attachments',
  'intervention_timer_sessions',
  'intervention_checklist_items',
  'intervention_diagnostics',
  'intervention_planifications',
  'intervention_quality_controls',
  'intervention_reviews',
  'intervention_reports',
];

/** Everything stored about the intervention: its row and the rows of every sub-resource. */
async function snapshot(id: number) {
  const parts = TABLES.map(
    (table) =>
      sql`${table}::text, (SELECT COALESCE(jsonb_agg(to_jsonb(x) ORDER BY to_jsonb(x)::text), '[]') FROM ${sql.identifier(table)} x WHERE x.intervention_id = ${id})`,
  );
  const { rows } = await t.database.db.execute<{ s: unknown }>(
    sql`SELECT jsonb_build_object('intervention', (SELECT to_jsonb(i) FROM interventions i WHERE i.id = ${id}), ${sql.join(parts, sql`, `)}) AS s`,
  );
  return rows[0].s;
}

const send = (actor: Actor, opts: InjectOptions) => t.as(actor.token, opts);

/** The request is refused with 403 and the policy's message (or the route's own refusal), and nothing changed. */
async function expectRefused(actor: Actor, id: number, opts: InjectOptions, message?: string) {
  const before = await snapshot(id);
  const res = await send(actor, opts);
  expect(res.statusCode, `${opts.method} ${opts.url}: ${res.body}`).toBe(403);
  expect(res.json()).toMatchObject({ success: false, message: message ?? expect.any(String) });
  expect(await snapshot(id)).toEqual(before);
}

async function expectAllowed(actor: Actor, opts: InjectOptions) {
  const res = await send(actor, opts);
  expect(res.statusCode, `${opts.method} ${opts.url}: ${res.body}`).toBeLessThan(300);
  return res;
}

const base = (id: number) => `/api/interventions/${id}`;

/** The work on an intervention: its creator or assignee, or a holder of interventions:assign. */
const WORK: {
  name: string;
  statut?: Statut;
  request: (id: number) => InjectOptions;
  /** The refusal's message when it is not the policy's notInvolved. */
  refusal?: (id: number) => string;
}[] = [
  {
    name: 'status change',
    request: (id) => ({ method: 'PUT', url: `${base(id)}/status`, payload: { statut: 'EN_COURS' } }),
  },
  {
    name: 'status change through PUT /:id',
    request: (id) => ({ method: 'PUT', url: base(id), payload: { statut: 'EN_COURS' } }),
  },
  { name: 'field edit', request: (id) => ({ method: 'PUT', url: base(id), payload: { description: 'Modifiée' } }) },
  {
    name: 'bulk status',
    request: (id) => ({
      method: 'PUT',
      url: '/api/interventions/bulk/status',
      payload: { ids: [id], status: 'EN_COURS' },
    }),
    refusal: (id) => POLICY_MESSAGES.bulkRefused([id]),
  },
  {
    name: 'diagnostic',
    request: (id) => ({ method: 'POST', url: `${base(id)}/diagnostic`, payload: { constat: 'Fuite au joint' } }),
  },
  {
    name: 'planification',
    request: (id) => ({ method: 'PUT', url: `${base(id)}/planification`, payload: { datePrevue: '2030-01-15' } }),
  },
  {
    name: 'contrôle qualité',
    statut: 'EN_COURS',
    request: (id) => ({ method: 'POST', url: `${base(id)}/controle-qualite`, payload: { resultat: 'CONFORME' } }),
  },
  {
    name: 'checklist item',
    request: (id) => ({ method: 'POST', url: `${base(id)}/checklist`, payload: { label: 'Serrage des bornes' } }),
  },
  { name: 'timer start', statut: 'EN_COURS', request: (id) => ({ method: 'POST', url: `${base(id)}/timer/start` }) },
  {
    name: 'material line',
    request: (id) => ({
      method: 'POST',
      url: `${base(id)}/materials`,
      payload: { designation: 'Câble 4 mm²', quantite: '2', prixUnitaire: '12.50' },
    }),
  },
  {
    name: 'compte rendu',
    request: (id) => ({ method: 'POST', url: `${base(id)}/report`, payload: { titre: 'Visite', contenu: 'RAS' } }),
  },
  {
    name: 'workflow note',
    request: (id) => ({ method: 'POST', url: `${base(id)}/workflow/notes`, payload: { note: 'Pièce commandée' } }),
  },
  {
    name: 'review submit',
    statut: 'TERMINEE',
    request: (id) => ({ method: 'POST', url: `${base(id)}/review/submit`, payload: {} }),
  },
];

describe.each(WORK)('$name', ({ statut, request, refusal }) => {
  it('a technician on an intervention he created or is assigned to: allowed', async () => {
    await expectAllowed(techA, request((await make('createdByA', statut)).id));
    await expectAllowed(techA, request((await make('assignedToA', statut)).id));
  });

  it('a technician on another technician’s intervention, or one nobody holds: 403, nothing changed', async () => {
    const message = (id: number) => refusal?.(id) ?? POLICY_MESSAGES.notInvolved;
    const ofB = await make('ofB', statut);
    await expectRefused(techA, ofB.id, request(ofB.id), message(ofB.id));
    const unassigned = await make('unassigned', statut);
    await expectRefused(techA, unassigned.id, request(unassigned.id), message(unassigned.id));
    await expectAllowed(techB, request(ofB.id));
  });

  it('the Responsable on anyone’s intervention: allowed; the Consultation user: 403', async () => {
    await expectAllowed(resp, request((await make('ofB', statut)).id));
    const mine = await createIntervention(t.database.db, { statut, creerPar: viewer.id, technicianId: viewer.id });
    await expectRefused(viewer, mine.id, request(mine.id));
  });
});

describe('comments and attachments: any holder of interventions:update may add them', () => {
  it('a technician comments on another technician’s intervention; the Consultation user may not', async () => {
    const ofB = await make('ofB');
    await expectAllowed(techA, { method: 'POST', url: `${base(ofB.id)}/comments`, payload: { comment: 'Vu' } });
    await expectRefused(viewer, ofB.id, { method: 'POST', url: `${base(ofB.id)}/comments`, payload: { comment: 'x' } });
  });
});

describe('bulk status', () => {
  it('is all or nothing: one intervention the technician may not change refuses the batch, naming it', async () => {
    const own = await make('assignedToA');
    const ofB = await make('ofB');
    const payload = { ids: [own.id, ofB.id], status: 'EN_COURS' };
    const ownBefore = await snapshot(own.id);
    await expectRefused(
      techA,
      ofB.id,
      { method: 'PUT', url: '/api/interventions/bulk/status', payload },
      POLICY_MESSAGES.bulkRefused([ofB.id]),
    );
    expect(await snapshot(own.id)).toEqual(ownBefore);
    const res = await expectAllowed(resp, { method: 'PUT', url: '/api/interventions/bulk/status', payload });
    expect(res.json().data).toEqual({ count: 2 });
  });
});

describe('assignment', () => {
  const assign = (id: number, technicianId: number): InjectOptions => ({
    method: 'PUT',
    url: `${base(id)}/assign`,
    payload: { technicianId },
  });

  it('a technician takes an intervention nobody holds for himself, and nothing else', async () => {
    const free = await make('unassigned');
    const res = await expectAllowed(techA, assign(free.id, techA.id));
    expect(res.json().data.technician).toEqual({ id: techA.id, nom: 'Amine Technicien' });
    const ofB = await make('ofB');
    await expectRefused(techA, ofB.id, assign(ofB.id, techA.id), POLICY_MESSAGES.assignRequired);
    const other = await make('unassigned');
    await expectRefused(techA, other.id, assign(other.id, techB.id), POLICY_MESSAGES.assignRequired);
  });

  it('a technician neither reassigns nor unassigns his own intervention', async () => {
    const own = await make('createdByA');
    await expectRefused(techA, own.id, assign(own.id, techB.id), POLICY_MESSAGES.assignRequired);
    const held = await make('assignedToA');
    await expectRefused(techA, held.id, { method: 'DELETE', url: `${base(held.id)}/assign` });
    await expectRefused(techA, held.id, {
      method: 'PUT',
      url: '/api/interventions/bulk/assign',
      payload: { ids: [held.id], technicianId: techA.id },
    });
  });

  it('nor through the planification form; keeping the assignee is fine', async () => {
    const held = await make('assignedToA');
    const plan = (technicianId: number | null): InjectOptions => ({
      method: 'PUT',
      url: `${base(held.id)}/planification`,
      payload: { datePrevue: '2030-02-01', technicianId },
    });
    await expectRefused(techA, held.id, plan(techB.id), POLICY_MESSAGES.assignRequired);
    await expectRefused(techA, held.id, plan(null), POLICY_MESSAGES.assignRequired);
    await expectAllowed(techA, plan(techA.id));
  });

  it('the Responsable assigns, reassigns (single and bulk) and unassigns; the Consultation user may not', async () => {
    const ofB = await make('ofB');
    const res = await expectAllowed(resp, assign(ofB.id, techA.id));
    expect(res.json().data.technicianId).toBe(techA.id);
    await expectAllowed(resp, {
      method: 'PUT',
      url: '/api/interventions/bulk/assign',
      payload: { ids: [ofB.id], technicianId: techB.id },
    });
    await expectAllowed(resp, { method: 'DELETE', url: `${base(ofB.id)}/assign` });
    await expectRefused(viewer, ofB.id, assign(ofB.id, viewer.id));
  });
});

describe('timer', () => {
  it('a technician stops his own running session even once the intervention was given to someone else', async () => {
    const held = await make('assignedToA', 'EN_COURS');
    await expectAllowed(techA, { method: 'POST', url: `${base(held.id)}/timer/start` });
    await expectAllowed(resp, { method: 'PUT', url: `${base(held.id)}/assign`, payload: { technicianId: techB.id } });
    await expectRefused(techA, held.id, { method: 'POST', url: `${base(held.id)}/timer/start` });
    const stop = await expectAllowed(techA, { method: 'POST', url: `${base(held.id)}/timer/stop` });
    expect(stop.json().data.running).toBeNull();
  });
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
