import { z } from 'zod';
import { idSchema } from '../common/api.ts';

/** Attachments: photos, PDFs and office documents, at most 10 MB each, at most 50 per intervention. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS = 50;

/** Allowed MIME types and the extensions each may carry (the type and the name must agree). */
export const ATTACHMENT_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
  'text/plain': ['.txt'],
  'text/csv': ['.csv'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-powerpoint': ['.ppt'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  'application/vnd.oasis.opendocument.text': ['.odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['.ods'],
} as const satisfies Record<string, readonly string[]>;

export type AttachmentType = keyof typeof ATTACHMENT_TYPES;

/** Word, Excel and PowerPoint 97–2003 files are OLE compound files: file-type names the container only. */
const OLE_COMPOUND = 'application/x-cfb';
/**
 * What the file's content must be for each allowed type (ASVS V12.2: the type is checked by content, not by name):
 * the MIME types that content sniffing (file-type's magic bytes) may report, or 'text' for types without magic bytes,
 * whose bytes must be text (server/src/modules/interventions/attachment-content.ts checks both).
 */
export const ATTACHMENT_CONTENT = {
  'image/jpeg': ['image/jpeg'],
  'image/png': ['image/png'],
  'image/gif': ['image/gif'],
  'image/webp': ['image/webp'],
  'application/pdf': ['application/pdf'],
  'text/plain': 'text',
  'text/csv': 'text',
  'application/msword': [OLE_COMPOUND],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ],
  'application/vnd.ms-excel': [OLE_COMPOUND],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': [
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ],
  'application/vnd.ms-powerpoint': [OLE_COMPOUND],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': [
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ],
  'application/vnd.oasis.opendocument.text': ['application/vnd.oasis.opendocument.text'],
  'application/vnd.oasis.opendocument.spreadsheet': ['application/vnd.oasis.opendocument.spreadsheet'],
} as const satisfies Record<AttachmentType, readonly string[] | 'text'>;

/** The Content-Type a stored attachment is served with: its allowed type, anything else as opaque bytes. */
export function servedContentType(type: string): string {
  return Object.hasOwn(ATTACHMENT_TYPES, type) ? type : 'application/octet-stream';
}

/** For the file input's `accept` attribute. */
export const ATTACHMENT_ACCEPT = Object.values(ATTACHMENT_TYPES).flat().join(',');

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot).toLowerCase();
}

/** The stored type of an allowed extension (the server serves files with it), or null. */
export function mimeTypeFor(filename: string): string | null {
  const ext = extensionOf(filename);
  const entry = Object.entries(ATTACHMENT_TYPES).find(([, exts]) => (exts as readonly string[]).includes(ext));
  return entry ? entry[0] : null;
}

/** Types browsers send for files they do not know, or for CSV files on Windows. */
const LOOSE_TYPES = ['', 'application/octet-stream'];
const ALIASES: Record<string, string[]> = {
  '.csv': ['application/vnd.ms-excel', 'text/plain'],
  '.jpg': ['image/pjpeg'],
};

/**
 * True when the extension is allowed and the declared type agrees with it (or is a browser's generic type): a
 * '.pdf' declared as 'image/png' is refused.
 */
export function isAllowedAttachment(filename: string, declaredType: string): boolean {
  const expected = mimeTypeFor(filename);
  if (!expected) return false;
  const declared = (declaredType.toLowerCase().split(';')[0] ?? '').trim();
  return (
    declared === expected || LOOSE_TYPES.includes(declared) || (ALIASES[extensionOf(filename)] ?? []).includes(declared)
  );
}

export const attachmentParamsSchema = z.object({
  id: idSchema,
  attId: idSchema,
});

export const attachmentSchema = z.object({
  id: z.number(),
  filename: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  auteur: z.object({ id: z.number(), nom: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** '850 o', '12,4 Ko', '3,2 Mo' */
export function formatFileSize(bytes: number): string {
  const fmt = (n: number) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(n);
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${fmt(bytes / 1024)} Ko`;
  return `${fmt(bytes / (1024 * 1024))} Mo`;
}
