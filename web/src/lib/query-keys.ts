/**
 * The first element of every query key, one per cache area. Each feature builds its keys on its root in
 * `features/<feature>/api/query-keys.ts` (general to specific, STYLE.md rule 9); a feature whose mutations make
 * another feature's data stale invalidates that root from here, since features never import each other.
 * `dashboard` also holds every figure computed from interventions (analytics, performance, report summary), so one
 * invalidation after an intervention change refreshes them all.
 */
export const queryRoots = {
  interventions: ['interventions'],
  templates: ['templates'],
  dashboard: ['dashboard'],
  clients: ['clients'],
  equipment: ['equipment'],
  users: ['users'],
  roles: ['roles'],
  permissions: ['permissions'],
  sections: ['sections'],
  reports: ['reports'],
  audit: ['audit'],
  customFields: ['custom-fields'],
  notifications: ['notifications'],
  mail: ['mail'],
  search: ['search'],
  plans: ['plans'],
  stock: ['stock'],
  contracts: ['contracts'],
  requests: ['requests'],
  webhooks: ['webhooks'],
  portal: ['portal'],
  habilitations: ['habilitations'],
} as const;

/**
 * One GET read by two features shares one cache entry: the role and section lists (roles/sections screens, user
 * forms), the custom field definitions (the administration page reads them all, the interventions detail and list
 * filter the active ones).
 */
export const sharedQueryKeys = {
  roleList: () => [...queryRoots.roles, 'list'] as const,
  sectionList: () => [...queryRoots.sections, 'list'] as const,
  customFieldList: (actif: 'true' | 'all') => [...queryRoots.customFields, 'list', actif] as const,
};
