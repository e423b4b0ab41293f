/**
 * A work session timed on the phone without network (issue 32): its start is kept in localStorage per user and
 * intervention (it survives a reload or a restart of the phone); stopping it puts `{ startedAt, stoppedAt }` in the
 * outbox (the sync route's `timer` change).
 */
export function offlineTimer(userId: number, interventionId: number) {
  const key = `gmao-offline-timer:${userId}:${interventionId}`;
  return {
    get(): string | null {
      try {
        return localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    set(startedAt: string) {
      localStorage.setItem(key, startedAt);
    },
    clear() {
      localStorage.removeItem(key);
    },
  };
}
