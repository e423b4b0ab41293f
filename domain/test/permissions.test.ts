import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  getPermissions,
  getRole,
  hasAnyPermission,
  hasPermission,
  hasRole,
  isAdmin,
  isAdminRole,
} from '../src/auth/permissions.ts';
import { displayName, displayRole, initials, normalizePermissions, normalizeUser } from '../src/auth/user.ts';

const tech = { role: 'Technicien', permissions: ['clients:read', 'interventions:update'] };

describe('permission helpers (spec §6)', () => {
  it.each(['Admin', 'Administrateur', 'Administrator'])('%s holds every permission', (role) => {
    const admin = { role, permissions: [] };
    expect(isAdminRole(role)).toBe(true);
    for (const p of ALL_PERMISSIONS) expect(hasPermission(admin, p)).toBe(true);
    expect(hasPermission(admin, 'anything:else')).toBe(true);
    expect(getPermissions(admin)).toEqual(ALL_PERMISSIONS);
  });

  it('other users need the exact permission string', () => {
    expect(hasPermission(tech, 'clients:read')).toBe(true);
    expect(hasPermission(tech, 'clients:create')).toBe(false);
    expect(hasPermission(tech, 'clients')).toBe(false);
    expect(hasPermission(tech, 'Clients:read')).toBe(false);
    expect(hasPermission(null, 'clients:read')).toBe(false);
  });

  it('any-of passes when one matches', () => {
    expect(hasAnyPermission(tech, ['users:read', 'interventions:update'])).toBe(true);
    expect(hasAnyPermission(tech, ['users:read', 'users:create'])).toBe(false);
    expect(hasAnyPermission(tech, [])).toBe(false);
  });

  it('role check: any admin name matches every admin alias, others match exactly', () => {
    expect(hasRole({ role: 'Admin' }, 'Administrateur')).toBe(true);
    expect(hasRole({ role: 'Administrator' }, 'Admin')).toBe(true);
    expect(hasRole({ role: 'Technicien' }, 'Administrateur')).toBe(false);
    expect(hasRole({ role: 'Technicien' }, 'Technicien')).toBe(true);
    expect(hasRole({ role: 'Technicien' }, 'technicien')).toBe(false);
  });
});

describe('session user normalization (spec §3)', () => {
  it('reads permissions from a list, a JSON string or a comma-separated string, without duplicates or empties', () => {
    expect(normalizePermissions(['a:b', 'a:b', '', ' c:d '])).toEqual(['a:b', 'c:d']);
    expect(normalizePermissions('["a:b","c:d"]')).toEqual(['a:b', 'c:d']);
    expect(normalizePermissions('a:b, c:d,,a:b')).toEqual(['a:b', 'c:d']);
    expect(normalizePermissions([{ module: 'clients', action: 'read' }])).toEqual(['clients:read']);
  });

  it('takes section and role from strings or objects', () => {
    const user = normalizeUser({
      id: 3,
      nom: 'Amina',
      username: 'amina',
      section: { nom: 'Électrique', isResponsible: true },
      role: { id: 2, nom: 'Responsable', permissions: [{ module: 'clients', action: 'read' }] },
      permissions: 'reports:read',
    });
    expect(user).toMatchObject({
      section: 'Électrique',
      isResponsible: true,
      role: 'Responsable',
      roleId: 2,
      permissions: ['reports:read', 'clients:read'],
    });
  });

  it("display fallbacks: role 'Rôle non défini', name 'Utilisateur'", () => {
    expect(displayRole({ role: '' })).toBe('Rôle non défini');
    expect(displayRole(null)).toBe('Rôle non défini');
    expect(displayName({ nom: '  ' })).toBe('Utilisateur');
    expect(displayName({ nom: 'Amina' })).toBe('Amina');
  });

  it('a section manager is a user whose section has isResponsible true; get role reads the role name', () => {
    const manager = normalizeUser({ id: 1, nom: 'A', section: { nom: 'Électrique', isResponsible: true }, role: 'X' });
    const member = normalizeUser({ id: 2, nom: 'B', section: { nom: 'Électrique', isResponsible: false }, role: 'X' });
    expect(manager?.isResponsible).toBe(true);
    expect(member?.isResponsible).toBe(false);
    expect(getRole({ role: 'Technicien' })).toBe('Technicien');
    expect(getRole(null)).toBeNull();
  });

  it('initials: first letters of the name, at most 2', () => {
    expect(initials('Youssef Ben Ali')).toBe('YB');
    expect(initials('amina')).toBe('A');
    expect(initials('')).toBe('');
  });
});

describe('a holder acting through an API token (issue 35)', () => {
  const admin = { role: 'Administrateur', permissions: [], scopes: ['interventions:read'] };
  const tech = {
    role: 'Technicien',
    permissions: ['interventions:read', 'interventions:update'],
    scopes: ['interventions:read', 'users:read'],
  };
  it('has a permission only when both the scopes and the owner grant it', () => {
    expect(hasPermission(admin, 'interventions:read')).toBe(true);
    expect(hasPermission(admin, 'interventions:update')).toBe(false);
    expect(hasPermission(tech, 'interventions:read')).toBe(true);
    expect(hasPermission(tech, 'interventions:update')).toBe(false); // the owner has it, the token not
    expect(hasPermission(tech, 'users:read')).toBe(false); // the token names it, the owner has it not
    expect(getPermissions(admin)).toEqual(['interventions:read']);
    expect(getPermissions(tech)).toEqual(['interventions:read']);
  });
  it('is never an administrator, even an administrator’s token', () => {
    expect(isAdmin(admin)).toBe(false);
    expect(hasRole(admin, 'Admin')).toBe(false);
    expect(isAdmin({ role: 'Administrateur', permissions: [] })).toBe(true);
  });
});
