import type { Scope } from './lifecycle-schemas.ts';
import { CLOSED_STATUTS, OPEN_STATUTS, STATUT, type Statut } from './status.ts';

/**
 * What "open", "active", "urgent", "overdue" and "visible" mean for an intervention — written once, here. The server
 * turns each rule into a SQL fragment (server/src/db/predicates.ts, checked row by row against these functions by
 * server/test/predicates.test.ts); the web calls these functions. Nothing else defines them.
 */

/** An open intervention dated more than this many days ago is overdue (spec §9 "overdue days 30"). */
export const OVERDUE_DAYS = 30;

/** "Open" = work still expected: every status but TERMINEE, ANNULEE and ECHEC (status.ts). */
export { CLOSED_STATUTS, OPEN_STATUTS };

/** "Active" = being worked on right now: the 'En Cours' card and the header count. */
export const ACTIVE_STATUTS: readonly Statut[] = [STATUT.EN_COURS];

/** The status after which an intervention counts as completed. */
export const COMPLETED_STATUT: Statut = STATUT.TERMINEE;

export function isOpen(statut: string): boolean {
  return (OPEN_STATUTS as readonly string[]).includes(statut);
}

export function isActive(statut: string): boolean {
  return (ACTIVE_STATUTS as readonly string[]).includes(statut);
}

export function isCompleted(statut: string): boolean {
  return statut === COMPLETED_STATUT;
}

/** Urgent = open and flagged `urgence` (a finished urgent intervention is no longer an alert). */
export function isUrgent(i: { statut: string; urgence: boolean }): boolean {
  return i.urgence && isOpen(i.statut);
}

/** The first date that is not overdue (YYYY-MM-DD): an open intervention dated before it is overdue. */
export function overdueBefore(today: string, days = OVERDUE_DAYS): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** Overdue = open and dated more than `days` days before `today` (both YYYY-MM-DD, `today` the UTC date). */
export function isOverdue(i: { statut: string; date: string }, today: string, days = OVERDUE_DAYS): boolean {
  return isOpen(i.statut) && i.date < overdueBefore(today, days);
}

type Hidden = { deletedAt: string | Date | null; archivedAt: string | Date | null };

/**
 * Visible = neither in the trash (soft-deleted) nor archived: what lists, dashboards, detail pages and every figure
 * show. It is the same for every reader — reading is not restricted per user (domain/src/interventions/policy.ts:
 * `interventions:read` reads every intervention) — so "visible to" has no user term.
 */
export function isVisible(i: Hidden): boolean {
  return i.deletedAt === null && i.archivedAt === null;
}

/** Not in the trash (archived ones included): what still counts as the history of a client or an equipment. */
export function isNotDeleted(i: Pick<Hidden, 'deletedAt'>): boolean {
  return i.deletedAt === null;
}

/** The list's three views (lifecycle-schemas.ts): active = visible, archived (not in the trash), deleted = the trash. */
export function inScope(i: Hidden, scope: Scope): boolean {
  if (scope === 'archived') return i.archivedAt !== null && i.deletedAt === null;
  if (scope === 'deleted') return i.deletedAt !== null;
  return isVisible(i);
}
