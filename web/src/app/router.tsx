import { ADMIN_ROLE, PERMISSIONS } from '@gmao/domain/auth/permissions';
import { Suspense, useMemo } from 'react';
import {
  createRoutesFromElements,
  matchRoutes,
  Navigate,
  Outlet,
  Route,
  renderMatches,
  useLocation,
} from 'react-router';
import { PageLoader } from '../components/layout/page-loader';
import { paths } from '../lib/paths';
import {
  RequireAuth,
  RequireInternal,
  RequirePasswordChanged,
  RequirePermission,
  RequirePortalUser,
  RequireRole,
} from './guards';
import { lazyPage } from './lazy-page';
import { preloadPage } from './page-preload';
import { RouteErrorBoundary } from './routes/error-screen';

const Login = lazyPage(() => import('../features/auth/routes/login'));
const Register = lazyPage(() => import('../features/auth/routes/register'));
const ForgotPassword = lazyPage(() => import('../features/auth/routes/forgot-password'));
const ResetPassword = lazyPage(() => import('../features/auth/routes/reset-password'));
const Terms = lazyPage(() => import('./routes/legal').then((m) => ({ default: m.TermsRoute })));
const Privacy = lazyPage(() => import('./routes/legal').then((m) => ({ default: m.PrivacyRoute })));
const NotFound = lazyPage(() => import('./routes/not-found'));
const Dashboard = lazyPage(() => import('./routes/dashboard'));
const Profile = lazyPage(() => import('./routes/profile'));
const ChangePassword = lazyPage(() => import('./routes/change-password'));
const Settings = lazyPage(() => import('./routes/settings'));
const Notifications = lazyPage(() => import('../features/notifications/routes/notifications'));
const Clients = lazyPage(() => import('../features/clients/routes/clients'));
const Equipment = lazyPage(() => import('./routes/equipment'));
const Interventions = lazyPage(() => import('./routes/interventions'));
const Templates = lazyPage(() => import('../features/templates/routes/templates'));
const Reports = lazyPage(() => import('../features/reports/routes/reports'));
const SlaReport = lazyPage(() => import('../features/reports/routes/sla-report'));
const Analytics = lazyPage(() => import('../features/analytics/routes/analytics'));
const Users = lazyPage(() => import('./routes/users'));
const Roles = lazyPage(() => import('../features/roles/routes/roles'));
const Sections = lazyPage(() => import('../features/sections/routes/sections'));
const AuditLog = lazyPage(() => import('../features/audit/routes/audit-log'));
const Plans = lazyPage(() => import('../features/plans/routes/plans'));
const Planning = lazyPage(() => import('../features/plans/routes/planning'));
const Stock = lazyPage(() => import('../features/stock/routes/stock'));
const Contracts = lazyPage(() => import('../features/contracts/routes/contracts'));
const Calendars = lazyPage(() => import('../features/contracts/routes/calendars'));
const CustomFields = lazyPage(() => import('../features/custom-fields/routes/custom-fields'));
const MailAdmin = lazyPage(() => import('../features/mail/routes/mail-admin'));
const CompanyAdmin = lazyPage(() => import('../features/company/routes/company-admin'));
const Requests = lazyPage(() => import('../features/requests/routes/requests'));
const PublicRequest = lazyPage(() => import('../features/requests/routes/public-request'));
const WebhooksAdmin = lazyPage(() => import('../features/webhooks/routes/webhooks-admin'));
// The client portal (issue 33): its frame and its pages, one chunk each
const loadPortalPages = () => import('../features/portal/routes/portal-pages');
const PortalFrame = lazyPage(() => import('./routes/portal-layout'));
const PortalHome = lazyPage(() => loadPortalPages().then((m) => ({ default: m.PortalHomeRoute })));
const PortalEquipment = lazyPage(() => loadPortalPages().then((m) => ({ default: m.PortalEquipmentRoute })));
const PortalInterventions = lazyPage(() => loadPortalPages().then((m) => ({ default: m.PortalInterventionsRoute })));
const PortalContract = lazyPage(() => loadPortalPages().then((m) => ({ default: m.PortalContractRoute })));
const PortalRequests = lazyPage(() => loadPortalPages().then((m) => ({ default: m.PortalRequestsRoute })));
const PortalNewRequest = lazyPage(() => loadPortalPages().then((m) => ({ default: m.PortalNewRequestRoute })));
const Habilitations = lazyPage(() => import('../features/habilitations/routes/habilitations'));

const loadFrame = () => import('./routes/protected-layout');
const loadQueryScope = () => import('./query-scope');
const AppFrame = lazyPage(loadFrame);
const QueryScope = lazyPage(loadQueryScope);

const PUBLIC_PATHS: readonly string[] = [
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  paths.terms,
  paths.privacy,
];

/**
 * A signed-in page opened directly (a reload, a link) fetches its frame, its cache and its page (page-preload.ts)
 * at once, instead of one after the other as each lazy level renders (issue 16: the dashboard's LCP).
 */
export function preloadSignedInChunks(pathname: string) {
  if (PUBLIC_PATHS.includes(pathname) || pathname.startsWith('/r/')) return;
  void loadQueryScope();
  void loadFrame();
  void preloadPage(pathname);
}

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

/** Every page but /login shares one query cache, loaded with them. */
function WithQueries() {
  return (
    <Suspense fallback={<PageLoader />}>
      <QueryScope />
    </Suspense>
  );
}

const withPermission = (permission: string | readonly string[], element: React.ReactNode) => (
  <RequirePermission permission={permission}>{element}</RequirePermission>
);
const adminOnly = (element: React.ReactNode) => <RequireRole role={ADMIN_ROLE}>{element}</RequireRole>;

