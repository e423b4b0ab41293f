import { z } from 'zod';
import { paginationQuerySchema, queryBoolean } from '../common/api.ts';
import { USER_FORM_MESSAGES as M } from './messages.ts';

const nom = z.string({ error: M.nomRequired }).trim().min(1, { error: M.nomRequired, abort: true }).max(100, M.nomMax);

const username = z
  .string({ error: M.usernameRequired })
  .trim()
  .min(1, { error: M.usernameRequired, abort: true })
  .min(3, M.usernameMin)
  .max(100, M.usernameMax)
  .regex(/^\w+$/, M.usernameChars);

const roleId = z.number({ error: M.roleRequired }).int().positive(M.roleRequired);
/** Optional section: an integer, or null/omitted for none (spec §5). */
const sectionId = z.number().int().positive().nullable().optional();

/** POST /users body and the "new user" form (spec §5 "User form"). */
export const userCreateSchema = z.object({
  nom,
  username,
  password: z
    .string({ error: M.passwordRequiredForNew })
    .min(1, { error: M.passwordRequiredForNew, abort: true })
    .min(6, M.passwordMin),
  section_id: sectionId,
  role_id: roleId,
  enabled: z.boolean().default(true),
});
export type UserCreateInput = z.input<typeof userCreateSchema>;

/**
 * PUT /users/:id body and the "edit user" form: the username is immutable (an incoming one is ignored),
 * a blank password keeps the current one.
 */
export const userUpdateSchema = z.object({
  nom,
  password: z
    .union([z.literal(''), z.string().min(6, M.passwordMin)])
    .optional()
    .transform((v) => (v ? v : undefined)),
  section_id: sectionId,
  role_id: roleId,
  enabled: z.boolean().optional(),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** POST /users/:id/activate: enables a pending account, optionally assigning its role and section. */
export const userActivateSchema = z.object({
  role_id: z.number().int().positive().optional(),
  section_id: sectionId,
});
export type UserActivateInput = z.input<typeof userActivateSchema>;

export const userListQuerySchema = paginationQuerySchema.extend({
  role_id: z.coerce.number().int().positive().optional(),
  section_id: z.coerce.number().int().positive().optional(),
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
