/**
 * Client portal rights (issue 33). A portal user (users.client_id, users.portail_droit) reads his company's data
 * through /api/portal/*; DEMANDEUR also files requests. Internal users never pass a portal route, portal users never
 * pass another one (plugins/auth.ts asks this function and `clientId`).
 */
export const PORTAL_DROITS = ['LECTURE', 'DEMANDEUR'] as const;
export type PortalDroit = (typeof PORTAL_DROITS)[number];

export const PORTAL_DROIT_LABELS = {
  LECTURE: 'Lecture',
  DEMANDEUR: 'Demandeur',
} as const satisfies Record<PortalDroit, string>;

export function portalAdmits(
  user: { clientId?: number | null; portalDroit?: PortalDroit | null; scopes?: readonly string[] | null },
  needed: PortalDroit,
): boolean {
  if (user.clientId == null || !user.portalDroit || user.scopes) return false;
  return needed === 'LECTURE' || user.portalDroit === 'DEMANDEUR';
}
