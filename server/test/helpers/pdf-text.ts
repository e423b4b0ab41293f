import { inflateSync } from 'node:zlib';

/**
 * The text a PDF draws, line by line: each content stream is inflated (pdfkit compresses them), then the hex strings
 * of every TJ array are decoded as latin1 (pdfkit writes WinAnsi) and the chunks of one line joined. Reading the real
 * output keeps the renderer unmocked, so these files run in a shared worker like the others.
 */
export function pdfText(pdf: Buffer): string {
  const streams: string[] = [];
  for (const m of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const raw = Buffer.from(m[1] ?? '', 'latin1');
    try {
      streams.push(inflateSync(raw).toString('latin1'));
    } catch {
      streams.push(raw.toString('latin1')); // an uncompressed stream
    }
  }
  const lines: string[] = [];
  for (const m of streams.join('\n').matchAll(/\[([^\]]*)\] TJ/g)) {
    const parts = [...(m[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) =>
      Buffer.from(h[1] ?? '', 'hex').toString('latin1'),
    );
    lines.push(parts.join(''));
  }
  return lines.join('\n');
}
