import { hasPermission, hasRole } from '@gmao/domain/auth/permissions';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/layout/page-loader';
import { useSession } from '../lib/session';
import { paths } from './paths';
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

export function RequirePermission({ permission, children }: { permission: string; children: ReactNode }) {
  const { user } = useSession();
  if (!hasPermission(user, permission)) return <PermissionRequired permission={permission} />;
  return <>{children}</>;
}

export function RequireRole({ role, children }: { role: string; children: ReactNode }) {
  const { user } = useSession();
  if (!hasRole(user, role)) return <AccessDenied requiredRole={role} />;
  return <>{children}</>;
}
