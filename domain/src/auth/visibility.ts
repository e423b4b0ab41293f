import type { SessionUser } from './user.ts';

/**
 * What a user may see (issue 33) — decided here, applied by the repositories through ONE SQL predicate
 * (server/src/db/visibility.ts), never per screen:
 * - `company`: the whole company (the default, and every administrator);
 * - `sections`: the clients of the user's section(s) and everything that hangs from them (role option
 *   "limité à ses sections"); a limited user without a section sees no client;
 * - `client`: one client company (a portal user).
 */
export type Visibility =
  | { kind: 'company' }
  | { kind: 'sections'; sectionIds: readonly number[] }
  | { kind: 'client'; clientId: number };

/** What an `:id` route parameter names, for the visibility guard (server/src/plugins/visibility-guard.ts). */
export type GuardedObject = 'client' | 'equipment' | 'intervention' | 'contract' | 'request' | 'plan';

export const VISIBILITY_MESSAGES = {
  clientRequired: 'Choisissez un client de votre section : sans client, ce rapport couvre toute l’entreprise',
  clientNotFound: 'Client introuvable',
  equipmentNotFound: 'Équipement introuvable',
} as const;

export const COMPANY_VISIBILITY: Visibility = { kind: 'company' };

export type VisibilityHolder = Pick<SessionUser, 'sectionId'> & {
  clientId?: number | null;
  limitedToSections?: boolean;
};

export function visibilityOf(user: VisibilityHolder): Visibility {
  if (user.clientId != null) return { kind: 'client', clientId: user.clientId };
  if (user.limitedToSections) return { kind: 'sections', sectionIds: user.sectionId != null ? [user.sectionId] : [] };
  return COMPANY_VISIBILITY;
}

/** The user's visibility when it is narrower than the company, else undefined (a filter that is absent). */
export function narrowedVisibility(user: VisibilityHolder): Visibility | undefined {
  const v = visibilityOf(user);
  return v.kind === 'company' ? undefined : v;
}

/** The same rule on a row already loaded (a detail, an event): may this user see the client `clientId`? */
export function seesClient(v: Visibility, client: { id: number | null; sectionId: number | null }): boolean {
  if (v.kind === 'company') return true;
  if (v.kind === 'client') return client.id === v.clientId;
  return client.sectionId != null && v.sectionIds.includes(client.sectionId);
}
