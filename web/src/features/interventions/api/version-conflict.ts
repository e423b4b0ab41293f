import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { etagOf, VERSION_CONFLICT_CODE } from '@gmao/domain/interventions/version-schemas';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, type Envelope } from '../../../lib/api-client';
import { interventionKeys, invalidateAfterInterventionChange } from './query-keys';

/**
 * Versioned writes (ARCHITECTURE.md "Versions and sync"): a write made on what the user saw names that version in
 * If-Match; the server answers 409 VERSION_CONFLICT, with the current intervention, when someone else changed it
 * meanwhile (two tabs, two technicians), and nothing is written.
 */

/** The If-Match header of a write made on `version` (none when the caller does not know it). */
export function ifMatch(version: number | undefined): Record<string, string> | undefined {
  return version === undefined ? undefined : { 'if-match': etagOf(version) };
}

export function isVersionConflict(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 409 && err.code === VERSION_CONFLICT_CODE;
}

/**
 * After a 409 VERSION_CONFLICT: the detail shows the current state the 409 carries at once, and every view of
 * interventions (detail, workflow, history, lists, dashboard) reloads. Awaited by the mutation, so its caller's
 * message comes once the data is fresh.
 */
export function reloadAfterConflict(queryClient: QueryClient, err: ApiError) {
  const current = err.data as Intervention | undefined;
  if (current?.id !== undefined) {
    const envelope: Envelope<Intervention> = { success: true, data: current };
    queryClient.setQueryData(interventionKeys.detail(current.id), envelope);
  }
  return invalidateAfterInterventionChange(queryClient);
}
