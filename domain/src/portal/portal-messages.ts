/** The client portal's French texts (issue 33), server and web, in one place. */
export const PORTAL_MESSAGES = {
  droitInvalid: 'Le droit doit être « Lecture » ou « Demandeur »',
  dateFormat: 'Date invalide (AAAA-MM-JJ)',
  clientNotFound: 'Client non trouvé',
  userNotFound: 'Utilisateur du portail non trouvé',
  usernameTaken: "Ce nom d'utilisateur ou cette adresse e-mail est déjà utilisé",
  mailNotConfigured:
    "La messagerie n'est pas configurée : l'invitation ne peut pas partir. Choisissez un identifiant et un mot de passe initial.",
  invited: (email: string) => `Invitation envoyée à ${email}`,
  created: 'Compte du portail créé : le mot de passe devra être changé à la première connexion',
  removed: 'Accès au portail supprimé',
  equipmentNotFound: 'Équipement non trouvé',
  interventionNotFound: 'Intervention non trouvée',
  bonNotSigned: 'Aucun bon signé pour cette intervention',
  requestFiled: 'Votre demande a été transmise',
  // Web
  title: 'Portail client',
  section: 'Portail client',
  sectionIntro:
    'Les comptes de ce client voient ses équipements, ses interventions, son contrat et ses bons signés. « Demandeur » peut aussi demander une intervention.',
  invite: 'Inviter',
  inviteTitle: 'Inviter un utilisateur du portail',
  withPassword: 'Sans e-mail : choisir un identifiant et un mot de passe initial',
  droit: 'Droit',
  notifications: 'Prévenir par e-mail (intervention planifiée, commencée, en attente de pièces, terminée)',
  noUsers: 'Aucun utilisateur du portail',
  pending: 'En attente',
  remove: 'Retirer',
  removeConfirm: (nom: string) => `Retirer l'accès au portail de « ${nom} » ?`,
  nav: {
    dashboard: 'Tableau de bord',
    equipment: 'Équipements',
    interventions: 'Interventions',
    contract: 'Contrat',
    requests: 'Demandes',
  },
  newRequest: 'Nouvelle demande',
  logout: 'Se déconnecter',
  searchEquipment: 'Rechercher un équipement',
  searchInterventions: 'Rechercher une intervention',
  noEquipment: 'Aucun équipement',
  noInterventions: 'Aucune intervention',
  noRequests: 'Aucune demande',
  noContract: 'Aucun contrat en cours',
  nextVisits: 'Prochaines visites préventives',
  noNextVisits: 'Aucune visite préventive prévue',
  history: 'Historique des interventions',
  downloadBon: 'Télécharger le bon signé',
  periodReport: 'Rapport de la période (PDF)',
  slaReport: 'Rapport des délais garantis (PDF)',
  compliance: 'Respect des délais garantis (90 derniers jours)',
  openInterventions: 'Interventions en cours',
  upcoming: 'Prochaines interventions',
  loadError: 'Le chargement a échoué',
} as const;

/** The e-mails a portal user who opted in receives about his company's interventions (issue 33). */
export const PORTAL_MAIL = {
  PLANIFIEE: {
    subject: (id: number) => `Intervention n° ${id} planifiée`,
    message: (equipement: string, date: string) =>
      `Une intervention sur « ${equipement} » est planifiée pour le ${date}.`,
  },
  EN_COURS: {
    subject: (id: number) => `Intervention n° ${id} commencée`,
    message: (equipement: string) => `Notre technicien a commencé l'intervention sur « ${equipement} ».`,
  },
  ATTENTE_PIECES: {
    subject: (id: number) => `Intervention n° ${id} en attente de pièces`,
    message: (equipement: string) =>
      `L'intervention sur « ${equipement} » attend des pièces ; elle reprendra dès leur réception.`,
  },
  TERMINEE: {
    subject: (id: number) => `Intervention n° ${id} terminée`,
    message: (equipement: string) =>
      `L'intervention sur « ${equipement} » est terminée. Le bon d'intervention signé se télécharge sur le portail.`,
  },
} as const;
