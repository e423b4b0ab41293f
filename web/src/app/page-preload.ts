import { paths } from '../lib/paths';

/**
 * The page chunk of a signed-in address, fetched as soon as the app starts (issue 30): otherwise it is requested only
 * once the frame has rendered and the page's lazy component mounts, one more round trip after the frame's (on a
 * phone: `/interventions` asked for its page ~650 ms after the frame). The same modules as the router's `lazyPage`
 * imports, so the same chunks. The first matching entry wins (templates before interventions).
 */
const PAGE_CHUNKS: [(pathname: string) => boolean, () => Promise<unknown>][] = [
  [(p) => p === paths.dashboard, () => import('./routes/dashboard')],
  [(p) => p === paths.interventionTemplates, () => import('../features/templates/routes/templates')],
  [under(paths.interventions), () => import('./routes/interventions')],
  [under(paths.equipment), () => import('./routes/equipment')],
  [under(paths.clients), () => import('../features/clients/routes/clients')],
  [(p) => p === paths.planning, () => import('../features/plans/routes/planning')],
  [(p) => p === paths.plans, () => import('../features/plans/routes/plans')],
  [(p) => p === paths.stock, () => import('../features/stock/routes/stock')],
  [(p) => p === paths.slaReport, () => import('../features/reports/routes/sla-report')],
  [(p) => p === paths.reports, () => import('../features/reports/routes/reports')],
  [(p) => p === paths.analytics, () => import('../features/analytics/routes/analytics')],
  [(p) => p === paths.notifications, () => import('../features/notifications/routes/notifications')],
  [(p) => p === paths.profile, () => import('./routes/profile')],
  [(p) => p === paths.settings, () => import('./routes/settings')],
  [(p) => p === paths.users, () => import('./routes/users')],
  [(p) => p === paths.roles, () => import('../features/roles/routes/roles')],
  [(p) => p === paths.sections, () => import('../features/sections/routes/sections')],
  [(p) => p === paths.audit, () => import('../features/audit/routes/audit-log')],
  [(p) => p === paths.customFields, () => import('../features/custom-fields/routes/custom-fields')],
  [(p) => p === paths.calendars, () => import('../features/contracts/routes/calendars')],
  [(p) => p === paths.contracts, () => import('../features/contracts/routes/contracts')],
  [(p) => p === paths.mail, () => import('../features/mail/routes/mail-admin')],
  [(p) => p === paths.company, () => import('../features/company/routes/company-admin')],
  [(p) => p === paths.requests, () => import('../features/requests/routes/requests')],
  [(p) => p === paths.webhooks, () => import('../features/webhooks/routes/webhooks-admin')],
  [under(paths.portal), () => import('../features/portal/routes/portal-pages')],
  [(p) => p === paths.habilitations, () => import('../features/habilitations/routes/habilitations')],
];

function under(path: string) {
  return (p: string) => p === path || p.startsWith(`${path}/`);
}

/** Starts loading the chunk of the page at `pathname`, if it is one of the pages above. */
export function preloadPage(pathname: string): Promise<unknown> | undefined {
  return PAGE_CHUNKS.find(([matches]) => matches(pathname))?.[1]();
}
