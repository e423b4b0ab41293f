import type { Plan } from '@gmao/domain/plans/plan-schemas';
import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** The preventive plans reaching an equipment (directly, or by its type at its owner), read from the plans route. */
export function useEquipmentPlans(equipmentId: number, enabled: boolean) {
  return useQuery({
    // under the plans root, so that a plan's change refreshes it
    queryKey: [...queryRoots.plans, 'equipment', equipmentId] as const,
    queryFn: () => api.get<Envelope<Plan[]>>('/plans', { query: { equipement_id: equipmentId }, silent: true }),
    enabled,
  });
}
