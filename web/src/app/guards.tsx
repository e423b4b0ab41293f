import { hasAnyPermission, hasRole } from '@gmao/domain/auth/permissions';
import { isPortalUser } from '@gmao/domain/auth/user';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/layout/page-loader';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session';
import { AccessDenied, PermissionRequired } from './routes/access-denied';

/** Unauthenticated users go to /login, which remembers where they were going. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <PageLoader text="Chargement..." />;
  if (session.status !== 'authenticated') {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

/** A password chosen by an administrator must be changed first: the server refuses everything else until then. */
export function RequirePasswordChanged() {
  const { user } = useSession();
  if (user?.mustChangePassword) return <Navigate to={paths.changePassword} replace />;
  return <Outlet />;
}

/**
 * A client portal user (issue 33) sees the portal only: any internal page sends him to /portail (the server refuses
 * him everything else anyway). Internal users never see the portal.
 */
export function RequireInternal() {
  const { user } = useSession();
  if (isPortalUser(user)) return <Navigate to={paths.portal} replace />;
  return <Outlet />;
}

export function RequirePortalUser() {
  const { user } = useSession();
  if (!isPortalUser(user)) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}

/** One permission, or a list of which any one suffices (the templates page: interventions:create or templates:manage). */
export function RequirePermission({
  permission,
  children,
}: {
  permission: string | readonly string[];
  children: ReactNode;
}) {
  const { user } = useSession();
  const anyOf = typeof permission === 'string' ? [permission] : permission;
  if (!hasAnyPermission(user, anyOf)) return <PermissionRequired permissions={anyOf} />;
  return <>{children}</>;
}

export function RequireRole({ role, children }: { role: string; children: ReactNode }) {
  const { user } = useSession();
  if (!hasRole(user, role)) return <AccessDenied requiredRole={role} />;
  return <>{children}</>;
}
