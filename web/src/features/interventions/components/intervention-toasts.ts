import { VERSION_MESSAGES } from '@gmao/domain/interventions/version-schemas';
import { ApiError } from '../../../lib/api-client';
import { INTERVENTION_TOAST_DURATIONS, notify } from '../../../lib/toast';
import { isVersionConflict } from '../api/version-conflict';

/** Intervention-flow toasts (spec §8, §9): success 2 s, error 4 s; the server's message is preferred. */
export function toastInterventionSuccess(serverMessage: string | undefined, fallback: string) {
  notify.success(serverMessage || fallback, INTERVENTION_TOAST_DURATIONS.success);
}

/** A version conflict says the intervention changed under the user and has been reloaded (version-conflict.ts). */
export function toastInterventionError(err: unknown, fallback: string) {
  if (isVersionConflict(err)) {
    notify.error(VERSION_MESSAGES.reloaded, INTERVENTION_TOAST_DURATIONS.error);
    return;
  }
  const message = err instanceof ApiError && err.status !== 0 && err.serverMessage ? err.serverMessage : fallback;
  notify.error(message, INTERVENTION_TOAST_DURATIONS.error);
}
