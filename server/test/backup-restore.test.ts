import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { create as createTar, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { migrationsDir } from '../src/db/migrate.ts';
import { createBackup } from '../src/ops/backup.ts';
import type { Manifest } from '../src/ops/manifest.ts';
import { restoreBackup } from '../src/ops/restore.ts';
import { localDiskStorage } from '../src/storage/file-storage.ts';
import { withDatabase } from './global-setup.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { editManifest, type Fingerprint, fingerprint, schemaOf, tableCount } from './helpers/backup-fixtures.ts';
import { TEST_ADMIN } from './helpers/constants.ts';
import { createEquipment, createIntervention } from './helpers/factories.ts';

/**
 * Backup and restore (server/src/ops/, ARCHITECTURE.md "Backup and restore"): a seeded source is backed up once, then
 * restored into empty databases and DATA_DIRs (rows, schema and files compared), over itself with --force, from
 * altered archives (refused before touching the target) and under newer migrations. The nightly schedule and its
 * retention are in backup-restore-nightly.test.ts.
 */
let t: TestApp;
let admin: string;
let work: string;
let sourceDir: string;
let archive: string;
let manifest: Manifest;
/** Row count and digest of every table of the source right after the backup. */
let atBackup: Record<string, Fingerprint>;
let seeded: { interventionId: number; attachmentId: number };
const opened: Database[] = [];
const previousDataDir = process.env.DATA_DIR;

// Every byte value, so that the file round trip is checked byte for byte.
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n% relevé\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);
const uploadsOf = (dataDir: string) => join(dataDir, 'uploads');

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'gmao-backup-test-'));
  sourceDir = join(work, 'source');
  // The app's uploads folder is DATA_DIR/uploads, resolved at its first file operation.
  process.env.DATA_DIR = sourceDir;
  t = await createTestApp();
  admin = await t.adminToken();
  seeded = await seed();
  archive = join(work, 'a.tar.gz');
  ({ manifest } = await createBackup({
    pool: t.database.pool,
    storage: localDiskStorage(uploadsOf(sourceDir)),
    out: archive,
    source: 'external',
  }));
  atBackup = await fingerprint(t.database.pool);
});

afterAll(async () => {
  await t.close();
  for (const database of opened) await database.close();
  await rm(work, { recursive: true, force: true });
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
});

/** Clients, equipment, interventions with history, comments (tabs, backslashes, new lines), materials, a file. */
async function seed() {
  const client = await t.as(admin, {
    method: 'POST',
    url: '/api/clients',
    payload: {
      nom_entreprise: `Société "Atlas" d'Énergie ${randomBytes(3).toString('hex')}`,
      secteur_activite: 'Énergie',
      adresse: 'Zone industrielle\nLot 12 \\ bâtiment B',
      ville: 'Kénitra',
      contact_principal: 'Nadia Berrada',
      telephone_contact: '0612345678',
    },
  });
  expect(client.statusCode).toBe(201);
  const eq = await createEquipment(t.database.db, { proprietaireId: client.json().data.id, valeur: '125000.50' });
  const i = await createIntervention(t.database.db, { equipementId: eq.id, urgence: true });
  await createIntervention(t.database.db, { equipementId: eq.id });
  for (const statut of ['EN_COURS', 'TERMINEE']) {
    const res = await t.as(admin, { method: 'PUT', url: `/api/interventions/${i.id}/status`, payload: { statut } });
    expect(res.statusCode).toBe(200);
  }
  const comment = await t.as(admin, {
    method: 'POST',
    url: `/api/interventions/${i.id}/comments`,
    payload: { comment: 'Câble\tremplacé \\ isolant\nà surveiller' },
  });
  expect(comment.statusCode).toBe(201);
  const material = await t.as(admin, {
    method: 'POST',
    url: `/api/interventions/${i.id}/materials`,
    payload: { designation: 'Fusible 63 A', quantite: '2.5', prixUnitaire: '149.90' },
  });
  expect(material.statusCode).toBe(201);
  const upload = await uploadPdf(t.app, admin, i.id);
  expect(upload.statusCode).toBe(201);
  return { interventionId: i.id, attachmentId: upload.json().data.id as number };
}

