import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import type { Statut } from '@gmao/domain/interventions/status';
import type { Envelope, ListEnvelope } from '../../../../lib/api-client';

/** Fixtures shared by the interventions list component tests: a list row and fetch responses, typed as the API's. */
export const interventionRow = (
  id: number,
  nom: string,
  statut: Statut = 'PLANIFIEE',
  extra: Partial<Intervention> = {},
): Intervention => ({
  id,
  equipement_id: 1,
  client_id: 1,
  technicianId: null,
  technician: null,
  date: '2026-02-01',
  description: 'Contrôle',
  urgence: false,
  statut,
  note: null,
  startedAt: null,
  completedAt: null,
  createdAt: '2026-02-01T08:00:00.000Z',
  updatedAt: '2026-02-01T08:00:00.000Z',
  version: 1,
  equipement: {
    id: 1,
    nom,
    type_equipement: null,
    marque: null,
    modele: null,
    proprietaire: { id: 1, nom_entreprise: 'Atlas', ville: null, contact_principal: null, telephone_contact: null },
  },
  creerPar: null,
  custom_fields: {},
  ...extra,
});

export const jsonResponse = <T>(body: Envelope<T> | ListEnvelope<T>) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

export const listResponse = <T>(rows: T[]) =>
  jsonResponse<T>({ success: true, data: rows, pagination: { total: rows.length, pages: 1, page: 1, limit: 10 } });
