import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { createIntervention, createUser } from './factories.ts';

export type Actor = { id: number; token: string };

/** The app and the actors of the sync tests (intervention-sync*.test.ts). */
export interface SyncFixtures {
  t: TestApp;
  /** The seeded administrator's token. */
  admin: string;
  /** The technician who syncs (Amine), another technician (Badr) and a Consultation user. */
  tech: Actor;
  otherTech: Actor;
  viewer: Actor;
}

export const HOUR = 3_600_000;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

type Change = { clientId?: string; type: string; at?: string; payload: object };

/**
 * The per-file set-up of the sync tests: registers the hooks that build a fresh app with its actors before the tests
 * and close it after, and returns the requests and reads the tests repeat. Call it at the top level of a test file;
 * `fixtures` is filled in beforeAll.
 */
export function useSyncFixtures() {
  const fixtures = {} as SyncFixtures;

  beforeAll(async () => {
    const t = await createTestApp();
    const admin = await t.adminToken();
    const actor = async (nom: string, role: string) => {
      const u = await createUser(t.database.db, { nom, role });
      return { id: u.id, token: (await t.login(u.username, u.password)).token };
    };
    const tech = await actor('Amine Technicien', 'Technicien');
    const otherTech = await actor('Badr Technicien', 'Technicien');
    const viewer = await actor('Vanessa Consultation', 'Consultation');
    Object.assign(fixtures, { t, admin, tech, otherTech, viewer });
  });
  afterAll(() => fixtures.t?.close());

  let counter = 0;
  const cid = () => `dev-${++counter}`;

  /** A change as a device sends it: a fresh clientId and an hour ago unless given. */
  const change = (c: Change) => ({
    clientId: c.clientId ?? cid(),
    at: c.at ?? ago(HOUR),
    type: c.type,
    payload: c.payload,
  });
  /** POST /interventions/:id/sync, as the technician unless another token is given. */
  const sync = (id: number, baseVersion: number, changes: Change[] | object[], token = fixtures.tech.token) =>
    fixtures.t.as(token, {
      method: 'POST',
      url: `/api/interventions/${id}/sync`,
      payload: { baseVersion, changes: changes.map((c) => ('type' in c ? change(c as Change) : c)) },
    });

  /**
   * An intervention the technician works on (assigned to him), with a two-step checklist, created a day ago (no timer
   * session may start before the intervention was created).
   */
  async function assignedIntervention(statut: 'PLANIFIEE' | 'EN_COURS' = 'PLANIFIEE') {
    const { t, admin, tech } = fixtures;
    const createdAt = new Date(Date.now() - 24 * HOUR);
    const i = await createIntervention(t.database.db, { statut, technicianId: tech.id, createdAt });
    let items: { id: number; label: string }[] = [];
    for (const label of ['Consignation', 'Mesure d’isolement']) {
      const res = await t.as(admin, {
        method: 'POST',
        url: `/api/interventions/${i.id}/checklist`,
        payload: { label },
      });
      items = res.json().data.items;
    }
    return { id: i.id, items, version: await version(i.id) };
  }

  async function version(id: number) {
    const { rows } = await fixtures.t.database.db.execute<{ version: number }>(
      sql`SELECT version FROM interventions WHERE id = ${id}`,
    );
    return rows[0].version;
  }
  /** The rows of `table` that belong to the intervention. */
  async function count(table: string, id: number) {
    const { rows } = await fixtures.t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE intervention_id = ${id}`,
    );
    return rows[0].n;
  }

  return { fixtures, change, sync, assignedIntervention, version, count };
}
