import { ADMIN_ROLE, PERMISSIONS } from '@gmao/domain/auth/permissions';
import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { AppLayout } from '../components/layout/app-layout';
import { PageLoader } from '../components/layout/page-loader';
import { useLogout } from '../features/auth/api/logout';
import { RequireAuth, RequirePermission, RequireRole } from './guards';
import { lazyPage } from './lazy-page';
import { paths } from './paths';
import { RouteErrorScreen } from './routes/error-screen';

const Login = lazyPage(() => import('../features/auth/routes/login'));
const Register = lazyPage(() => import('../features/auth/routes/register'));
const ForgotPassword = lazyPage(() => import('../features/auth/routes/forgot-password'));
const Terms = lazyPage(() => import('./routes/legal').then((m) => ({ default: m.TermsRoute })));
const Privacy = lazyPage(() => import('./routes/legal').then((m) => ({ default: m.PrivacyRoute })));
const NotFound = lazyPage(() => import('./routes/not-found'));
const Dashboard = lazyPage(() => import('./routes/dashboard'));
const Profile = lazyPage(() => import('../features/profile/routes/profile'));
const Settings = lazyPage(() => import('../features/profile/routes/settings'));
const Clients = lazyPage(() => import('../features/clients/routes/clients'));
const Equipment = lazyPage(() => import('./routes/equipment'));
const Interventions = lazyPage(() => import('../features/interventions/routes/interventions'));
const Reports = lazyPage(() => import('../features/reports/routes/reports'));
const Analytics = lazyPage(() => import('../features/analytics/routes/analytics'));
const Users = lazyPage(() => import('../features/users/routes/users'));
const Roles = lazyPage(() => import('../features/roles/routes/roles'));
const Sections = lazyPage(() => import('../features/sections/routes/sections'));

function ProtectedLayout() {
  const logout = useLogout();
  return <AppLayout onLogout={() => void logout()} />;
}

function PublicPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}

const withPermission = (permission: string, element: React.ReactNode) => (
  <RequirePermission permission={permission}>{element}</RequirePermission>
);
const adminOnly = (element: React.ReactNode) => <RequireRole role={ADMIN_ROLE}>{element}</RequireRole>;

export function createAppRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteErrorScreen />,
      children: [
        {
          element: <PublicPage />,
          children: [
            { path: paths.login, element: <Login /> },
            { path: paths.register, element: <Register /> },
            { path: paths.forgotPassword, element: <ForgotPassword /> },
            { path: paths.terms, element: <Terms /> },
            { path: paths.privacy, element: <Privacy /> },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            {
              element: <ProtectedLayout />,
              children: [
                { index: true, element: <Dashboard /> },
                { path: '/dashboard', element: <Navigate to={paths.dashboard} replace /> },
                { path: paths.profile, element: <Profile /> },
                { path: paths.settings, element: <Settings /> },
                { path: paths.clients, element: withPermission(PERMISSIONS.CLIENTS_READ, <Clients />) },
                { path: paths.equipment, element: withPermission(PERMISSIONS.EQUIPMENT_READ, <Equipment />) },
                {
                  path: paths.interventions,
                  element: withPermission(PERMISSIONS.INTERVENTIONS_READ, <Interventions />),
                },
                { path: paths.reports, element: withPermission(PERMISSIONS.REPORTS_READ, <Reports />) },
                { path: paths.analytics, element: withPermission(PERMISSIONS.ANALYTICS_READ, <Analytics />) },
                { path: paths.users, element: adminOnly(<Users />) },
                { path: paths.roles, element: adminOnly(<Roles />) },
                { path: paths.sections, element: adminOnly(<Sections />) },
              ],
            },
          ],
        },
        {
          element: <PublicPage />,
          children: [{ path: '*', element: <NotFound /> }],
        },
      ],
    },
  ]);
}
