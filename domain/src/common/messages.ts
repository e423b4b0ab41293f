/** User-facing messages of spec §8 (HTTP toasts, mutation toasts) and server-side French errors. */
export const HTTP_MESSAGES = {
  badRequest: 'Bad request',
  validationError: 'Validation error',
  forbidden: "Access denied. You don't have permission to perform this action.",
  notFound: 'Resource not found',
  validationFailed: 'Validation failed',
  serverError: 'Server error. Please try again later.',
  unexpected: 'An unexpected error occurred',
  network: 'Network error. Please check your connection.',
  sessionExpired: 'Session expired. Please log in again.',
} as const;

export const AUTH_TOASTS = {
  loginSuccess: (name: string) => `Bienvenue, ${name}!`,
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  profileUpdated: 'Profil mis à jour avec succès',
  passwordChanged: 'Mot de passe modifié avec succès',
  logout: 'Déconnexion réussie',
  profileFetchFailed: 'Failed to fetch profile',
  profileUpdateFailed: 'Profile update failed',
  passwordChangeFailed: 'Password change failed',
  noTokenToRefresh: 'No token to refresh',
  refreshFailed: 'Token refresh failed',
  initFailed: 'Failed to initialize authentication',
} as const;

/** The screen shown after logging in with a password an administrator chose (security issue). */
export const PASSWORD_CHANGE_SCREEN = {
  title: 'Changer votre mot de passe',
  required: 'Votre mot de passe a été choisi par un administrateur : choisissez le vôtre pour continuer.',
  optional: 'Choisissez un nouveau mot de passe.',
  logout: 'Se déconnecter',
} as const;

export const MUTATION_MESSAGES = {
  clientCreate: { success: 'Client créé avec succès', failure: 'Erreur lors de la création du client' },
  clientUpdate: { success: 'Client modifié avec succès', failure: 'Erreur lors de la modification du client' },
  clientDelete: { success: 'Client supprimé avec succès', failure: 'Erreur lors de la suppression du client' },
  equipmentCreate: { success: 'Équipement créé avec succès', failure: "Erreur lors de la création de l'équipement" },
  equipmentUpdate: {
    success: 'Équipement modifié avec succès',
    failure: "Erreur lors de la modification de l'équipement",
  },
  equipmentDelete: {
    success: 'Équipement supprimé avec succès',
    failure: "Erreur lors de la suppression de l'équipement",
  },
  userCreate: { success: 'Utilisateur créé avec succès', failure: "Erreur lors de la création de l'utilisateur" },
  userUpdate: {
    success: 'Utilisateur modifié avec succès',
    failure: "Erreur lors de la modification de l'utilisateur",
  },
  userDelete: {
    success: 'Utilisateur supprimé avec succès',
    failure: "Erreur lors de la suppression de l'utilisateur",
  },
  interventionCreate: {
    success: 'Intervention créée avec succès',
    failure: "Erreur lors de la création de l'intervention",
  },
  statusUpdate: { success: 'Statut mis à jour avec succès', failure: 'Erreur lors de la mise à jour du statut' },
  diagnostic: { success: 'Diagnostic mis à jour avec succès', failure: 'Erreur lors de la mise à jour du diagnostic' },
  planning: {
    success: 'Planification mise à jour avec succès',
    failure: 'Erreur lors de la mise à jour de la planification',
  },
  qualityControl: {
    success: 'Contrôle qualité mis à jour avec succès',
    failure: 'Erreur lors de la mise à jour du contrôle qualité',
  },
  interventionDelete: {
    success: 'Intervention supprimée avec succès',
    failure: "Erreur lors de la suppression de l'intervention",
  },
} as const;

/** "3 secondes", "1 minute", "15 minutes": how long to wait before retrying (rounded up). */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 seconde' : `${s} secondes`;
  const m = Math.ceil(s / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/** Server-side French messages (not in the spec's catalogue; our design). */
export const SERVER_MESSAGES = {
  invalidCredentials: "Nom d'utilisateur ou mot de passe incorrect",
  accountDisabled:
    "Votre compte n'est pas encore activé. Un administrateur doit l'activer avant votre première connexion.",
  registrationPending:
    'Votre demande de compte a été enregistrée. Vous recevrez une notification dès que votre compte sera activé par un administrateur.',
  usernameTaken: "Ce nom d'utilisateur est déjà utilisé",
  loginThrottled: (seconds: number) => `Trop de tentatives de connexion. Veuillez réessayer dans ${waitText(seconds)}.`,
  registrationThrottled: (seconds: number) =>
    `Trop de demandes d'accès depuis cette adresse. Veuillez réessayer dans ${waitText(seconds)}.`,
  passwordChangeRequired: 'Vous devez changer le mot de passe choisi par votre administrateur avant de continuer.',
  tooManyRequests: 'Trop de requêtes. Veuillez réessayer plus tard.',
  authRequired: 'Authentification requise',
  invalidToken: 'Session invalide ou expirée',
  invalidRefreshToken: 'Jeton de rafraîchissement invalide ou expiré',
  forbidden: "Accès refusé : vous n'avez pas la permission nécessaire",
  outOfScope: "Accès refusé : cette fonction couvre toute l'entreprise, et votre rôle est limité à vos sections",
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect',
  passwordCheckThrottled: (seconds: number) =>
    `Trop de mots de passe actuels incorrects. Veuillez réessayer dans ${waitText(seconds)}.`,
  passwordCheckSessionEnded:
    'Trop de mots de passe actuels incorrects : la session a été fermée. Reconnectez-vous pour continuer.',
  loginSuccess: 'Connexion réussie',
  logoutSuccess: 'Déconnexion réussie',
  validation: 'Données invalides',
  invalidId: 'Identifiant invalide : un nombre entier positif est attendu',
  nulCharacter: 'Texte invalide : le caractère nul (\\0) est interdit',
  headersTooLarge: 'En-têtes de la requête trop volumineux',
  requestTimeout: 'Délai de la requête dépassé',
  malformedRequest: 'Requête HTTP invalide',
  invalidUtf8: 'Texte invalide : le corps de la requête doit être encodé en UTF-8',
  notFound: 'Ressource introuvable',
  internal: 'Erreur interne du serveur',
} as const;

/** The signed-in layout's own labels. */
export const LAYOUT_LABELS = {
  /** The skip link, first focusable element of every signed-in page (WCAG 2.4.1). */
  skipToContent: 'Aller au contenu',
} as const;
