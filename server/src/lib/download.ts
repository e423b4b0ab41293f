import { create as contentDisposition } from 'content-disposition';

/**
 * Headers of every file the API sends (attachments, CSV and PDF exports): always a download under its name (RFC 6266,
 * an ASCII fallback plus the RFC 5987 `filename*=UTF-8''…` form), its type never sniffed, and a sandbox with no script
 * and no resource should a browser render it anyway (ASVS V12.5: never served inline as active content).
 */
export const DOWNLOAD_CSP = "default-src 'none'; sandbox";

export function downloadHeaders(filename: string) {
  return {
    'content-disposition': contentDisposition(filename, { type: 'attachment' }),
    'x-content-type-options': 'nosniff',
    'content-security-policy': DOWNLOAD_CSP,
  };
}
