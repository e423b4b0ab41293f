import type { SessionUser } from '@gmao/domain/auth/user';
import type { ReactNode } from 'react';
import { SessionProvider } from '../session';

/** A signed-in user for a test: the given fields over a technician holding no permission. */
export function sessionUser(fields: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    nom: 'Utilisateur',
    username: 'utilisateur',
    section: null,
    role: 'Technicien',
    roleId: null,
    permissions: [],
    ...fields,
  };
}

/**
 * Render options that sign `user` in (null: nobody): the app's own SessionProvider, started in that session (its
 * `initial`), so useSession and usePermissions answer from the real state and permission rules, as after a login. No
 * storage is written and no profile is fetched: the test's fetch stub sees only the calls of the component under test.
 * Instead of a vi.mock of lib/session, which would isolate the file in its own worker (vitest.config.ts).
 */
export function signedIn(user: Partial<SessionUser> | null) {
  const initial = user ? { user: sessionUser(user), token: 'test-token' } : { user: null, token: null };
  return {
    wrapper: ({ children }: { children: ReactNode }) => <SessionProvider initial={initial}>{children}</SessionProvider>,
  };
}
