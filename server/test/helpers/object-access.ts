import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { createIntervention, createUser } from './factories.ts';

export type Actor = { id: number; token: string };
export type Statut = 'PLANIFIEE' | 'EN_COURS' | 'TERMINEE';
type Ownership = 'createdByA' | 'assignedToA' | 'ofB' | 'unassigned';

/** The app and the actors of the object-level access tests (intervention-object-access*.test.ts). */
export interface ObjectAccessFixtures {
  t: TestApp;
  /** Two technicians (Amine, Badr), one Responsable and one Consultation user. */
  techA: Actor;
  techB: Actor;
  resp: Actor;
  viewer: Actor;
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

export const base = (id: number) => `/api/interventions/${id}`;

/**
 * The per-file set-up of the object-level access tests: registers the hooks that build a fresh app (attachments in a
 * temporary DATA_DIR) with its actors before the tests and remove them after, and returns the checks the tests
 * repeat. Call it at the top level of a test file; `fixtures` is filled in beforeAll.
 */
export function useObjectAccess() {
  const fixtures = {} as ObjectAccessFixtures;
  let current: { t: TestApp; dataDir: string } | undefined;
  const app = () => {
    if (!current) throw new Error('useObjectAccess: the app is built in beforeAll; use it inside hooks and tests');
    return current.t;
  };

  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'gmao-object-access-'));
    process.env.DATA_DIR = dataDir;
    const t = await createTestApp();
    current = { t, dataDir };
    const actor = async (nom: string, role: string) => {
      const u = await createUser(t.database.db, { nom, role });
      return { id: u.id, token: (await t.login(u.username, u.password)).token };
    };
    const techA = await actor('Amine Technicien', 'Technicien');
    const techB = await actor('Badr Technicien', 'Technicien');
    const resp = await actor('Rachid Responsable', 'Responsable');
    const viewer = await actor('Vanessa Consultation', 'Consultation');
    Object.assign(fixtures, { t, techA, techB, resp, viewer });
  });
  afterAll(async () => {
    await current?.t.close();
    if (current) await rm(current.dataDir, { recursive: true, force: true });
  });

  /** A's interventions are created by A or assigned to A; B's are created by the Responsable and assigned to B. */
  function make(ownership: Ownership, statut: Statut = 'PLANIFIEE') {
    const { techA, techB, resp } = fixtures;
    const facts = {
      createdByA: { creerPar: techA.id, technicianId: null },
      assignedToA: { creerPar: resp.id, technicianId: techA.id },
      ofB: { creerPar: resp.id, technicianId: techB.id },
      unassigned: { creerPar: resp.id, technicianId: null },
    }[ownership];
    return createIntervention(app().database.db, { statut, ...facts });
  }

  /** Everything stored about the intervention: its row and the rows of every sub-resource. */
  async function snapshot(id: number) {
    const parts = TABLES.map(
      (table) =>
        sql`${table}::text, (SELECT COALESCE(jsonb_agg(to_jsonb(x) ORDER BY to_jsonb(x)::text), '[]') FROM ${sql.identifier(table)} x WHERE x.intervention_id = ${id})`,
    );
    const { rows } = await app().database.db.execute<{ s: unknown }>(
      sql`SELECT jsonb_build_object('intervention', (SELECT to_jsonb(i) FROM interventions i WHERE i.id = ${id}), ${sql.join(parts, sql`, `)}) AS s`,
    );
    return rows[0].s;
  }

  const send = (actor: Actor, opts: InjectOptions) => app().as(actor.token, opts);

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

  return { fixtures, make, snapshot, send, expectRefused, expectAllowed };
}
