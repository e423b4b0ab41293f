import { ApiError } from '../../../lib/api-client';

/**
 * Issue 30: the server refused a status change because it reopens a finished intervention without its motif (400
 * naming `motif`): the caller asks for it (ReopenDialog) and sends the change again with it.
 */
export function needsReopenMotif(err: unknown): boolean {
  return err instanceof ApiError && err.status === 400 && err.details.some((d) => d.field === 'motif');
}