function uploadPdf(app: FastifyInstance, token: string, interventionId: number) {
  const B = '----gmaobackup';
  const head = `--${B}\r\nContent-Disposition: form-data; name="file"; filename="Relevé.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return app.inject({
    method: 'POST',
    url: `/api/interventions/${interventionId}/attachments`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${B}` },
    payload: Buffer.concat([Buffer.from(head), PDF, Buffer.from(`\r\n--${B}--\r\n`)]),
  });
}

/** A new empty database on the test server (named so that the run's teardown drops it) and a new DATA_DIR. */
async function emptyTarget() {
  const name = `${inject('templateDb').replace('tpl', 'f')}_r${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: inject('dbServerUrl') });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  } finally {
    await client.end();
  }
  const database = openDatabase(withDatabase(inject('dbServerUrl'), name), { max: 3 });
  opened.push(database);
  const dataDir = join(work, name);
  return { database, dataDir, storage: localDiskStorage(uploadsOf(dataDir)) };
}

/** Unpacks the archive, lets `change` alter it, packs it again. */
async function tampered(change: (folder: string) => Promise<void>): Promise<string> {
  const folder = await mkdtemp(join(work, 'tamper-'));
  await extract({ file: archive, cwd: folder });
  await change(folder);
  const file = `${folder}.tar.gz`;
  await createTar({ gzip: true, file, cwd: folder }, ['manifest.json', 'db', 'uploads']);
  return file;
}

describe('backup → wipe → restore', () => {
  it('restores every row and file into an empty database: counts, checksums and the downloaded attachment', async () => {
    expect(manifest.migrations).toContain('0000_init.sql');
    expect(manifest.uploads).toHaveLength(1);
    for (const table of manifest.tables) expect(table.rows, table.name).toBe(atBackup[table.name].rows);
    expect(manifest.tables.map((t) => t.name).sort()).toEqual(Object.keys(atBackup).sort());
    expect(atBackup.intervention_history.rows).toBe(2); // EN_COURS, TERMINEE

    const target = await emptyTarget();
    const result = await restoreBackup({ pool: target.database.pool, storage: target.storage, file: archive });
    expect(result.appliedAfter).toEqual([]);
    expect(await fingerprint(target.database.pool)).toEqual(atBackup);
    expect(await schemaOf(target.database.pool)).toEqual(await schemaOf(t.database.pool));

    // The restored DATA_DIR serves the app: same login, same attachment bytes, new rows get fresh ids.
    process.env.DATA_DIR = target.dataDir;
    const app = await buildApp({
      database: target.database,
      jwtSecret: randomBytes(32).toString('hex'),
      logLevel: 'silent',
    });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: TEST_ADMIN });
      expect(login.statusCode).toBe(200);
      const token = login.json().data.token;
      const { interventionId, attachmentId } = seeded;
      const file = await app.inject({
        method: 'GET',
        url: `/api/interventions/${interventionId}/attachments/${attachmentId}/download`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
      const second = await uploadPdf(app, token, interventionId);
      expect(second.statusCode).toBe(201);
      expect(second.json().data.id).toBeGreaterThan(attachmentId);
    } finally {
      await app.close();
    }
  });

  it('refuses a target that holds tables or files; --force replaces it with the archive', async () => {
    const sourceStorage = localDiskStorage(uploadsOf(sourceDir));
    await expect(restoreBackup({ pool: t.database.pool, storage: sourceStorage, file: archive })).rejects.toMatchObject(
      { code: 'TARGET_NOT_EMPTY' },
    );

    const filesOnly = await emptyTarget();
    await mkdir(join(uploadsOf(filesOnly.dataDir), 'old'), { recursive: true });
    await writeFile(join(uploadsOf(filesOnly.dataDir), 'old', 'photo.jpg'), 'x');
    await expect(
      restoreBackup({ pool: filesOnly.database.pool, storage: filesOnly.storage, file: archive }),
    ).rejects.toMatchObject({ code: 'TARGET_NOT_EMPTY' });
    expect(await tableCount(filesOnly.database.pool)).toBe(0);

    // The source moves on after the backup: its attachment is deleted, a client added, a stray file appears.
    const { interventionId, attachmentId } = seeded;
    const del = await t.as(admin, {
      method: 'DELETE',
      url: `/api/interventions/${interventionId}/attachments/${attachmentId}`,
    });
    expect(del.statusCode).toBe(200);
    await createEquipment(t.database.db);
    await writeFile(join(uploadsOf(sourceDir), 'stray.txt'), 'stray');
    expect(await fingerprint(t.database.pool)).not.toEqual(atBackup);
    // The interventions list's pages an instance kept before the restore are never served after it (list-cache.ts).
    const listVersion = async () =>
      Number((await t.database.pool.query('SELECT sum(n) AS v FROM list_cache_versions')).rows[0].v);
    const before = await listVersion();

    await restoreBackup({ pool: t.database.pool, storage: sourceStorage, file: archive, force: true });
    expect(await fingerprint(t.database.pool)).toEqual(atBackup);
    expect(await listVersion()).toBeGreaterThan(before);
    expect(await sourceStorage.list()).toEqual(manifest.uploads.map((u) => u.key));
    const file = await t.as(await t.adminToken(), {
      method: 'GET',
      url: `/api/interventions/${interventionId}/attachments/${attachmentId}/download`,
    });
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses an altered archive before touching the target, and rolls back when a count does not match', async () => {
    const copyAltered = await tampered(async (folder) => {
      const path = join(folder, 'db', 'clients.copy');
      await writeFile(path, (await readFile(path, 'utf8')).replace('Kénitra', 'Tanger'));
    });
    const fileAltered = await tampered(async (folder) => {
      const key = manifest.uploads[0].file;
      await writeFile(join(folder, key), Buffer.concat([PDF, Buffer.from('!')]));
    });
    const countAltered = await tampered((folder) =>
      editManifest(folder, (m) => {
        const clients = m.tables.find((x) => x.name === 'clients');
        if (clients) clients.rows += 1;
      }),
    );
    const fromTheFuture = await tampered((folder) =>
      editManifest(folder, (m) => {
        m.migrations.push('9999_future.sql');
      }),
    );
    const cases = [
      [copyAltered, 'CHECKSUM_MISMATCH'],
      [fileAltered, 'CHECKSUM_MISMATCH'],
      [countAltered, 'VERIFICATION_FAILED'],
      [fromTheFuture, 'UNKNOWN_MIGRATIONS'],
    ] as const;
    const target = await emptyTarget();
    for (const [file, code] of cases) {
      await expect(
        restoreBackup({ pool: target.database.pool, storage: target.storage, file }),
        code,
      ).rejects.toMatchObject({ code });
      expect(await tableCount(target.database.pool)).toBe(0);
      expect(await target.storage.list()).toEqual([]);
    }
    // Untouched, the same target then takes the genuine archive.
    await restoreBackup({ pool: target.database.pool, storage: target.storage, file: archive });
    expect(await fingerprint(target.database.pool)).toEqual(atBackup);
  });

  it("applies this build's migrations newer than the archive after loading its rows", async () => {
    const dir = join(work, 'migrations-next');
    await cp(migrationsDir(), dir, { recursive: true });
    await writeFile(
      join(dir, '0099_backup_test.sql'),
      "ALTER TABLE clients ADD COLUMN backup_note text NOT NULL DEFAULT 'migrée';",
    );
    const target = await emptyTarget();
    const result = await restoreBackup({
      pool: target.database.pool,
      storage: target.storage,
      file: archive,
      migrationsDir: dir,
    });
    expect(result.appliedAfter).toEqual(['0099_backup_test.sql']);
    const { rows } = await target.database.pool.query<{ notes: string[]; level: string[] }>(
      `SELECT (SELECT array_agg(DISTINCT backup_note) FROM clients) AS notes,
              (SELECT array_agg(name ORDER BY name) FROM schema_migrations) AS level`,
    );
    expect(rows[0].notes).toEqual(['migrée']);
    expect(rows[0].level).toEqual([...manifest.migrations, '0099_backup_test.sql']);
  });
});