/**
 * The route table, in react-router's declarative mode: the data router (loaders, actions, fetchers), which this app
 * does not use, would be 16 KB more on every page (issue 16). A page's error shows the error screen until the next
 * navigation.
 */
const ROUTES = createRoutesFromElements(
  <>
    <Route element={<PublicPage />}>
      <Route path={paths.login} element={<Login />} />
      <Route path={paths.terms} element={<Terms />} />
      <Route path={paths.privacy} element={<Privacy />} />
      {/* an equipment's QR code: anyone, no account (issue 33) */}
      <Route path={paths.publicRequest} element={<PublicRequest />} />
    </Route>
    <Route element={<WithQueries />}>
      <Route element={<PublicPage />}>
        <Route path={paths.register} element={<Register />} />
        <Route path={paths.forgotPassword} element={<ForgotPassword />} />
        <Route path={paths.resetPassword} element={<ResetPassword />} />
      </Route>
      <Route element={<RequireAuth />}>
        {/* outside the app layout, whose calls the server refuses until the password is changed */}
        <Route element={<PublicPage />}>
          <Route path={paths.changePassword} element={<ChangePassword />} />
        </Route>
        <Route element={<RequirePasswordChanged />}>
          <Route element={<RequirePortalUser />}>
            <Route
              element={
                <Suspense fallback={<PageLoader />}>
                  <PortalFrame />
                </Suspense>
              }
            >
              <Route path={paths.portal} element={<PortalHome />} />
              <Route path={`${paths.portalEquipment}/:id?`} element={<PortalEquipment />} />
              <Route path={`${paths.portalInterventions}/:id?`} element={<PortalInterventions />} />
              <Route path={paths.portalContract} element={<PortalContract />} />
              <Route path={paths.portalNewRequest} element={<PortalNewRequest />} />
              <Route path={paths.portalRequests} element={<PortalRequests />} />
            </Route>
          </Route>
          <Route element={<RequireInternal />}>
            <Route element={<ProtectedLayout />}>
              <Route index element={<Dashboard />} />
              <Route path="/dashboard" element={<Navigate to={paths.dashboard} replace />} />
              <Route path={paths.profile} element={<Profile />} />
              <Route path={paths.settings} element={<Settings />} />
              <Route path={paths.notifications} element={<Notifications />} />
              <Route path={`${paths.clients}/:id?`} element={withPermission(PERMISSIONS.CLIENTS_READ, <Clients />)} />
              <Route
                path={`${paths.equipment}/:id?`}
                element={withPermission(PERMISSIONS.EQUIPMENT_READ, <Equipment />)}
              />
              {/* `/:id?`: the deep link of one item opens its detail over the list (same page, no remount) */}
              <Route
                path={`${paths.interventions}/:id?`}
                element={withPermission(PERMISSIONS.INTERVENTIONS_READ, <Interventions />)}
              />
              <Route
                path={paths.interventionTemplates}
                element={withPermission(
                  [PERMISSIONS.INTERVENTIONS_CREATE, PERMISSIONS.TEMPLATES_MANAGE],
                  <Templates />,
                )}
              />
              <Route path={paths.plans} element={withPermission(PERMISSIONS.PLANS_READ, <Plans />)} />
              <Route path={paths.planning} element={withPermission(PERMISSIONS.INTERVENTIONS_READ, <Planning />)} />
              <Route path={paths.stock} element={withPermission(PERMISSIONS.STOCK_READ, <Stock />)} />
              <Route path={paths.contracts} element={withPermission(PERMISSIONS.CONTRACTS_READ, <Contracts />)} />
              <Route path={paths.calendars} element={withPermission(PERMISSIONS.CONTRACTS_READ, <Calendars />)} />
              <Route path={paths.requests} element={withPermission(PERMISSIONS.REQUESTS_MANAGE, <Requests />)} />
              <Route
                path={paths.habilitations}
                element={withPermission(PERMISSIONS.HABILITATIONS_MANAGE, <Habilitations />)}
              />
              <Route path={paths.reports} element={withPermission(PERMISSIONS.REPORTS_READ, <Reports />)} />
              <Route
                path={paths.slaReport}
                element={withPermission([PERMISSIONS.REPORTS_READ, PERMISSIONS.CONTRACTS_READ], <SlaReport />)}
              />
              <Route path={paths.analytics} element={withPermission(PERMISSIONS.ANALYTICS_READ, <Analytics />)} />
              <Route path={paths.users} element={adminOnly(<Users />)} />
              <Route path={paths.roles} element={adminOnly(<Roles />)} />
              <Route path={paths.sections} element={adminOnly(<Sections />)} />
              <Route path={paths.audit} element={adminOnly(<AuditLog />)} />
              <Route path={paths.customFields} element={adminOnly(<CustomFields />)} />
              <Route path={paths.mail} element={adminOnly(<MailAdmin />)} />
              <Route path={paths.company} element={adminOnly(<CompanyAdmin />)} />
              <Route path={paths.webhooks} element={adminOnly(<WebhooksAdmin />)} />
            </Route>
          </Route>
        </Route>
      </Route>
    </Route>
    <Route element={<PublicPage />}>
      <Route path="*" element={<NotFound />} />
    </Route>
  </>,
);

export function AppRoutes() {
  const { pathname } = useLocation();
  // Matched once per address (issue 30 item 10): <Routes> flattened, ranked and compiled the table's ~70 patterns at
  // each of its renders — 40–80 ms of a phone's load, two or three times per load, and again at each change of the
  // address's query (a filter, a tab). The elements are the table's, made once.
  const matches = useMemo(() => matchRoutes(ROUTES, pathname), [pathname]);
  return <RouteErrorBoundary resetKey={pathname}>{renderMatches(matches)}</RouteErrorBoundary>;
}
