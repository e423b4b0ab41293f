import { SIGNATURE_LIMITS as L, SIGNATURE_MESSAGES as M } from '@gmao/domain/interventions/signature-schemas';
import { PNG } from 'pngjs';
import { AppError } from '../../../lib/app-error.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const refuse = (code: 'BAD_REQUEST' | 'UNSUPPORTED_MEDIA_TYPE', message: string) =>
  new AppError(code, message, [{ field: 'image', msg: message }]);

/**
 * Checks a signature image before anything is stored (issue 32): a PNG by its bytes (not its name or declared type;
 * 415 otherwise), of a size the capture canvas gives (read from IHDR before decoding, so a 40 000-pixel-wide bomb is
 * refused unread), that decodes (pngjs), and that holds a signature: enough inked pixels — opaque enough and dark
 * (the pen on a white or transparent canvas) — spread wide enough. A blank or nearly blank pad is refused (400).
 */
export function checkSignaturePng(bytes: Buffer): { width: number; height: number; ink: number } {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC) || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    throw refuse('UNSUPPORTED_MEDIA_TYPE', M.notPng);
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width > L.maxWidth || height > L.maxHeight) throw refuse('BAD_REQUEST', M.tooManyPixels);
  if (width < L.minWidth || height < L.minHeight) throw refuse('BAD_REQUEST', M.tooSmall);
  let png: PNG;
  try {
    png = PNG.sync.read(bytes);
  } catch {
    throw refuse('UNSUPPORTED_MEDIA_TYPE', M.notPng);
  }
  // pngjs gives RGBA 8 bits per channel whatever the source's colour type and depth.
  const data = png.data;
  let ink = 0;
  let minX = png.width;
  let maxX = -1;
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const o = (y * png.width + x) * 4;
      const alpha = data[o + 3]!;
      if (alpha < 64) continue;
      const luminance = 0.2126 * data[o]! + 0.7152 * data[o + 1]! + 0.0722 * data[o + 2]!;
      if (luminance >= 160) continue;
      ink++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
    }
  }
  if (ink < L.minInk) throw refuse('BAD_REQUEST', M.empty);
  if (maxX - minX + 1 < L.minInkSpan) throw refuse('BAD_REQUEST', M.tooSmall);
  return { width: png.width, height: png.height, ink };
}
