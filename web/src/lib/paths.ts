/**
 * Every client-side path in one place (STYLE.md rule 11). In lib/ because the router (app/), the layout links
 * (components/) and the auth screens (features/) all need them; the router alone pairs a path with a page.
 */
export const paths = {
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  terms: '/terms',
  privacy: '/privacy',
  dashboard: '/',
  profile: '/profile',
  changePassword: '/change-password',
  settings: '/settings',
  clients: '/clients',
  equipment: '/equipment',
  interventions: '/interventions',
  interventionTemplates: '/interventions/templates',
  reports: '/reports',
  slaReport: '/reports/delais-garantis',
  analytics: '/analytics',
  users: '/users',
  roles: '/roles',
  sections: '/sections',
  audit: '/admin/audit',
  customFields: '/admin/custom-fields',
  mail: '/admin/messagerie',
  company: '/admin/entreprise',
  webhooks: '/admin/webhooks',
  habilitations: '/admin/habilitations',
  notifications: '/notifications',
  plans: '/plans',
  stock: '/stock',
  planning: '/planning',
  contracts: '/contrats',
  calendars: '/contrats/calendriers',
  requests: '/demandes',
  /** The public request page a QR code opens (no login, issue 33). */
  publicRequest: '/r/:token',
  /** The client portal (issue 33): a layout of its own, for client portal users only. */
  portal: '/portail',
  portalEquipment: '/portail/equipements',
  portalInterventions: '/portail/interventions',
  portalContract: '/portail/contrat',
  portalRequests: '/portail/demandes',
  portalNewRequest: '/portail/demandes/nouvelle',
} as const;

/** One of the company's interventions in the portal (the portal e-mails link here). */
export const portalInterventionPath = (id: number | string) => `/portail/interventions/${id}`;
export const portalEquipmentPath = (id: number | string) => `/portail/equipements/${id}`;

/** The item's own address (deep links: notifications, e-mails, QR codes, shared links land on the item). */
export const interventionPath = (id: number | string) => `/interventions/${id}`;
/** The interventions list opened filtered (routes/interventions.tsx reads these: mine, open, urgence, overdue, due_on, due_before, sla). */
export const interventionsListPath = (filters: Record<string, string>) =>
  `/interventions?${new URLSearchParams(filters).toString()}`;
export const equipmentPath = (id: number | string) => `/equipment/${id}`;
export const clientPath = (id: number | string) => `/clients/${id}`;

export type AppPath = (typeof paths)[keyof typeof paths];
