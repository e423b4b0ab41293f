import type { Db } from '../../db/database.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as counters from './auth-throttle.repository.ts';
import {
  type AuthThrottleSettings,
  DEFAULT_AUTH_THROTTLE,
  type Lockout,
  type ThrottleGate,
  type ThrottleRule,
} from './auth-throttle.ts';

export type { ThrottleGate, ThrottleRule };

/**
 * Refuses the attempt while any of its keys is blocked (nothing counted), else counts it on every key and reports
 * the keys this attempt put into a delay (auth-throttle.ts explains the rule).
 */
export function enterAttempt(db: Db, s: AuthThrottleSettings, rules: ThrottleRule[]): Promise<ThrottleGate> {
  return counters.enterAttempt(db, s, rules);
}

/**
 * The public request form's throttle (issue 33): the same rule and code, its own keys, window and delays, counted in
 * table request_throttle (a table of its own, so that the login's clean-up, on a shorter window, never forgets them).
 */
export function enterThrottledAttempt(
  db: Db,
  timing: Pick<AuthThrottleSettings, 'windowSeconds' | 'baseDelaySeconds' | 'maxDelaySeconds'>,
  rules: ThrottleRule[],
): Promise<ThrottleGate> {
  return counters.enterAttempt(db, { ...DEFAULT_AUTH_THROTTLE, ...timing }, rules, 'request_throttle');
}

/** The password was right: the account starts over; the address and the installation get the attempt back. */
export function loginSucceeded(db: Db, rules: ThrottleRule[], setByThisAttempt: Lockout[]): Promise<void> {
  return counters.loginSucceeded(db, rules, setByThisAttempt);
}

/** Each lockout (a key put into a delay) goes to the audit log; never with the password. */
export async function recordLockouts(db: Db, lockouts: Lockout[]) {
  for (const l of lockouts) {
    await recordAudit(db, {
      action: 'auth.lockout',
      entityType: 'auth',
      entityId: l.kind,
      actor: { id: null, username: null },
      summary: `Blocage ${l.key} après ${l.attempts} tentative(s), ${l.retryAfterSeconds} s d'attente`,
    });
  }
}
