import type { Signature, SignatureRole } from '@gmao/domain/interventions/signature-schemas';
import { api, type Envelope } from '../../../lib/api-client';

/** One signature of the bon, as the technician's phone sends it (issue 32's fixed multipart fields). */
export interface SignatureUpload {
  role: SignatureRole;
  nom: string;
  qualite: string;
  /** The phone's clock at signing (ISO 8601 with offset). */
  signe_le: string;
}

/**
 * POST /interventions/:id/signatures with the outbox's change id (`change_id`): sent again after a lost answer, the
 * server answers the signature it already recorded.
 */
export function postSignature(interventionId: number, fields: SignatureUpload, image: Blob, changeId: string) {
  const form = new FormData();
  form.append('role', fields.role);
  form.append('nom', fields.nom);
  form.append('qualite', fields.qualite);
  form.append('signe_le', fields.signe_le);
  form.append('change_id', changeId);
  form.append('image', new File([image], `signature-${fields.role.toLowerCase()}.png`, { type: 'image/png' }));
  return api.post<Envelope<Signature>>(`/interventions/${interventionId}/signatures`, form, { silent: true });
}

/** A canvas's PNG data URL as a Blob (no fetch: a data URL read through fetch would be refused by the CSP). */
export function pngBlob(dataUrl: string): Blob {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: 'image/png' });
}

/** The device's time with its offset (what `signe_le` records): 2026-11-28T07:42:00+01:00. */
export function deviceTime(d = new Date()): string {
  const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}
