import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { createRole, createUser } from './factories.ts';

export type Person = Awaited<ReturnType<typeof createUser>> & { token: string };

/** A notification as written (notifications table). */
export type NotificationRow = {
  user_id: number;
  event: string;
  type: string;
  title: string;
  message: string;
  intervention_id: number | null;
};

/** The app and the people of the notification tests (notifications.test.ts, notifications-events.test.ts). */
export interface NotificationFixtures {
  t: TestApp;
  /** One more administrator (the seeded one exists too). */
  admin: Person;
  /** The Responsable of the north section (another one holds the south). */
  responsable: Person;
  /** A user whose role reads and approves interventions. */
  approver: Person;
  /** Two technicians of the north section. */
  tech1: Person;
  tech2: Person;
  /** A user whose role only reads interventions. */
  reader: Person;
}

export const recipients = (rows: NotificationRow[], event: string) =>
  rows.filter((r) => r.event === event).map((r) => r.user_id);
export const ids = (...people: Person[]) => people.map((p) => p.id).sort((a, b) => a - b);

/**
 * The per-file set-up of the notification tests: registers the hooks that build a fresh app with its people before the
 * tests and close it after them, and returns the queries the tests repeat. Call it at the top level of a test file;
 * `fixtures` is filled in beforeAll.
 */
export function useNotificationFixtures() {
  const fixtures = {} as NotificationFixtures;
  let t: TestApp | undefined;
  const app = () => {
    if (!t) throw new Error('useNotificationFixtures: the app is built in beforeAll; use it inside hooks and tests');
    return t;
  };

  async function person(role: string, sectionId: number | null = null): Promise<Person> {
    const u = await createUser(app().database.db, {
      role,
      sectionId,
      nom: `${role} ${randomBytes(2).toString('hex')}`,
    });
    return { ...u, token: (await app().login(u.username, u.password)).token };
  }

  async function section(nom: string) {
    const { rows } = await app().database.db.execute<{ id: number }>(
      sql`INSERT INTO sections (nom) VALUES (${nom}) RETURNING id`,
    );
    return rows[0]!.id;
  }

  /** The notifications written since `mark` (a notifications.id), recipients sorted. */
  async function since(mark: number): Promise<NotificationRow[]> {
    const { rows } = await app().database.db.execute<NotificationRow>(
      sql`SELECT user_id, event, type, title, message, intervention_id FROM notifications WHERE id > ${mark} ORDER BY user_id, id`,
    );
    return rows;
  }
  async function mark(): Promise<number> {
    const { rows } = await app().database.db.execute<{ m: number }>(
      sql`SELECT COALESCE(max(id), 0)::int AS m FROM notifications`,
    );
    return rows[0]!.m;
  }

  async function seededAdminIds(): Promise<number[]> {
    const { rows } = await app().database.db.execute<{ id: number }>(
      sql`SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE r.nom = 'Administrateur' AND u.enabled AND u.deleted_at IS NULL`,
    );
    return rows.map((r) => r.id);
  }

  beforeAll(async () => {
    t = await createTestApp();
    const north = await section('Nord');
    const south = await section('Sud');
    // The seeded administrator exists too; the admin of this file is one more.
    const admin = await person('Administrateur');
    const responsable = await person('Responsable', north);
    await person('Responsable', south); // another section's responsible: never told about the north's urgencies
    await createRole(t.database.db, 'Validateur', ['interventions:read', 'interventions:approve']);
    const approver = await person('Validateur');
    const tech1 = await person('Technicien', north);
    const tech2 = await person('Technicien', north);
    await createRole(t.database.db, 'Lecteur', ['interventions:read']);
    const reader = await person('Lecteur');
    Object.assign(fixtures, { t, admin, responsable, approver, tech1, tech2, reader });
  });
  afterAll(() => t?.close());

  return { fixtures, person, since, mark, seededAdminIds };
}
