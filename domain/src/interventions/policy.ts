import { hasPermission, PERMISSIONS, type PermissionHolder } from '../auth/permissions.ts';

/**
 * Object-level access to interventions: the one place that says who may do what to which intervention, used by the
 * server services (`requireAccess`, 403 when refused) and by the web app to hide what the user may not do.
 * Reading is not restricted here: `interventions:read` sees every intervention.
 */

/** Who holds the intervention: its creator and its assignee. */
export interface InterventionFacts {
  createdBy: number | null;
  technicianId: number | null;
}

/** Who wrote an item of an intervention (comment, attachment, material line, compte rendu). */
export interface ItemFacts {
  authorId: number | null;
}

export type PolicyUser = PermissionHolder & { id: number };

/** Work on the intervention itself: the creator, the assignee, or a holder of interventions:assign. */
export const WORK_ACTIONS = [
  'edit', // PUT /:id fields
  'changeStatus', // PUT /:id/status, PUT /bulk/status, PUT /:id with a statut
  'editRecords', // diagnostic, planification, contrôle qualité
  'checklist', // check, add, remove items
  'timer', // start a timer (stopping one's own running session is always allowed)
  'materials', // add a material line
  'writeReport', // add a compte rendu
  'addNote', // workflow note (history)
  'submitReview', // submit finished work for validation
  'sign', // a signature on the bon d'intervention (the client's, given on the technician's device, or his own)
] as const;

/** Open to every holder of interventions:update, whoever holds the intervention. */
export const CONTRIBUTE_ACTIONS = ['comment', 'attach'] as const;

export const INTERVENTION_ACTIONS = [
  ...WORK_ACTIONS,
  ...CONTRIBUTE_ACTIONS,
  'assign', // assign, reassign, unassign (single and bulk)
  'takeOver', // assign oneself to an intervention nobody holds
  'review', // approve or reject a submitted intervention
  'archive',
  'unarchive',
  'trash',
  'restore',
  'forceDelete',
] as const;

/** Changing or deleting an item: its author, or a holder of interventions:assign. */
export const ITEM_ACTIONS = ['editOwnedItem'] as const;

export type WorkAction = (typeof WORK_ACTIONS)[number];
export type InterventionAction = (typeof INTERVENTION_ACTIONS)[number];
export type ItemAction = (typeof ITEM_ACTIONS)[number];
export type PolicyAction = InterventionAction | ItemAction;
export type PolicyObject<A extends PolicyAction> = A extends ItemAction ? ItemFacts : InterventionFacts;

export const POLICY_MESSAGES = {
  notInvolved:
    "Action réservée au créateur de l'intervention, au technicien affecté ou à un responsable (permission « interventions:assign »)",
  assignRequired: 'Seul un responsable peut affecter ou réaffecter un technicien (permission « interventions:assign »)',
  takeOverRefused: 'Vous ne pouvez vous affecter que des interventions qui ne sont encore affectées à personne',
  notAuthor:
    "Seul l'auteur de cet élément ou un responsable (permission « interventions:assign ») peut le modifier ou le supprimer",
  deleteRequired:
    'Archiver, placer dans la corbeille, restaurer ou supprimer une intervention demande la permission « interventions:delete »',
  approveRequired: 'Valider ou rejeter une intervention demande la permission « interventions:approve »',
  updateRequired: 'Modifier une intervention demande la permission « interventions:update »',
  bulkRefused: (ids: number[]) =>
    `Action refusée sur ${ids.length > 1 ? 'les interventions' : "l'intervention"} ${ids.map((i) => `#${i}`).join(', ')} : ${POLICY_MESSAGES.notInvolved}`,
} as const;

/** What the web app shows instead of the actions it hides. */
export const POLICY_LABELS = {
  workReserved: "Réservé au créateur de l'intervention, au technicien affecté ou à un responsable.",
  takeOver: "M'affecter cette intervention",
  takenOver: 'Intervention affectée à vous-même',
} as const;

const LIFECYCLE = new Set<PolicyAction>(['archive', 'unarchive', 'trash', 'restore', 'forceDelete']);

/** The intervention is the user's: he created it or it is assigned to him. */
export function isInvolved(user: { id: number }, i: InterventionFacts): boolean {
  return i.createdBy === user.id || i.technicianId === user.id;
}

/** Holders of interventions:assign (Administrateur, Responsable) act on every intervention and item. */
export function managesInterventions(user: PermissionHolder | null | undefined): boolean {
  return hasPermission(user, PERMISSIONS.INTERVENTIONS_ASSIGN);
}

/** Why `action` on `object` is refused to `user`, or null when allowed. */
export function denial<A extends PolicyAction>(
  user: PolicyUser | null | undefined,
  action: A,
  object: PolicyObject<A>,
): string | null {
  if (!user) return POLICY_MESSAGES.updateRequired;
  if (LIFECYCLE.has(action)) {
    return hasPermission(user, PERMISSIONS.INTERVENTIONS_DELETE) ? null : POLICY_MESSAGES.deleteRequired;
  }
  if (action === 'review') {
    return hasPermission(user, PERMISSIONS.INTERVENTIONS_APPROVE) ? null : POLICY_MESSAGES.approveRequired;
  }
  if (!hasPermission(user, PERMISSIONS.INTERVENTIONS_UPDATE)) return POLICY_MESSAGES.updateRequired;
  const manager = managesInterventions(user);
  if (action === 'editOwnedItem') {
    return manager || (object as ItemFacts).authorId === user.id ? null : POLICY_MESSAGES.notAuthor;
  }
  const intervention = object as InterventionFacts;
  if (action === 'assign') return manager ? null : POLICY_MESSAGES.assignRequired;
  if (action === 'takeOver')
    return manager || intervention.technicianId === null ? null : POLICY_MESSAGES.takeOverRefused;
  if ((CONTRIBUTE_ACTIONS as readonly string[]).includes(action)) return null;
  return manager || isInvolved(user, intervention) ? null : POLICY_MESSAGES.notInvolved;
}

/** May `user` do `action` on `object`? Pure: the facts come from the caller (server row lock, web detail). */
export function can<A extends PolicyAction>(
  user: PolicyUser | null | undefined,
  action: A,
  object: PolicyObject<A>,
): boolean {
  return denial(user, action, object) === null;
}

/** The facts of an intervention as the API returns it. */
export function interventionFacts(i: {
  creerPar?: { id: number } | null;
  technicianId?: number | null;
}): InterventionFacts {
  return { createdBy: i.creerPar?.id ?? null, technicianId: i.technicianId ?? null };
}

/** The facts of an item as the API returns it (its `auteur`). */
export function itemFacts(item: { auteur?: { id: number } | null }): ItemFacts {
  return { authorId: item.auteur?.id ?? null };
}
