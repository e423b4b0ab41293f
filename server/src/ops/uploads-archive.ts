import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../storage/file-storage.ts';
import { discard, hashingStream } from './copy-data.ts';
import type { Manifest } from './manifest.ts';

/**
 * The one place where upload files move between the store and an archive's folder, only through the FileStorage
 * interface (so another store, S3-like, is backed up and restored the same way).
 */

type UploadEntry = Manifest['uploads'][number];

export const uploadMember = (key: string) => `uploads/${key}`;

/** Copies every stored file into `<folder>/uploads/<key>`; files gone in the meantime are reported, not fatal. */
export async function copyUploadsOut(
  storage: FileStorage,
  folder: string,
): Promise<{ uploads: UploadEntry[]; missing: string[] }> {
  const uploads: UploadEntry[] = [];
  const missing: string[] = [];
  for (const key of await storage.list()) {
    const file = await storage.open(key);
    if (!file) {
      missing.push(key);
      continue;
    }
    const member = uploadMember(key);
    const path = join(folder, member);
    await mkdir(dirname(path), { recursive: true });
    const hashing = hashingStream();
    const out = createWriteStream(path);
    await pipeline(file.stream, hashing.stream, out);
    uploads.push({ key, file: member, size: out.bytesWritten, sha256: hashing.digest() });
  }
  return { uploads, missing };
}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Writes the archive's files into the store. A key that already holds the same bytes is kept; another content
 * under the same key is replaced. Returns the keys it wrote, so that a failed restore can remove them.
 */
export async function copyUploadsIn(
  storage: FileStorage,
  folder: string,
  uploads: readonly UploadEntry[],
  written: string[],
): Promise<void> {
  for (const entry of uploads) {
    const existing = await storage.open(entry.key);
    if (existing) {
      const hashing = hashingStream();
      await pipeline(existing.stream, hashing.stream, discard());
      if (hashing.digest() === entry.sha256) continue;
      await storage.remove([entry.key]);
    }
    await storage.save(entry.key, createReadStream(join(folder, entry.file)));
    written.push(entry.key);
  }
}
