import { z } from 'zod';

export const AUTH_MESSAGES = {
  usernameRequired: "Le nom d'utilisateur est requis",
  usernameMin: "Le nom d'utilisateur doit contenir au moins 3 caractères",
  usernameMax: "Le nom d'utilisateur ne peut pas dépasser 100 caractères",
  usernameChars: "Le nom d'utilisateur ne peut contenir que des lettres, chiffres et underscores",
  passwordRequired: 'Le mot de passe est requis',
  passwordMin: 'Le mot de passe doit contenir au moins 6 caractères',
  passwordLetterDigit: 'Le mot de passe doit contenir au moins une lettre et un chiffre',
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

const password = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true })
  .min(6, AUTH_MESSAGES.passwordMin);

export const loginSchema = z.object({
  username,
  password,
});
export type LoginInput = z.infer<typeof loginSchema>;

const nom = z
  .string({ error: AUTH_MESSAGES.nomRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.nomRequired, abort: true })
  .min(2, AUTH_MESSAGES.nomMin)
  .max(100, AUTH_MESSAGES.nomMax);

const strongPassword = password.regex(/^(?=.*[A-Za-zÀ-ÿ])(?=.*\d).+$/, AUTH_MESSAGES.passwordLetterDigit);

/** What the API receives at POST /auth/register (confirmation removed). */
export const registerPayloadSchema = z.object({
  nom,
  username: username.max(100, AUTH_MESSAGES.usernameMax).regex(/^\w+$/, AUTH_MESSAGES.usernameChars),
  password: strongPassword,
  section: z.string().trim().max(100, AUTH_MESSAGES.sectionMax).optional().nullable(),
});
export type RegisterPayload = z.infer<typeof registerPayloadSchema>;

/** The registration form: payload fields plus confirmation and terms. */
export const registerFormSchema = registerPayloadSchema
  .extend({
    section: z.string().trim().max(100, AUTH_MESSAGES.sectionMax).optional(),
    confirmPassword: z.string({ error: AUTH_MESSAGES.confirmRequired }).min(1, AUTH_MESSAGES.confirmRequired),
    terms: z.boolean().refine((v) => v === true, AUTH_MESSAGES.termsRequired),
  })
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
    newPassword: strongPassword,
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
});

export const authTokensSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  user: sessionUserSchema,
});
export type AuthTokens = z.infer<typeof authTokensSchema>;
