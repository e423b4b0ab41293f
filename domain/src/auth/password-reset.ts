import { z } from 'zod';
import { newPasswordSchema } from './password-policy.ts';

/** Password recovery (issue 15): `/forgot-password` then the e-mailed `/reset-password?token=…` link. */
export const RESET_LINK_MINUTES = 30;

export const PASSWORD_RESET_MESSAGES = {
  forgotTitle: 'Mot de passe oublié',
  forgotSubtitle: "Indiquez votre nom d'utilisateur ou votre adresse e-mail.",
  identifierLabel: "Nom d'utilisateur ou e-mail",
  identifierRequired: "Le nom d'utilisateur ou l'e-mail est requis",
  submit: 'Envoyer',
  /** The same answer whether the account exists or not (no account enumeration). */
  requested:
    "Si un compte correspond, un e-mail contenant un lien de réinitialisation vient d'être envoyé (valable 30 minutes). Sans e-mail configuré, un administrateur est prévenu et vous communiquera un mot de passe provisoire.",
  resetTitle: 'Nouveau mot de passe',
  resetSubtitle: 'Choisissez votre nouveau mot de passe.',
  newPassword: 'Nouveau mot de passe',
  confirm: 'Confirmer le mot de passe',
  confirmMismatch: 'Les mots de passe ne correspondent pas',
  resetSubmit: 'Réinitialiser le mot de passe',
  done: 'Mot de passe réinitialisé. Vous pouvez vous connecter.',
  invalidLink: 'Ce lien est invalide ou a expiré. Demandez-en un nouveau.',
  missingToken: 'Lien incomplet : ouvrez le lien reçu par e-mail.',
  throttled: (seconds: number) => `Trop de demandes. Réessayez dans ${seconds} secondes.`,
  backToLogin: 'Retour à la connexion',
} as const;

export const forgotPasswordSchema = z.object({
  identifier: z
    .string({ error: PASSWORD_RESET_MESSAGES.identifierRequired })
    .trim()
    .min(1, PASSWORD_RESET_MESSAGES.identifierRequired)
    .max(254),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, PASSWORD_RESET_MESSAGES.invalidLink),
  password: newPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: PASSWORD_RESET_MESSAGES.confirmMismatch, path: ['confirm'] });
