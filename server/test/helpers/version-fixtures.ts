import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { PDF } from './sample-files.ts';

/** The app of the intervention version tests (intervention-versions*.test.ts). */
export interface VersionFixtures {
  t: TestApp;
  /** The seeded administrator's token and id: every request of `send` and `upload` is his. */
  admin: string;
  adminId: number;
}

export const url = (id: number, rest = '') => `/api/interventions/${id}${rest}`;

const BOUNDARY = '----gmaoversionboundary';
const multipart = (content: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="mesures.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

/**
 * The per-file set-up of the version tests: registers the hooks that build a fresh app (attachments in a temporary
 * DATA_DIR) before the tests and remove it after, and returns the requests and reads the tests repeat. Call it at the
 * top level of a test file; `fixtures` is filled in beforeAll.
 */
export function useVersionFixtures() {
  const fixtures = {} as VersionFixtures;
  let dataDir: string | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gmao-versions-'));
    process.env.DATA_DIR = dataDir;
    const t = await createTestApp();
    const admin = await t.adminToken();
    const adminId = (await t.as(admin, { method: 'GET', url: '/api/auth/profile' })).json().data.id;
    Object.assign(fixtures, { t, admin, adminId });
  });
  afterAll(async () => {
    await fixtures.t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const send = (
    method: InjectOptions['method'],
    path: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => fixtures.t.as(fixtures.admin, { method, url: path, headers, ...(payload ? { payload } : {}) });

  /** The stored row, whatever its state (trash and archive included). */
  async function stored(id: number) {
    const { rows } = await fixtures.t.database.db.execute<{
      version: number;
      statut: string;
      technician_id: number | null;
    }>(sql`SELECT version, statut, technician_id FROM interventions WHERE id = ${id}`);
    return rows[0];
  }

  /** Uploads a PDF to the intervention as the admin. */
  const upload = (id: number, headers: Record<string, string> = {}) =>
    fixtures.t.as(fixtures.admin, {
      method: 'POST',
      url: url(id, '/attachments'),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
      payload: multipart(PDF),
    });

  const firstChecklistItem = async (id: number) => {
    const res = await send('POST', url(id, '/checklist'), { label: 'Contrôle visuel' });
    return res.json().data.items[0].id as number;
  };

  return { fixtures, send, stored, upload, firstChecklistItem };
}
