import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** manifest.json at the root of a backup archive: what restore checks before and after loading anything. */
export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'gmao-backup';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
// Archive member names: no absolute paths, no '..', nothing outside db/ and uploads/.
const member = (prefix: string) =>
  z
    .string()
    .startsWith(prefix)
    .refine((p) => !p.split('/').some((part) => part === '..' || part === '' || part === '.'), 'invalid path');

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  createdAt: z.string(),
  source: z.enum(['embedded', 'external']),
  serverVersion: z.string(),
  /** Applied migrations (schema_migrations) at backup time: the migration level. */
  migrations: z.array(z.string().regex(/^[\w.-]+\.sql$/)),
  copyFormat: z.literal('text'),
  tables: z.array(
    z.object({
      name: z.string().min(1),
      file: member('db/'),
      columns: z.array(z.string().min(1)).min(1),
      rows: z.number().int().min(0),
      sha256,
    }),
  ),
  uploads: z.array(
    z.object({ key: z.string().min(1), file: member('uploads/'), size: z.number().int().min(0), sha256 }),
  ),
  /** Keys listed by the store that were gone when their turn came (deleted while the backup ran). */
  missingUploads: z.array(z.string()),
});

export type Manifest = z.infer<typeof manifestSchema>;

export const tableMember = (table: string) => `db/${encodeURIComponent(table)}.copy`;

export type BackupErrorCode =
  | 'NOT_A_GMAO_DATABASE'
  | 'INVALID_ARCHIVE'
  | 'UNKNOWN_MIGRATIONS'
  | 'CHECKSUM_MISMATCH'
  | 'TARGET_NOT_EMPTY'
  | 'TARGET_IN_USE'
  | 'VERIFICATION_FAILED';

/** A refusal or a failed check, with a message meant for the operator (the CLI prints it alone). */
export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

let version: string | undefined;
/** The version of the root package.json (the app's), found by walking up from this file (source or dist). */
export function appVersion(): string {
  version ??= findAppVersion();
  return version;
}

function findAppVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  let fallback: string | undefined;
  for (let i = 0; i < 6; i++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      fallback ??= pkg.version;
      if (pkg.name === 'gmao' && pkg.version) return pkg.version;
    }
    dir = dirname(dir);
  }
  return fallback ?? 'unknown';
}
