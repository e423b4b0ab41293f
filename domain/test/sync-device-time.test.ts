import { describe, expect, it } from 'vitest';
import {
  effectiveDeviceTime,
  SYNC_MESSAGES,
  syncChangeSchema,
  TIMER_CLOCK_SKEW_MS,
} from '../src/interventions/sync-schemas.ts';

/** Issue 32: when a change made offline takes effect (its device time when plausible, else the server's). */
const NOW = Date.parse('2026-11-28T12:00:00Z');
const CREATED = Date.parse('2026-11-28T08:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('effectiveDeviceTime', () => {
  it('takes a past device time after the creation and the last move', () => {
    const at = Date.parse('2026-11-28T10:05:00Z');
    expect(effectiveDeviceTime(iso(at), { now: NOW, createdAt: CREATED, lastMove: CREATED })).toEqual({
      at,
      issue: null,
    });
  });

  it('a time within the clock skew ahead is now; beyond it, the server time with the reason', () => {
    expect(effectiveDeviceTime(iso(NOW + TIMER_CLOCK_SKEW_MS), { now: NOW, createdAt: CREATED })).toEqual({
      at: null,
      issue: null,
    });
    expect(effectiveDeviceTime(iso(NOW + TIMER_CLOCK_SKEW_MS + 1), { now: NOW, createdAt: CREATED })).toEqual({
      at: null,
      issue: 'future',
    });
  });

  it('before the creation, then before the last recorded move: the server time', () => {
    expect(effectiveDeviceTime(iso(CREATED - 1), { now: NOW, createdAt: CREATED })).toEqual({
      at: null,
      issue: 'beforeCreation',
    });
    const lastMove = Date.parse('2026-11-28T11:00:00Z');
    expect(effectiveDeviceTime(iso(lastMove - 1), { now: NOW, createdAt: CREATED, lastMove })).toEqual({
      at: null,
      issue: 'beforeLastMove',
    });
    expect(effectiveDeviceTime(iso(lastMove), { now: NOW, createdAt: CREATED, lastMove }).at).toBe(lastMove);
  });

  it('says why in French', () => {
    expect(SYNC_MESSAGES.deviceTimeReplaced('28/11/2026 à 14:00', 'future')).toBe(
      "Heure de l'appareil (28/11/2026 à 14:00) dans le futur : heure du serveur retenue",
    );
  });
});

describe('timer_stop change', () => {
  it('carries no payload of its own: the stop time is the change’s `at`', () => {
    const parsed = syncChangeSchema.parse({ clientId: 's1', type: 'timer_stop', at: iso(NOW), payload: {} });
    expect(parsed).toEqual({ clientId: 's1', type: 'timer_stop', at: iso(NOW), payload: {} });
  });
});
