import { z } from 'zod';

export const ROLE_MESSAGES = {
  nomRequired: 'Le nom du rôle est requis',
  nomMax: 'Le nom du rôle ne peut pas dépasser 100 caractères',
  descriptionMax: 'La description ne peut pas dépasser 500 caractères',
  unknownPermission: 'Permission inconnue',
  notFound: 'Rôle introuvable',
  nameTaken: 'Un rôle porte déjà ce nom',
  reservedName: 'Ce nom est réservé au rôle administrateur',
  inUse: (count: number) =>
    `Ce rôle est attribué à ${count} utilisateur${count > 1 ? 's' : ''} : réattribuez-les avant de le supprimer`,
  adminRoleLocked: 'Le rôle Administrateur conserve toutes les permissions et ne peut être ni renommé ni supprimé',
  created: 'Rôle créé avec succès',
  updated: 'Rôle modifié avec succès',
  deleted: 'Rôle supprimé avec succès',
  createFailed: 'Erreur lors de la création du rôle',
  updateFailed: 'Erreur lors de la modification du rôle',
  deleteFailed: 'Erreur lors de la suppression du rôle',
  limiteSections: 'Limité à ses sections',
  limiteSectionsHint:
    'Ses utilisateurs ne voient que les clients de leur section, leurs équipements et leurs interventions ; sans section, ils ne voient aucun client. Sans effet sur le rôle administrateur.',
  deleteConfirm: (name: string) =>
    `Êtes-vous sûr de vouloir supprimer le rôle "${name}" ? Cette action est irréversible.`,
} as const;

const permissionName = z.string().regex(/^[a-z_]+:[a-z_]+$/, ROLE_MESSAGES.unknownPermission);

/** POST /roles, PUT /roles/:id and the role form: name, description and permission strings (module:action). */
export const roleInputSchema = z.object({
  nom: z
    .string({ error: ROLE_MESSAGES.nomRequired })
    .trim()
    .min(1, ROLE_MESSAGES.nomRequired)
    .max(100, ROLE_MESSAGES.nomMax),
  description: z
    .string()
    .trim()
    .max(500, ROLE_MESSAGES.descriptionMax)
    .nullish()
    .transform((v) => (v ? v : null)),
  permissions: z.array(permissionName).default([]),
  /** « Limité à ses sections » (issue 33): its users see only their section's clients and what hangs from them. */
  limiteSections: z.boolean().default(false),
});
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  userCount: z.number().int(),
  /** An admin role (Admin, Administrateur, Administrator): holds every permission, cannot be renamed or deleted. */
  isAdmin: z.boolean(),
  limiteSections: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;

export const permissionSchema = z.object({
  id: z.number().int(),
  module: z.string(),
  action: z.string(),
  description: z.string().nullable(),
  /** module:action */
  name: z.string(),
});
export type PermissionRow = z.infer<typeof permissionSchema>;

/** Display labels of the permission matrix (unknown modules/actions show their raw name). */
export const MODULE_LABELS: Record<string, string> = {
  clients: 'Clients',
  equipment: 'Équipements',
  interventions: 'Interventions',
  reports: 'Rapports',
  analytics: 'Analyses',
  users: 'Utilisateurs',
  roles: 'Rôles',
  sections: 'Sections',
  templates: "Modèles d'intervention",
  plans: 'Maintenance préventive',
  stock: 'Pièces et stock',
  contracts: 'Contrats',
  requests: "Demandes d'intervention",
};

export const ACTION_LABELS: Record<string, string> = {
  read: 'Consulter',
  create: 'Créer',
  update: 'Modifier',
  delete: 'Supprimer',
  manage: 'Gérer',
  approve: 'Approuver',
  assign: 'Affecter',
};
