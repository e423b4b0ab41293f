import { useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../../lib/api-client';
import { clientsKeys } from './query-keys';

export const CLIENT_ACTIVITY_LIMIT = 10;

interface EquipmentRow {
  id: number;
  nom: string;
  type_equipement: string | null;
}
interface InterventionRow {
  id: number;
  date: string;
  statut: string;
  urgence: boolean;
  description: string | null;
  equipement: { nom: string };
}

/** The client's equipment (newest first), when the user may read equipment. */
export function useClientEquipment(clientId: number, enabled: boolean) {
  return useQuery({
    queryKey: clientsKeys.activity(clientId, 'equipment'),
    queryFn: () =>
      api.get<ListEnvelope<EquipmentRow>>('/equipment', {
        query: { proprietaire_id: clientId, limit: CLIENT_ACTIVITY_LIMIT },
        silent: true,
      }),
    enabled,
  });
}

/** The client's interventions (latest first), when the user may read interventions. */
export function useClientInterventions(clientId: number, enabled: boolean) {
  return useQuery({
    queryKey: clientsKeys.activity(clientId, 'interventions'),
    queryFn: () =>
      api.get<ListEnvelope<InterventionRow>>('/interventions', {
        query: { client_id: clientId, limit: CLIENT_ACTIVITY_LIMIT },
        silent: true,
      }),
    enabled,
  });
}
