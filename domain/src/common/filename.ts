/** Names of uploaded files as stored and served back (ASVS V12.3: user-supplied file names are sanitised). */
export const MAX_FILENAME_LENGTH = 200;
export const FALLBACK_FILENAME = 'fichier';

/** Control characters (Unicode Cc): C0 (NUL, CR, LF, tab…), DEL and C1. */
const CONTROL_CHARS = /\p{Cc}/gu;
/** Zero-width and bidirectional controls: 'facture\u202Efdp.exe' would display as 'facture' + 'exe.pdf'. */
const INVISIBLE_CHARS = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
/** Half of a surrogate pair without the other half (not valid UTF-8 once stored). */
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** A trailing extension worth keeping when the name is cut ('.pdf', '.docx'). */
const EXTENSION = /\.[^.\s]{1,10}$/;

const trimDotsAndSpaces = (s: string) => s.replace(/^[\s.]+|[\s.]+$/gu, '');

/**
 * A file name safe to store, show and put in a header: NFC, only the last path component (no `/` or `\`), no control
 * or invisible characters, no leading or trailing dots and spaces, at most MAX_FILENAME_LENGTH characters (the
 * extension is kept when the name is cut); 'fichier' when nothing is left.
 */
export function sanitizeFilename(raw: string): string {
  const lastComponent = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = trimDotsAndSpaces(
    lastComponent.replace(CONTROL_CHARS, '').replace(INVISIBLE_CHARS, '').replace(LONE_SURROGATES, ''),
  );
  const chars = Array.from(cleaned);
  if (chars.length <= MAX_FILENAME_LENGTH) return cleaned || FALLBACK_FILENAME;
  const extension = EXTENSION.exec(cleaned)?.[0] ?? '';
  const base = trimDotsAndSpaces(chars.slice(0, MAX_FILENAME_LENGTH - extension.length).join(''));
  return base ? `${base}${extension}` : FALLBACK_FILENAME;
}
