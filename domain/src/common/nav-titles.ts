/**
 * The menu's titles of pages whose texts live beside their zod schemas, here without zod: the signed-in frame's menu
 * shows them on every page (issue 30). The pages' messages take them from here.
 */
export const NAV_TITLES = {
  requests: 'Demandes',
  requestsBadge: 'nouvelle(s) demande(s) à traiter',
  mail: 'Messagerie',
  company: "Profil de l'entreprise",
  webhooks: 'Webhooks',
  habilitations: 'Habilitations',
} as const;
