import type { SyncResult } from '@gmao/domain/interventions/sync-schemas';
import { api, type Envelope } from '../api-client';
import type { OutboxChange, OutboxTransport } from './outbox';

/**
 * The outbox's network through the shared client (bearer, one refresh on 401; silent: the banner and the conflicts
 * list speak). Photos go to the attachments route (field `file`), signatures to issue 32's signatures route
 * (`role`, `nom`, `qualite`, `signe_le`, `image` PNG, and the change id as `change_id`: a signature sent twice is
 * recorded once). Photos and drafts carry it as `Idempotency-Key`: a photo or a new intervention whose answer was lost
 * is stored once.
 */
export const apiTransport: OutboxTransport = {
  async sync(interventionId, body) {
    const res = await api.post<Envelope<SyncResult>>(`/interventions/${interventionId}/sync`, body, { silent: true });
    return res.data;
  },
  async create(change: OutboxChange) {
    await api.post('/interventions', change.payload, {
      silent: true,
      headers: { 'Idempotency-Key': change.clientId },
    });
  },
  async upload(change: OutboxChange) {
    const form = new FormData();
    if (change.type === 'photo') {
      const { filename } = change.payload as { filename: string };
      form.append('file', new File([change.blob!], filename, { type: 'image/jpeg' }));
      await api.post(`/interventions/${change.interventionId}/attachments`, form, {
        silent: true,
        headers: { 'Idempotency-Key': change.clientId },
      });
      return;
    }
    const p = change.payload as { role: 'CLIENT' | 'TECHNICIEN'; nom: string; qualite: string; signe_le: string };
    form.append('role', p.role);
    form.append('nom', p.nom);
    form.append('qualite', p.qualite);
    form.append('signe_le', p.signe_le);
    form.append('change_id', change.clientId);
    form.append('image', new File([change.blob!], `signature-${p.role.toLowerCase()}.png`, { type: 'image/png' }));
    await api.post(`/interventions/${change.interventionId}/signatures`, form, { silent: true });
  },
};
