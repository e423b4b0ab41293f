/** Permission strings are `module:action` (spec §6). Admin roles hold every permission. */
export const PERMISSIONS = {
  CLIENTS_READ: 'clients:read',
  CLIENTS_CREATE: 'clients:create',
  CLIENTS_UPDATE: 'clients:update',
  CLIENTS_DELETE: 'clients:delete',
  EQUIPMENT_READ: 'equipment:read',
  EQUIPMENT_CREATE: 'equipment:create',
  EQUIPMENT_UPDATE: 'equipment:update',
  EQUIPMENT_DELETE: 'equipment:delete',
  INTERVENTIONS_READ: 'interventions:read',
  INTERVENTIONS_CREATE: 'interventions:create',
  INTERVENTIONS_UPDATE: 'interventions:update',
  INTERVENTIONS_DELETE: 'interventions:delete',
  INTERVENTIONS_APPROVE: 'interventions:approve',
  INTERVENTIONS_ASSIGN: 'interventions:assign',
  TEMPLATES_MANAGE: 'templates:manage',
  REPORTS_READ: 'reports:read',
  ANALYTICS_READ: 'analytics:read',
  USERS_READ: 'users:read',
  USERS_CREATE: 'users:create',
  USERS_UPDATE: 'users:update',
  USERS_DELETE: 'users:delete',
  ROLES_READ: 'roles:read',
  ROLES_MANAGE: 'roles:manage',
  SECTIONS_READ: 'sections:read',
  SECTIONS_MANAGE: 'sections:manage',
  PLANS_READ: 'plans:read',
  PLANS_MANAGE: 'plans:manage',
  STOCK_READ: 'stock:read',
  STOCK_MANAGE: 'stock:manage',
  CONTRACTS_READ: 'contracts:read',
  CONTRACTS_MANAGE: 'contracts:manage',
  REQUESTS_MANAGE: 'requests:manage',
  HABILITATIONS_MANAGE: 'habilitations:manage',
  HABILITATIONS_OVERRIDE: 'habilitations:override',
} as const;

export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/** Description shown as tooltip in the permission matrix and stored in the permissions table. */
export const PERMISSION_DESCRIPTIONS = {
  'clients:read': 'Consulter les clients',
  'clients:create': 'Créer des clients',
  'clients:update': 'Modifier les clients',
  'clients:delete': 'Supprimer des clients',
  'equipment:read': 'Consulter les équipements',
  'equipment:create': 'Créer des équipements',
  'equipment:update': 'Modifier les équipements',
  'equipment:delete': 'Supprimer des équipements',
  'interventions:read': 'Consulter les interventions',
  'interventions:create': 'Créer des interventions',
  'interventions:update': 'Modifier les interventions et changer leur statut',
  'interventions:delete': 'Supprimer des interventions',
  'interventions:approve': 'Approuver ou rejeter les interventions soumises à validation',
  'templates:manage': "Gérer les modèles d'intervention (créer, modifier, supprimer)",
  'interventions:assign':
    'Affecter et réaffecter les techniciens ; agir sur toutes les interventions et modifier les éléments des autres',
  'reports:read': 'Consulter et télécharger les rapports',
  'analytics:read': 'Consulter les analyses',
  'users:read': 'Consulter les utilisateurs',
  'users:create': 'Créer des utilisateurs',
  'users:update': 'Modifier les utilisateurs',
  'users:delete': 'Supprimer des utilisateurs',
  'roles:read': 'Consulter les rôles',
  'roles:manage': 'Gérer les rôles et leurs permissions',
  'sections:read': 'Consulter les sections',
  'sections:manage': 'Gérer les sections',
  'plans:read': 'Consulter les plans de maintenance préventive et leur taux de conformité',
  'plans:manage': 'Gérer les plans de maintenance préventive (créer, modifier, supprimer, générer)',
  'stock:read': 'Consulter les pièces détachées et le stock',
  'stock:manage': 'Gérer le catalogue de pièces, les emplacements et les mouvements de stock',
  'contracts:read': 'Consulter les contrats de maintenance et les calendriers ouvrés',
  'contracts:manage': 'Gérer les contrats de maintenance, leurs documents et les calendriers ouvrés',
  'requests:manage':
    "Traiter les demandes d'intervention (accepter, fusionner, refuser) et les liens QR des équipements",
  'habilitations:manage': "Gérer les titres d'habilitation électrique et les aptitudes médicales",
  'habilitations:override': "Forcer une affectation sans l'habilitation requise, avec une justification écrite",
} as const satisfies Record<Permission, string>;

