import { z } from 'zod';

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

/** For the file input's `accept` attribute. */
export const ATTACHMENT_ACCEPT = Object.values(ATTACHMENT_TYPES).flat().join(',');

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot).toLowerCase();
}

/** True when the MIME type is allowed and the file name's extension belongs to it. */
export function isAllowedAttachment(filename: string, mimeType: string): boolean {
  const extensions = (ATTACHMENT_TYPES as Record<string, readonly string[]>)[mimeType.toLowerCase()];
  return !!extensions && extensions.includes(extensionOf(filename));
}

export const attachmentParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  attId: z.coerce.number().int().positive(),
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
