import { z } from 'zod';
import { isSameAsUsername, newPassword, newPasswordSchema } from '../auth/password-policy.ts';
import { idSchema, paginationQuerySchema, queryBoolean } from '../common/api.ts';
import { dbIdNumber } from '../common/numbers.ts';
import { USER_FORM_MESSAGES as M } from './messages.ts';

const nom = z.string({ error: M.nomRequired }).trim().min(1, { error: M.nomRequired, abort: true }).max(100, M.nomMax);

const username = z
  .string({ error: M.usernameRequired })
  .trim()
  .min(1, { error: M.usernameRequired, abort: true })
  .min(3, M.usernameMin)
  .max(100, M.usernameMax)
  .regex(/^[\p{L}\p{N}._@-]+$/u, M.usernameChars);

/** Optional e-mail address (password recovery, e-mail notifications); '' or null for none. */
export const optionalEmail = z
  .union([z.literal(''), z.email(M.emailInvalid).max(254, M.emailInvalid)])
  .nullish()
  .transform((v) => (v ? v.trim().toLowerCase() : null));

const roleId = dbIdNumber(M.roleRequired);
/** Optional section: an integer, or null/omitted for none (spec §5). */
const sectionId = dbIdNumber().nullable().optional();

/**
 * POST /users body and the "new user" form (spec §5 "User form"). The password follows the security policy
 * (auth/password-policy.ts); the account must change it at its first login.
 */
export const userCreateSchema = z
  .object({
    nom,
    username,
    password: newPassword(M.passwordRequiredForNew),
    email: optionalEmail,
    section_id: sectionId,
    role_id: roleId,
    enabled: z.boolean().default(true),
  })
  .refine((v) => !isSameAsUsername(v.password, v.username), {
    message: M.passwordSameAsUsername,
    path: ['password'],
  });
export type UserCreateInput = z.input<typeof userCreateSchema>;

/**
 * PUT /users/:id body and the "edit user" form: the username is immutable (an incoming one is ignored),
 * a blank password keeps the current one.
 */
export const userUpdateSchema = z.object({
  nom,
  password: z
    .union([z.literal(''), newPasswordSchema])
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Absent: unchanged; '' or null: removed. */
  email: optionalEmail.optional(),
  section_id: sectionId,
  role_id: roleId,
  enabled: z.boolean().optional(),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** POST /users/:id/activate: enables a pending account, optionally assigning its role and section. */
export const userActivateSchema = z.object({
  role_id: dbIdNumber().optional(),
  section_id: sectionId,
});
export type UserActivateInput = z.input<typeof userActivateSchema>;

export const userListQuerySchema = paginationQuerySchema.extend({
  role_id: idSchema.optional(),
  section_id: idSchema.optional(),
  enabled: queryBoolean.optional(),
  /** Self-registered accounts never activated yet. */
  pending: queryBoolean.optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** A user as the administration screens see it (spec §3 "User", user-management fields). */
export const adminUserSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  section: z.object({ id: z.number().int(), nom: z.string(), isResponsible: z.boolean() }).nullable(),
  section_id: z.number().int().nullable(),
  /** Free text typed at self-registration when it matched no section. */
  requestedSection: z.string().nullable(),
  role: z.object({ id: z.number().int(), nom: z.string() }).nullable(),
  role_id: z.number().int().nullable(),
  permissions: z.array(z.string()),
  enabled: z.boolean(),
  /** Never activated: a self-registration waiting for an administrator. */
  pending: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
