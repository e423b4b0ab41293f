import { describe, expect, it } from 'vitest';
import { passwordChangeSchema, registerPayloadSchema } from '../src/auth/auth-schemas.ts';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from '../src/auth/common-passwords.ts';
import { PASSWORD_MESSAGES, passwordPolicyError } from '../src/auth/password-policy.ts';
import { userCreateSchema, userUpdateSchema } from '../src/users/user-schemas.ts';

const policy = (password: string, username?: string) =>
  passwordPolicyError(password, { username, isCommon: isCommonPassword });

describe('password policy (security issue: one policy for every path that sets a password)', () => {
  it('ships the list of the 10,000 most common passwords, compared without case', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(9_900); // 10,000 entries, a few differing only by case
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('qwerty123456')).toBe(true);
    expect(isCommonPassword('QWERTY123456')).toBe(true);
    expect(isCommonPassword('Atelier-Kenitra-2024')).toBe(false);
  });

  it.each([
    ['', PASSWORD_MESSAGES.required],
    ['abc12', PASSWORD_MESSAGES.min],
    ['Abcdef12!', PASSWORD_MESSAGES.min],
    ['abcdefghijkl', PASSWORD_MESSAGES.letterDigit],
    ['12345678901', PASSWORD_MESSAGES.letterDigit],
    ['1q2w3e4r5t', PASSWORD_MESSAGES.common],
    ['Password123', PASSWORD_MESSAGES.common],
    ['Atelier2024', null],
    ['Électricité9', null],
  ])('%s → %s', (password, message) => {
    expect(policy(password)).toBe(message);
  });

  it('refuses the username itself, whatever the case', () => {
    expect(policy('Karim_2024x', 'karim_2024X')).toBe(PASSWORD_MESSAGES.sameAsUsername);
    expect(policy('Karim_2024x', 'karim_alaoui')).toBeNull();
  });

  it('the message of the new minimum is the issue’s', () => {
    expect(PASSWORD_MESSAGES.min).toBe('Le mot de passe doit contenir au moins 10 caractères');
    expect(PASSWORD_MESSAGES.letterDigit).toBe('Le mot de passe doit contenir au moins une lettre et un chiffre');
  });

  it('every schema that sets a password applies the form-side rules', () => {
    const issues = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];
    const reg = registerPayloadSchema.safeParse({ nom: 'Salma Idrissi', username: 'salma', password: 'abc12345' });
    expect(issues(reg)).toContain(PASSWORD_MESSAGES.min);
    const create = userCreateSchema.safeParse({
      nom: 'Karim',
      username: 'karim_2024',
      password: 'Karim_2024',
      role_id: 1,
    });
    expect(issues(create)).toContain(PASSWORD_MESSAGES.sameAsUsername);
    const update = userUpdateSchema.safeParse({ nom: 'Karim', role_id: 1, password: 'court1' });
    expect(issues(update)).toContain(PASSWORD_MESSAGES.min);
    expect(userUpdateSchema.parse({ nom: 'Karim', role_id: 1, password: '' }).password).toBeUndefined();
    const change = passwordChangeSchema.safeParse({ currentPassword: 'ancien', newPassword: 'lettresseules' });
    expect(issues(change)).toContain(PASSWORD_MESSAGES.letterDigit);
  });
});
