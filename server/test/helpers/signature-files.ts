import type { Readable } from 'node:stream';
import { PNG } from 'pngjs';
import type { FileStorage } from '../../src/storage/file-storage.ts';

/**
 * Issue 32: signature images as a capture canvas makes them (white or transparent pad, dark pen), a JPEG, and a
 * FileStorage in memory whose keys a test can count ("nothing written").
 */
export function signaturePng(
  opts: {
    width?: number;
    height?: number;
    stroke?: boolean;
    transparent?: boolean;
    strokeWidth?: number;
    thickness?: number;
  } = {},
): Buffer {
  const width = opts.width ?? 600;
  const height = opts.height ?? 200;
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    png.data[i * 4] = 255;
    png.data[i * 4 + 1] = 255;
    png.data[i * 4 + 2] = 255;
    png.data[i * 4 + 3] = opts.transparent ? 0 : 255;
  }
  if (opts.stroke !== false) {
    // A wavy pen stroke across most of the pad, 3 px thick by default.
    const span = opts.strokeWidth ?? Math.floor(width * 0.8);
    const x0 = Math.floor((width - span) / 2);
    for (let x = x0; x < x0 + span; x++) {
      const yc = Math.round(height / 2 + Math.sin((x - x0) / 15) * (height / 5));
      const half = Math.floor((opts.thickness ?? 3) / 2);
      for (let dy = -half; dy <= half; dy++) {
        const y = yc + dy;
        if (y < 0 || y >= height) continue;
        const o = (y * width + x) * 4;
        png.data[o] = 20;
        png.data[o + 1] = 30;
        png.data[o + 2] = 90;
        png.data[o + 3] = 255;
      }
    }
  }
  return PNG.sync.write(png);
}

/** A minimal JPEG (SOI, APP0 JFIF, EOI): file-type sniffs it as image/jpeg. */
export const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

export function memoryStorage(): FileStorage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    async save(key: string, data: Readable) {
      const chunks: Buffer[] = [];
      for await (const c of data as AsyncIterable<Buffer>) chunks.push(Buffer.from(c));
      const bytes = Buffer.concat(chunks);
      files.set(key, bytes);
      return bytes.length;
    },
    async open(key: string) {
      const bytes = files.get(key);
      if (!bytes) return null;
      const { Readable } = await import('node:stream');
      // a byte stream, as the disk and S3 storages give (an object-mode one is read whole by content sniffing)
      return { stream: Readable.from([bytes], { objectMode: false }), size: bytes.length };
    },
    async remove(keys: readonly string[]) {
      for (const k of keys) files.delete(k);
    },
    async list() {
      return [...files.keys()].sort();
    },
  };
}

const BOUNDARY = '----gmaobonboundary';

/** A multipart body: text fields, then files. */
export function multipartBody(
  fields: Record<string, string>,
  files: { field: string; filename: string; type: string; content: Buffer }[] = [],
) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat(parts),
  };
}
