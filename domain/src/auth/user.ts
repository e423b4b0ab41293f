/** The user as normalized for the session (spec §3). */
export interface SessionUser {
  id: number;
  nom: string;
  username: string;
  section: string | null;
  sectionId?: number | null;
  isResponsible?: boolean;
  role: string;
  roleId: number | null;
  permissions: string[];
  /** An administrator chose the password: the user must change it before anything else (security issue). */
  mustChangePassword?: boolean;
  /** The API token's scopes when the request came with one (permissions.ts PermissionHolder). */
  scopes?: string[] | null;
  /** The role is "limité à ses sections" (visibility.ts); never set for an administrator. */
  limitedToSections?: boolean;
  /** A client portal user (issue 33): his company; visibilityOf then gives { kind: 'client' }. */
  clientId?: number | null;
  /** A portal user's right: LECTURE reads, DEMANDEUR also files requests. */
  portalDroit?: 'LECTURE' | 'DEMANDEUR' | null;
}

export const USER_FALLBACKS = { role: 'Rôle non défini', name: 'Utilisateur' } as const;

type RawPermission = string | { module?: string; action?: string; name?: string; nom?: string } | null | undefined;

/** Permissions may arrive as a list, a JSON string or a comma-separated string; pairs become module:action. */
export function normalizePermissions(raw: unknown): string[] {
  let list: RawPermission[] = [];
  if (Array.isArray(raw)) list = raw as RawPermission[];
  else if (typeof raw === 'string') {
    const text = raw.trim();
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) list = parsed as RawPermission[];
      } catch {
        list = [];
      }
    } else list = text.split(',');
  }
  const out = list.map((p) => {
    if (typeof p === 'string') return p.trim();
    if (p?.module && p.action) return `${p.module}:${p.action}`;
    if (p && (p.name || p.nom)) return String(p.name ?? p.nom).trim();
    return '';
  });
  return [...new Set(out.filter((p) => p.length > 0))];
}

// biome-ignore lint/suspicious/noExplicitAny: the raw shape is whatever the server or storage held
export function normalizeUser(raw: any): SessionUser | null {
  if (!raw || typeof raw !== 'object') return null;
  const section = typeof raw.section === 'string' ? raw.section : (raw.section?.nom ?? null);
  const role = typeof raw.role === 'string' ? raw.role : (raw.role?.nom ?? raw.role?.name ?? '');
  const rolePermissions = typeof raw.role === 'object' && raw.role ? normalizePermissions(raw.role.permissions) : [];
  return {
    id: Number(raw.id),
    nom: raw.nom ?? '',
    username: raw.username ?? '',
    section,
    sectionId: raw.sectionId ?? raw.section_id ?? raw.section?.id ?? null,
    isResponsible: Boolean(raw.isResponsible ?? raw.section?.isResponsible ?? false),
    role,
    roleId: raw.roleId ?? raw.role_id ?? raw.role?.id ?? null,
    permissions: [...new Set([...normalizePermissions(raw.permissions), ...rolePermissions])],
    ...(raw.mustChangePassword === true ? { mustChangePassword: true } : {}),
    ...(raw.limitedToSections === true ? { limitedToSections: true } : {}),
    ...(typeof raw.clientId === 'number' ? { clientId: raw.clientId } : {}),
    ...(raw.portalDroit === 'LECTURE' || raw.portalDroit === 'DEMANDEUR' ? { portalDroit: raw.portalDroit } : {}),
  };
}

export function displayName(user: { nom?: string | null } | null | undefined): string {
  return user?.nom?.trim() || USER_FALLBACKS.name;
}

export function displayRole(user: { role?: string | null } | null | undefined): string {
  return user?.role?.trim() || USER_FALLBACKS.role;
}

/** First letters of the name, at most 2. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

export function isSectionManager(user: { isResponsible?: boolean } | null | undefined): boolean {
  return user?.isResponsible === true;
}

/** A client portal user (issue 33): he lands on /portail and sees nothing else. */
export function isPortalUser(user: { clientId?: number | null } | null | undefined): boolean {
  return user?.clientId != null;
}
