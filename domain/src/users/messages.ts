import { AUTH_MESSAGES } from '../auth/auth-schemas.ts';
import { PASSWORD_MESSAGES } from '../auth/password-policy.ts';

/** User form validation messages (spec §5 "User form"). */
export const USER_FORM_MESSAGES = {
  emailInvalid: 'Adresse e-mail invalide',
  emailTaken: 'Cette adresse e-mail est déjà utilisée',
  emailLabel: 'E-mail',
  emailHint: 'Pour le mot de passe oublié et les notifications par e-mail',
  nomRequired: AUTH_MESSAGES.nomRequired,
  nomMax: AUTH_MESSAGES.nomMax,
  usernameRequired: AUTH_MESSAGES.usernameRequired,
  usernameMin: AUTH_MESSAGES.usernameMin,
  usernameMax: AUTH_MESSAGES.usernameMax,
  /** The admin form accepts what the login field does (spec §2: username or e-mail), e.g. `n.elfassi`. */
  usernameChars: "Le nom d'utilisateur ne peut contenir que des lettres, chiffres, points, tirets, « _ » et « @ »",
  passwordRequiredForNew: 'Le mot de passe est requis pour un nouvel utilisateur',
  passwordMin: AUTH_MESSAGES.newPasswordMin,
  passwordSameAsUsername: AUTH_MESSAGES.passwordSameAsUsername,
  roleRequired: 'Le rôle est requis',
} as const;

/** Users screen texts of spec §2 "Users screen" plus our activation texts. */
export const USERS_SCREEN = {
  title: 'Gestion des Utilisateurs',
  newUser: 'Nouvel utilisateur',
  loadErrorTitle: 'Erreur de chargement',
  loadErrorText: 'Impossible de charger la liste des utilisateurs',
  retry: 'Réessayer',
  empty: 'Aucun utilisateur trouvé',
  active: 'Actif',
  inactive: 'Inactif',
  activeOnly: 'Actifs uniquement',
  inactiveOnly: 'Inactifs uniquement',
  pending: 'En attente d’activation',
  passwordHelpNew: `${PASSWORD_MESSAGES.help} L'utilisateur devra le changer à sa première connexion.`,
  activate: 'Activer',
  deleteConfirm: (name: string) =>
    `Êtes-vous sûr de vouloir supprimer l'utilisateur "${name}" ? Cette action est irréversible.`,
} as const;

/** Server-side messages of the administration rules (our design; French). */
export const USER_ADMIN_MESSAGES = {
  notFound: 'Utilisateur introuvable',
  cannotDeleteSelf: 'Vous ne pouvez pas supprimer votre propre compte',
  cannotDisableSelf: 'Vous ne pouvez pas désactiver votre propre compte',
  lastAdminDelete: 'Impossible de supprimer le dernier administrateur actif',
  lastAdminDisable: 'Impossible de désactiver le dernier administrateur actif',
  lastAdminDemote: 'Impossible de retirer le rôle administrateur au dernier administrateur actif',
  unknownRole: "Le rôle choisi n'existe pas",
  unknownSection: "La section choisie n'existe pas",
  activated: 'Compte activé avec succès',
  activateFailed: "Erreur lors de l'activation du compte",
} as const;
