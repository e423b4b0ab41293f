import { ADMIN_ROLE, PERMISSIONS } from '@gmao/domain/auth/permissions';
import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { PageLoader } from '../components/layout/page-loader';
import { paths } from '../lib/paths';
import { RequireAuth, RequirePasswordChanged, RequirePermission, RequireRole } from './guards';
import { lazyPage } from './lazy-page';
import { RouteErrorScreen } from './routes/error-screen';

const Login = lazyPage(() => import('../features/auth/routes/login'));
const Register = lazyPage(() => import('../features/auth/routes/register'));
const ForgotPassword = lazyPage(() => import('../features/auth/routes/forgot-password'));
const ResetPassword = lazyPage(() => import('../features/auth/routes/reset-password'));
const Terms = lazyPage(() => import('./routes/legal').then((m) => ({ default: m.TermsRoute })));
const Privacy = lazyPage(() => import('./routes/legal').then((m) => ({ default: m.PrivacyRoute })));
const NotFound = lazyPage(() => import('./routes/not-found'));
const Dashboard = lazyPage(() => import('./routes/dashboard'));
const Profile = lazyPage(() => import('../features/profile/routes/profile'));
const ChangePassword = lazyPage(() => import('./routes/change-password'));
const Settings = lazyPage(() => import('./routes/settings'));
const Notifications = lazyPage(() => import('../features/notifications/routes/notifications'));
const Clients = lazyPage(() => import('../features/clients/routes/clients'));
const Equipment = lazyPage(() => import('./routes/equipment'));
const Interventions = lazyPage(() => import('./routes/interventions'));
const Templates = lazyPage(() => import('../features/templates/routes/templates'));
const Reports = lazyPage(() => import('../features/reports/routes/reports'));
const Analytics = lazyPage(() => import('../features/analytics/routes/analytics'));
const Users = lazyPage(() => import('../features/users/routes/users'));
const Roles = lazyPage(() => import('../features/roles/routes/roles'));
const Sections = lazyPage(() => import('../features/sections/routes/sections'));
const AuditLog = lazyPage(() => import('../features/audit/routes/audit-log'));
const Plans = lazyPage(() => import('../features/plans/routes/plans'));
const Planning = lazyPage(() => import('../features/plans/routes/planning'));
const Stock = lazyPage(() => import('../features/stock/routes/stock'));
const CustomFields = lazyPage(() => import('../features/custom-fields/routes/custom-fields'));

const AppFrame = lazyPage(() => import('./routes/protected-layout'));

function ProtectedLayout() {
  return (
    <Suspense fallback={<PageLoader />}>
      <AppFrame />
    </Suspense>
  );
}

function PublicPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}

const withPermission = (permission: string | readonly string[], element: React.ReactNode) => (
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
            { path: paths.resetPassword, element: <ResetPassword /> },
            { path: paths.terms, element: <Terms /> },
            { path: paths.privacy, element: <Privacy /> },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            // outside the app layout, whose calls the server refuses until the password is changed
            { element: <PublicPage />, children: [{ path: paths.changePassword, element: <ChangePassword /> }] },
            {
              element: <RequirePasswordChanged />,
              children: [
                {
                  element: <ProtectedLayout />,
                  children: [
                    { index: true, element: <Dashboard /> },
                    { path: '/dashboard', element: <Navigate to={paths.dashboard} replace /> },
                    { path: paths.profile, element: <Profile /> },
                    { path: paths.settings, element: <Settings /> },
                    { path: paths.notifications, element: <Notifications /> },
                    { path: `${paths.clients}/:id?`, element: withPermission(PERMISSIONS.CLIENTS_READ, <Clients />) },
                    {
                      path: `${paths.equipment}/:id?`,
                      element: withPermission(PERMISSIONS.EQUIPMENT_READ, <Equipment />),
                    },
                    {
                      // `/:id?`: the deep link of one item opens its detail over the list (same page, no remount)
                      path: `${paths.interventions}/:id?`,
                      element: withPermission(PERMISSIONS.INTERVENTIONS_READ, <Interventions />),
                    },
                    {
                      path: paths.interventionTemplates,
                      element: withPermission(
                        [PERMISSIONS.INTERVENTIONS_CREATE, PERMISSIONS.TEMPLATES_MANAGE],
                        <Templates />,
                      ),
                    },
                    { path: paths.plans, element: withPermission(PERMISSIONS.PLANS_READ, <Plans />) },
                    {
                      path: paths.planning,
                      element: withPermission(PERMISSIONS.INTERVENTIONS_READ, <Planning />),
                    },
                    { path: paths.stock, element: withPermission(PERMISSIONS.STOCK_READ, <Stock />) },
                    { path: paths.reports, element: withPermission(PERMISSIONS.REPORTS_READ, <Reports />) },
                    { path: paths.analytics, element: withPermission(PERMISSIONS.ANALYTICS_READ, <Analytics />) },
                    { path: paths.users, element: adminOnly(<Users />) },
                    { path: paths.roles, element: adminOnly(<Roles />) },
                    { path: paths.sections, element: adminOnly(<Sections />) },
                    { path: paths.audit, element: adminOnly(<AuditLog />) },
                    { path: paths.customFields, element: adminOnly(<CustomFields />) },
                  ],
                },
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
