import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { extract } from 'tar';
import { BackupError, MANIFEST_FILE, type Manifest, manifestSchema } from './manifest.ts';
import { sha256OfFile } from './uploads-archive.ts';

/**
 * Unpacks an archive into `folder` (only manifest.json, db/ and uploads/, plain files and folders) and checks
 * every member against the manifest before anything of the target is touched.
 */
export async function unpackAndVerify(file: string, folder: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError('INVALID_ARCHIVE', `Archive not found: ${file}`);
  try {
    await extract({
      file,
      cwd: folder,
      strict: true,
      filter: (path, entry) => {
        const type = 'type' in entry ? entry.type : entry.isDirectory() ? 'Directory' : 'File';
        if (type !== 'File' && type !== 'Directory') return false;
        const clean = path.replace(/^\.\//, '');
        return clean === MANIFEST_FILE || clean.startsWith('db/') || clean.startsWith('uploads/');
      },
    });
  } catch (err) {
    throw new BackupError('INVALID_ARCHIVE', `Not a readable .tar.gz archive: ${(err as Error).message}`);
  }
  const manifest = await readManifest(folder);
  const mismatch = (member: string) =>
    new BackupError(
      'CHECKSUM_MISMATCH',
      `The archive is damaged or was altered: ${member} does not match its manifest.`,
    );
  for (const table of manifest.tables) {
    const path = join(folder, table.file);
    if (!existsSync(path) || (await sha256OfFile(path)) !== table.sha256) throw mismatch(table.file);
  }
  for (const upload of manifest.uploads) {
    const path = join(folder, upload.file);
    if (!existsSync(path)) throw mismatch(upload.file);
    if ((await stat(path)).size !== upload.size || (await sha256OfFile(path)) !== upload.sha256) {
      throw mismatch(upload.file);
    }
  }
  return manifest;
}

async function readManifest(folder: string): Promise<Manifest> {
  const path = join(folder, MANIFEST_FILE);
  if (!existsSync(path)) throw new BackupError('INVALID_ARCHIVE', 'Not a GMAO backup: manifest.json is missing.');
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    throw new BackupError('INVALID_ARCHIVE', 'Not a GMAO backup: manifest.json is not JSON.');
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(
      'INVALID_ARCHIVE',
      `Not a GMAO backup this version can read: manifest ${issue?.path.join('.')}: ${issue?.message}`,
    );
  }
  return parsed.data;
}