export const ALL_PERMISSIONS = Object.values(PERMISSIONS) as Permission[];

/** The three role names that mean "administrator" (spec §6). */
export const ADMIN_ROLE_NAMES = ['Admin', 'Administrateur', 'Administrator'] as const;
export const ADMIN_ROLE = 'Administrateur';

export interface PermissionHolder {
  role?: string | null;
  permissions?: readonly string[] | null;
  /**
   * Set when the request came with an API token (issue 35): its scopes. The holder then has a permission only if the
   * token's scopes and the owner's current rights both grant it, and is never an administrator (no role-only route,
   * no "author or administrator" exception): a token never exceeds the scopes it was given.
   */
  scopes?: readonly string[] | null;
}

export function isAdminRole(role: string | null | undefined): boolean {
  return !!role && (ADMIN_ROLE_NAMES as readonly string[]).includes(role);
}

export function isAdmin(user: PermissionHolder | null | undefined): boolean {
  return !user?.scopes && isAdminRole(user?.role);
}

export function hasPermission(user: PermissionHolder | null | undefined, permission: string): boolean {
  if (!user) return false;
  if (user.scopes && !user.scopes.includes(permission)) return false;
  if (isAdminRole(user.role)) return true;
  return (user.permissions ?? []).includes(permission);
}

export function hasAnyPermission(user: PermissionHolder | null | undefined, permissions: readonly string[]): boolean {
  return permissions.some((p) => hasPermission(user, p));
}

/** Role check: asking for any admin name matches every admin alias. */
export function hasRole(user: PermissionHolder | null | undefined, role: string): boolean {
  if (!user?.role) return false;
  if (isAdminRole(role)) return isAdmin(user);
  return user.role === role;
}

export function getRole(user: PermissionHolder | null | undefined): string | null {
  return user?.role ?? null;
}

export function getPermissions(user: PermissionHolder | null | undefined): string[] {
  if (!user) return [];
  const held = isAdminRole(user.role) ? [...ALL_PERMISSIONS] : [...(user.permissions ?? [])];
  return user.scopes ? held.filter((p) => user.scopes!.includes(p)) : held;
}

/** Default permission sets for the roles seeded at first start. */
export const DEFAULT_ROLES: Record<string, { description: string; permissions: Permission[] }> = {
  Administrateur: { description: 'Accès complet à toutes les fonctions', permissions: ALL_PERMISSIONS },
  Responsable: {
    description: 'Responsable de section : clients, équipements, interventions, rapports et analyses',
    permissions: [
      'clients:read',
      'clients:create',
      'clients:update',
      'clients:delete',
      'equipment:read',
      'equipment:create',
      'equipment:update',
      'equipment:delete',
      'interventions:read',
      'interventions:create',
      'interventions:update',
      'interventions:delete',
      'interventions:approve',
      'interventions:assign',
      'templates:manage',
      'reports:read',
      'analytics:read',
      'users:read',
      'plans:read',
      'plans:manage',
      'stock:read',
      'stock:manage',
      'contracts:read',
      'contracts:manage',
      'requests:manage',
      'habilitations:manage',
    ],
  },
  Technicien: {
    description: 'Technicien terrain : consulte les clients et équipements, mène les interventions',
    permissions: [
      'clients:read',
      'equipment:read',
      'equipment:update',
      'interventions:read',
      'interventions:create',
      'interventions:update',
      'plans:read',
      'stock:read',
    ],
  },
  Consultation: {
    description: 'Lecture seule',
    permissions: [
      'clients:read',
      'equipment:read',
      'interventions:read',
      'reports:read',
      'analytics:read',
      'plans:read',
      'contracts:read',
    ],
  },
};
