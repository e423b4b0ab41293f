import type { Db } from '../../db/database.ts';
import { enterThrottledAttempt, type ThrottleGate } from '../auth/auth-throttle.service.ts';

/**
 * How often the public form may be used (issue 33): apart because its limits are the installation's (app.ts reads
 * the defaults), not the form's. It is throttled per address and per equipment with the login throttle's PostgreSQL
 * counters (enterThrottledAttempt, table request_throttle): an attempt is counted when it starts, under row locks, so
 * every instance shares the limits; a request let in is stored (or refused for its content), never dropped.
 */

export interface RequestThrottleSettings {
  windowSeconds: number;
  /** Requests from one address per window before the delay starts. */
  perAddress: number;
  /** Requests on one equipment (any address) per window. */
  perEquipment: number;
  /** Every public request of the installation per window. */
  global: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

export const DEFAULT_REQUEST_THROTTLE: RequestThrottleSettings = {
  windowSeconds: 60 * 60,
  perAddress: 10,
  perEquipment: 20,
  global: 2000,
  baseDelaySeconds: 60,
  maxDelaySeconds: 60 * 60,
};

/** Counts a public request on its address, its equipment and the installation (refused while any is blocked). */
export function enterPublicRequest(
  db: Db,
  s: RequestThrottleSettings,
  address: string,
  equipementId: number,
): Promise<ThrottleGate> {
  const timing = {
    windowSeconds: s.windowSeconds,
    baseDelaySeconds: s.baseDelaySeconds,
    maxDelaySeconds: s.maxDelaySeconds,
  };
  return enterThrottledAttempt(db, timing, [
    { kind: 'address', key: `request-ip:${address}`, limit: s.perAddress },
    { kind: 'account', key: `request-eq:${equipementId}`, limit: s.perEquipment },
    { kind: 'global', key: 'request:global', limit: s.global },
  ]);
}
