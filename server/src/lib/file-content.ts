import type { Readable } from 'node:stream';
import { ATTACHMENT_CONTENT, type AttachmentType } from '@gmao/domain/interventions/attachment-schemas';
import { fileTypeFromStream } from 'file-type';

/**
 * Bytes a text file never holds: C0 controls other than tab, LF, VT, FF, CR (and SUB, the old DOS end-of-file
 * mark). Executables, images and archives all contain NUL bytes; UTF-8 and the Windows-1252 CSV files Excel writes
 * in fr-FR contain none of these.
 */
function isBinaryByte(b: number): boolean {
  return b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0b && b !== 0x0c && b !== 0x0d && b !== 0x1a;
}

async function isText(stream: Readable): Promise<boolean> {
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (chunk.some(isBinaryByte)) {
      stream.destroy();
      return false;
    }
  }
  return true;
}

/**
 * Whether stored bytes are what their type claims (ATTACHMENT_CONTENT): a signature type must be sniffed by
 * file-type as one of its MIME types (an ELF or PE executable renamed '.pdf' is not); a text type (txt, csv, which
 * have no magic bytes) must contain no binary control byte. Content sniffing reads as far into the file as the format
 * needs (zip-based office documents are recognised by their entries), so it runs on the stored file.
 */
export async function contentMatches(type: AttachmentType, open: () => Promise<Readable | null>): Promise<boolean> {
  const expected: readonly string[] | 'text' = ATTACHMENT_CONTENT[type];
  const stream = await open();
  if (!stream) return false;
  try {
    if (expected === 'text') return await isText(stream);
    const detected = await fileTypeFromStream(stream);
    return detected !== undefined && expected.includes(detected.mime);
  } finally {
    stream.destroy();
  }
}
