import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { create as createTar, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { migrationsDir } from '../src/db/migrate.ts';
import { createBackup } from '../src/ops/backup.ts';
import type { Manifest } from '../src/ops/manifest.ts';
import { BACKUP_LOCK, backupFileName, pruneBackups, runScheduledBackup } from '../src/ops/nightly.ts';
import { restoreBackup } from '../src/ops/restore.ts';
import { localDiskStorage } from '../src/storage/file-storage.ts';
import { withDatabase } from './global-setup.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { TEST_ADMIN } from './helpers/constants.ts';
import { createEquipment, createIntervention } from './helpers/factories.ts';

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

interface Fingerprint {
  rows: number;
  md5: string;
}

/** Computed with plain SQL, independently of the COPY code under test. */
async function fingerprint(pool: pg.Pool): Promise<Record<string, Fingerprint>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const result: Record<string, Fingerprint> = {};
  for (const { name } of tables) {
    const { rows } = await pool.query<Fingerprint>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text COLLATE "C"), '')) AS md5
       FROM "${name}" AS r`,
    );
    result[name] = rows[0];
  }
  return result;
}

/** Constraints and indexes, so that a restore that loses a foreign key or an index shows. */
async function schemaOf(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ def: string }>(
    `SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS def
     FROM pg_constraint WHERE connamespace = 'public'::regnamespace
     UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'
     ORDER BY 1`,
  );
  return rows.map((r) => r.def);
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

const tableCount = async (pool: pg.Pool) =>
  (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0].n;

/** Unpacks the archive, lets `change` alter it, packs it again. */
async function tampered(change: (folder: string) => Promise<void>): Promise<string> {
  const folder = await mkdtemp(join(work, 'tamper-'));
  await extract({ file: archive, cwd: folder });
  await change(folder);
  const file = `${folder}.tar.gz`;
  await createTar({ gzip: true, file, cwd: folder }, ['manifest.json', 'db', 'uploads']);
  return file;
}

async function editManifest(folder: string, edit: (m: Manifest) => void) {
  const path = join(folder, 'manifest.json');
  const m = JSON.parse(await readFile(path, 'utf8')) as Manifest;
  edit(m);
  await writeFile(path, JSON.stringify(m));
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

    await restoreBackup({ pool: t.database.pool, storage: sourceStorage, file: archive, force: true });
    expect(await fingerprint(t.database.pool)).toEqual(atBackup);
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

describe('nightly backups', () => {
  const archiveAt = (day: number) => backupFileName(new Date(Date.UTC(2020, 0, day, 2)));

  it('keeps the N newest archives and deletes older ones, leaving other files alone', async () => {
    const dir = await mkdtemp(join(work, 'keep-'));
    const names = [5, 1, 4, 2, 3].map(archiveAt);
    for (const name of [...names, 'notes.txt', 'manual.tar.gz']) await writeFile(join(dir, name), '');
    expect(await pruneBackups(dir, 2)).toEqual([1, 2, 3].map(archiveAt));
    expect((await readdir(dir)).sort()).toEqual([archiveAt(4), archiveAt(5), 'manual.tar.gz', 'notes.txt']);
    expect(await pruneBackups(dir, 2)).toEqual([]);
    expect(await pruneBackups(join(dir, 'missing'), 2)).toEqual([]);
  });

  it('runs only where the advisory lock is free, then prunes beyond keep', async () => {
    const dir = await mkdtemp(join(work, 'nightly-'));
    for (const day of [1, 2, 3]) await writeFile(join(dir, archiveAt(day)), '');
    const opts = {
      pool: t.database.pool,
      storage: localDiskStorage(uploadsOf(sourceDir)),
      dir,
      keep: 2,
      source: 'external' as const,
    };
    const other = await t.database.pool.connect();
    try {
      // Another instance is backing up.
      await other.query('SELECT pg_advisory_lock($1)', [BACKUP_LOCK]);
      expect(await runScheduledBackup(opts)).toEqual({ skipped: true });
      expect(await readdir(dir)).toHaveLength(3);
    } finally {
      await other.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK]);
      other.release();
    }
    const now = new Date();
    const run = await runScheduledBackup({ ...opts, now: () => now });
    expect(run).toEqual({ skipped: false, file: join(dir, backupFileName(now)), pruned: [1, 2].map(archiveAt) });
    expect((await readdir(dir)).sort()).toEqual([archiveAt(3), backupFileName(now)]);
    expect(existsSync(join(dir, backupFileName(now)))).toBe(true);
  });

  it('reads BACKUP_CRON, BACKUP_DIR and BACKUP_KEEP from the environment', () => {
    expect(loadConfig({})).toMatchObject({ BACKUP_KEEP: 7 });
    expect(loadConfig({}).BACKUP_CRON).toBeUndefined();
    expect(loadConfig({ BACKUP_CRON: '0 2 * * *', BACKUP_KEEP: '3' })).toMatchObject({
      BACKUP_CRON: '0 2 * * *',
      BACKUP_KEEP: 3,
    });
    expect(() => loadConfig({ BACKUP_CRON: 'chaque nuit' })).toThrow(/BACKUP_CRON/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });
});
