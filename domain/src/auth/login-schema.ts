import { z } from 'zod/mini';

/**
 * Logging in, in zod's tree-shakable build (zod/mini): the login page loads no other zod schema, and the classic
 * build would be a quarter of its weight (issue 16, /login ≤ 120 KB). The server's POST /auth/login validates with
 * this same object (fastify-type-provider-zod reads any zod 4 schema).
 */
export const LOGIN_MESSAGES = {
  usernameRequired: "Le nom d'utilisateur est requis",
  usernameMin: "Le nom d'utilisateur doit contenir au moins 3 caractères",
  passwordRequired: 'Le mot de passe est requis',
  /** The spec's rule, kept for passwords chosen before the policy (password-policy.ts). */
  passwordMin: 'Le mot de passe doit contenir au moins 6 caractères',
} as const;

export const loginSchema = z.object({
  username: z
    .string({ error: LOGIN_MESSAGES.usernameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: LOGIN_MESSAGES.usernameRequired, abort: true }),
      z.minLength(3, LOGIN_MESSAGES.usernameMin),
    ),
  password: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .check(
      z.minLength(1, { error: LOGIN_MESSAGES.passwordRequired, abort: true }),
      z.minLength(6, LOGIN_MESSAGES.passwordMin),
    ),
});
export type LoginInput = z.infer<typeof loginSchema>;
