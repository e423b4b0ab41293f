import type { Failure } from '@gmao/domain/common/api';
import { BULK_LABELS as L } from '@gmao/domain/interventions/bulk-schemas';
import { ApiError } from '../../../../lib/api-client';

/** The failures of an all-or-nothing bulk call (empty when the error is of another kind). */
export const failuresOf = (err: unknown): Failure[] => (err instanceof ApiError ? err.failed : []);

/** What a refused bulk call lists: nothing changed, and why each intervention was refused. */
export function BulkFailures({ failures }: { failures: Failure[] }) {
  if (failures.length === 0) return null;
  return (
    <div role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-medium">{L.failures}</p>
      <ul className="mt-1 max-h-48 list-inside list-disc space-y-0.5 overflow-y-auto">
        {failures.map((f) => (
          <li key={f.id}>{L.failure(f.id, f.reason)}</li>
        ))}
      </ul>
    </div>
  );
}
