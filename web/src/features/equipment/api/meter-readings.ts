import type { MeterReading, MeterReadingInput } from '@gmao/domain/equipment/meter-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { equipmentKeys } from './query-keys';

const readingsKey = (equipmentId: number) => [...equipmentKeys.detail(equipmentId), 'readings'] as const;

/** The running-hours readings of an equipment, newest first (issue 17, meter trigger of preventive plans). */
export function useMeterReadings(equipmentId: number) {
  return useQuery({
    queryKey: readingsKey(equipmentId),
    queryFn: () => api.get<Envelope<MeterReading[]>>(`/equipment/${equipmentId}/readings`, { silent: true }),
  });
}

/** A new reading; the plans' next due dates may change with it. */
export function useAddMeterReading(equipmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MeterReadingInput) =>
      api.post<Envelope<MeterReading>>(`/equipment/${equipmentId}/readings`, input),
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: readingsKey(equipmentId) });
      void queryClient.invalidateQueries({ queryKey: queryRoots.plans });
    },
  });
}

/** Corrects a reading (its day and value); the plans' meter triggers follow. */
export function useUpdateMeterReading(equipmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ readingId, input }: { readingId: number; input: MeterReadingInput }) =>
      api.put<Envelope<MeterReading>>(`/equipment/${equipmentId}/readings/${readingId}`, input, { silent: true }),
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: readingsKey(equipmentId) });
      void queryClient.invalidateQueries({ queryKey: queryRoots.plans });
    },
  });
}

/** Deletes a reading; the plans' meter triggers follow. */
export function useDeleteMeterReading(equipmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (readingId: number) =>
      api.delete<Envelope<null>>(`/equipment/${equipmentId}/readings/${readingId}`, { silent: true }),
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: readingsKey(equipmentId) });
      void queryClient.invalidateQueries({ queryKey: queryRoots.plans });
    },
  });
}
