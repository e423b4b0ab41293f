/** Every client-side path in one place (STYLE.md rule 11). */
export const paths = {
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  terms: '/terms',
  privacy: '/privacy',
  dashboard: '/',
  profile: '/profile',
  settings: '/settings',
  clients: '/clients',
  equipment: '/equipment',
  interventions: '/interventions',
  reports: '/reports',
  analytics: '/analytics',
  users: '/users',
  roles: '/roles',
  sections: '/sections',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
