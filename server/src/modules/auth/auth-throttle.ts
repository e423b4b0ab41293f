/**
 * Login and registration throttling (security issue, ASVS V2.2.1), counted in PostgreSQL so that every app
 * instance shares the counters (table auth_throttle, migration 0010).
 *
 * Each key counts attempts in a fixed window (`windowSeconds` from its first attempt). Once a key reaches its
 * limit, every further counted attempt sets `blocked_until = now + min(base × 2^(attempts − limit), max)`: a delay
 * that doubles, is capped and ends with the window, so nobody (an attacker aiming at the administrator included)
 * can turn it into a permanent lockout. While a key is blocked, attempts are refused (429) and not counted.
 *
 * An attempt is counted when it starts, under the keys' row locks, so that concurrent guesses cannot all slip in
 * before the first failure is written; a successful login then gives its attempt back (`loginSucceeded`).
 */
export interface AuthThrottleSettings {
  windowSeconds: number;
  /** Failed logins on one account (any address) per window before the delay starts. */
  accountFailures: number;
  /** Failed logins (any usernames) and registration requests from one address per window. */
  addressFailures: number;
  /** Failed logins (or registrations) of the whole installation per window: past it every login waits. */
  globalFailures: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

export const DEFAULT_AUTH_THROTTLE: AuthThrottleSettings = {
  windowSeconds: 15 * 60,
  accountFailures: 5,
  addressFailures: 30,
  globalFailures: 1000,
  baseDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
};

export type ThrottleKind = 'account' | 'address' | 'global';
export interface ThrottleRule {
  kind: ThrottleKind;
  key: string;
  limit: number;
}

export function loginRules(s: AuthThrottleSettings, username: string, address: string): ThrottleRule[] {
  return [
    // No account name is longer than 100 characters; a longer one still counts, on its first 100.
    { kind: 'account', key: `acct:${username.trim().toLowerCase().slice(0, 100)}`, limit: s.accountFailures },
    { kind: 'address', key: `ip:${address}`, limit: s.addressFailures },
    { kind: 'global', key: 'global', limit: s.globalFailures },
  ];
}

/**
 * The current-password check of a password change (PUT /api/auth/profile): the login's account key, so that a
 * stolen session and the login form share one budget of guesses on the account. Reaching the limit here also ends
 * the session that was guessing (auth.service `refuseCurrentPassword`).
 */
export function passwordCheckRules(s: AuthThrottleSettings, username: string): ThrottleRule[] {
  return loginRules(s, username, '').filter((r) => r.kind === 'account');
}

/** Registration has no account yet: every request counts against its address and the installation. */
export function registrationRules(s: AuthThrottleSettings, address: string): ThrottleRule[] {
  return [
    { kind: 'address', key: `register:${address}`, limit: s.addressFailures },
    { kind: 'global', key: 'register:global', limit: s.globalFailures },
  ];
}

/** Password recovery: per identifier, per address and globally, with the login's limits (keys apart from login's). */
export function passwordResetRules(s: AuthThrottleSettings, identifier: string, address: string): ThrottleRule[] {
  return [
    { kind: 'account', key: `reset:${identifier.trim().toLowerCase().slice(0, 100)}`, limit: s.accountFailures },
    { kind: 'address', key: `reset-ip:${address}`, limit: s.addressFailures },
    { kind: 'global', key: 'reset:global', limit: s.globalFailures },
  ];
}

export interface Lockout {
  kind: ThrottleKind;
  key: string;
  attempts: number;
  retryAfterSeconds: number;
}

export type ThrottleGate = { allowed: true; lockouts: Lockout[] } | { allowed: false; retryAfterSeconds: number };
