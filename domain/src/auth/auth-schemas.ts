import { z } from 'zod';
import { LOGIN_MESSAGES } from './login-schema.ts';
import { isSameAsUsername, newPasswordSchema, PASSWORD_MESSAGES } from './password-policy.ts';

export const AUTH_MESSAGES = {
  usernameRequired: LOGIN_MESSAGES.usernameRequired,
  usernameMin: LOGIN_MESSAGES.usernameMin,
  usernameMax: "Le nom d'utilisateur ne peut pas dépasser 100 caractères",
  usernameChars: "Le nom d'utilisateur ne peut contenir que des lettres, chiffres et underscores",
  passwordRequired: PASSWORD_MESSAGES.required,
  /** Logging in (the spec's rule, kept for passwords chosen before the policy). */
  passwordMin: LOGIN_MESSAGES.passwordMin,
  /** Setting a password: the security policy (password-policy.ts). */
  newPasswordMin: PASSWORD_MESSAGES.min,
  passwordLetterDigit: PASSWORD_MESSAGES.letterDigit,
  passwordSameAsUsername: PASSWORD_MESSAGES.sameAsUsername,
  passwordCommon: PASSWORD_MESSAGES.common,
  nomRequired: 'Le nom est requis',
  nomMin: 'Le nom doit contenir au moins 2 caractères',
  nomMax: 'Le nom ne peut pas dépasser 100 caractères',
  sectionMax: 'La section ne peut pas dépasser 100 caractères',
  confirmRequired: 'La confirmation du mot de passe est requise',
  confirmMismatch: 'Les mots de passe ne correspondent pas',
  termsRequired: "Vous devez accepter les conditions d'utilisation",
  currentPasswordRequired: 'Le mot de passe actuel est requis',
} as const;

const username = z
  .string({ error: AUTH_MESSAGES.usernameRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.usernameRequired, abort: true })
  .min(3, AUTH_MESSAGES.usernameMin);

const nom = z
  .string({ error: AUTH_MESSAGES.nomRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.nomRequired, abort: true })
  .min(2, AUTH_MESSAGES.nomMin)
  .max(100, AUTH_MESSAGES.nomMax);

/** A password and the username it must differ from, in the same body: the check runs in the form too. */
const notUsername = <T extends { username: string; password: string }>(v: T) =>
  !isSameAsUsername(v.password, v.username);
const notUsernameIssue = { message: AUTH_MESSAGES.passwordSameAsUsername, path: ['password'] };

const registerFields = z.object({
  nom,
  username: username.max(100, AUTH_MESSAGES.usernameMax).regex(/^\w+$/, AUTH_MESSAGES.usernameChars),
  password: newPasswordSchema,
  section: z.string().trim().max(100, AUTH_MESSAGES.sectionMax).optional().nullable(),
});

/** What the API receives at POST /auth/register (confirmation removed). */
export const registerPayloadSchema = registerFields.refine(notUsername, notUsernameIssue);
export type RegisterPayload = z.infer<typeof registerPayloadSchema>;

/** The registration form: payload fields plus confirmation and terms. */
export const registerFormSchema = registerFields
  .extend({
    section: z.string().trim().max(100, AUTH_MESSAGES.sectionMax).optional(),
    confirmPassword: z.string({ error: AUTH_MESSAGES.confirmRequired }).min(1, AUTH_MESSAGES.confirmRequired),
    terms: z.boolean().refine((v) => v === true, AUTH_MESSAGES.termsRequired),
  })
  .refine(notUsername, notUsernameIssue)
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.confirmMismatch,
    path: ['confirmPassword'],
  });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const refreshTokenSchema = z.object({ token: z.string().min(1) });

export const profileUpdateSchema = z.object({ nom });
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, AUTH_MESSAGES.currentPasswordRequired),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, AUTH_MESSAGES.confirmRequired).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.confirmMismatch,
    path: ['confirmPassword'],
  });
/** PUT /auth/profile takes either a profile payload or a password-change payload. */
export const profilePutSchema = z.union([passwordChangeSchema, profileUpdateSchema]);

export const sessionUserSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  username: z.string(),
  section: z.string().nullable(),
  sectionId: z.number().int().nullable().optional(),
  isResponsible: z.boolean().optional(),
  role: z.string(),
  roleId: z.number().int().nullable(),
  permissions: z.array(z.string()),
  /** An administrator chose the password: every route but the profile and the password change answers 403. */
  mustChangePassword: z.boolean().optional(),
  /** The role is "limité à ses sections" (issue 33): lists show only the user's sections' clients. */
  limitedToSections: z.boolean().optional(),
  /** A client portal user's company and right (issue 33); absent for internal users. */
  clientId: z.number().int().nullable().optional(),
  portalDroit: z.enum(['LECTURE', 'DEMANDEUR']).nullable().optional(),
});

export const authTokensSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  user: sessionUserSchema,
});
export type AuthTokens = z.infer<typeof authTokensSchema>;
