import { expect } from 'vitest';
import { baseURL } from './app.ts';
import { E2E_ADMIN } from './server.ts';

/** A PDF of the API, as the administrator downloads it. */
export async function adminPdf(path: string): Promise<Buffer> {
  const login = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const res = await fetch(`${baseURL()}/api${path}`, { headers: { authorization: `Bearer ${data.token}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The text of a PDF as pdf.js extracts it. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  let text = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    for (const item of content.items as { str?: string; hasEOL?: boolean }[]) {
      text += (item.str ?? '') + (item.hasEOL ? '\n' : '');
    }
  }
  await doc.destroy();
  return text;
}
