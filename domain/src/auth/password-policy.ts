import { z } from 'zod';
import { LOGIN_MESSAGES } from './login-schema.ts';

/**
 * The one password policy of every path that sets a password (registration, admin create and reset, own change,
 * bootstrap administrator): security issue, ASVS 4.0.3 V2.1. Logging in keeps the spec's 6-character minimum so
 * that passwords chosen before the policy still work.
 */
export const PASSWORD_MIN_LENGTH = 10;

export const PASSWORD_MESSAGES = {
  required: LOGIN_MESSAGES.passwordRequired,
  min: 'Le mot de passe doit contenir au moins 10 caractères',
  letterDigit: 'Le mot de passe doit contenir au moins une lettre et un chiffre',
  sameAsUsername: "Le mot de passe ne doit pas être identique au nom d'utilisateur",
  common: 'Ce mot de passe fait partie des plus courants : choisissez-en un autre',
  help: '10 caractères minimum, avec au moins une lettre et un chiffre.',
} as const;

const LETTER_AND_DIGIT = /^(?=.*[A-Za-zÀ-ÿ])(?=.*\d)/s;

/** Length and character rules, the part of the policy a form checks by itself (no list, no username). */
export function newPassword(requiredMessage: string = PASSWORD_MESSAGES.required) {
  return z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.min)
    .regex(LETTER_AND_DIGIT, PASSWORD_MESSAGES.letterDigit);
}
export const newPasswordSchema = newPassword();

/** Case-insensitive, surrounding spaces ignored. */
export function isSameAsUsername(password: string, username: string): boolean {
  return password.trim().toLowerCase() === username.trim().toLowerCase();
}

/**
 * The first rule the password breaks, or null. `isCommon` is the server's look-up in the shipped list
 * (`common-passwords.ts`); forms leave it out so that they do not load the list.
 */
export function passwordPolicyError(
  password: string,
  opts: { username?: string; isCommon?: (password: string) => boolean } = {},
): string | null {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? PASSWORD_MESSAGES.min;
  if (opts.username !== undefined && isSameAsUsername(password, opts.username)) return PASSWORD_MESSAGES.sameAsUsername;
  if (opts.isCommon?.(password)) return PASSWORD_MESSAGES.common;
  return null;
}
