import { PERMISSIONS } from '../auth/permissions.ts';
import type { DashboardStats, FullDashboardStats } from './dashboard-schemas.ts';

/**
 * Issue 29: each dashboard block shows data of one kind and needs the permission its own screen needs — the route `/`
 * is open to every authenticated user (spec §6), its blocks are not. The server declares these on the dashboard
 * routes and omits the parts of `/dashboard/stats` the reader may not see; the web hides those blocks and never
 * requests them.
 */
export const DASHBOARD_BLOCK_PERMISSIONS = {
  /** Intervention figures of the stats, their alert counts, recent interventions, alerts, "Mon travail". */
  interventions: PERMISSIONS.INTERVENTIONS_READ,
  /** The count of equipment. */
  equipment: PERMISSIONS.EQUIPMENT_READ,
  /** The count of clients. */
  clients: PERMISSIONS.CLIENTS_READ,
  /** Charts and performance: the analytics screen's figures (`/interventions/analytics`, `/interventions/performance`). */
  analytics: PERMISSIONS.ANALYTICS_READ,
  /**
   * "Délais garantis" (issue 31): counts of interventions by SLA state, the figures the interventions list gives the
   * same reader with `?sla=` (the card links there), hence the list's permission.
   */
  sla: PERMISSIONS.INTERVENTIONS_READ,
} as const;

export type DashboardBlock = keyof typeof DASHBOARD_BLOCK_PERMISSIONS;

/**
 * The blocks a reader may see, given a permission check (`hasPermission` on the server, `can` in the web). A reader
 * limited to his sections (issue 33) has no charts, performance nor guaranteed-times card: those figures cover the
 * whole company (their routes refuse him).
 */
export function readableBlocks(
  can: (permission: string) => boolean,
  limitedToSections = false,
): Record<DashboardBlock, boolean> {
  return {
    interventions: can(DASHBOARD_BLOCK_PERMISSIONS.interventions),
    equipment: can(DASHBOARD_BLOCK_PERMISSIONS.equipment),
    clients: can(DASHBOARD_BLOCK_PERMISSIONS.clients),
    analytics: !limitedToSections && can(DASHBOARD_BLOCK_PERMISSIONS.analytics),
    sla: !limitedToSections && can(DASHBOARD_BLOCK_PERMISSIONS.sla),
  };
}

/** Whether `/dashboard/stats` holds anything for this reader (else the web does not ask for it). */
export const statsReadable = (b: Record<DashboardBlock, boolean>) => b.interventions || b.equipment || b.clients;

/** The full stats, less what the reader may not see: the fields are left out, never zeroed (a 0 would be a lie). */
export function statsFor(full: FullDashboardStats, b: Record<DashboardBlock, boolean>): DashboardStats {
  const o = full.overview;
  return {
    overview: {
      ...(b.interventions && {
        totalInterventions: o.totalInterventions,
        activeInterventions: o.activeInterventions,
        completionRate: o.completionRate,
        completedInterventions: o.completedInterventions,
      }),
      ...(b.equipment && { totalEquipment: o.totalEquipment }),
      ...(b.clients && { totalClients: o.totalClients }),
    },
    ...(b.interventions && { alerts: full.alerts }),
  };
}

export const DASHBOARD_ACCESS_MESSAGES = {
  nothing: 'Aucun indicateur du tableau de bord ne correspond à vos permissions.',
} as const;
