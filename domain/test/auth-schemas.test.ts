import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, registerFormSchema, registerPayloadSchema } from '../src/auth/auth-schemas.ts';
import { loginSchema } from '../src/auth/login-schema.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`) ?? [];

describe('login schema (spec §5 Login)', () => {
  it('requires username and password', () => {
    expect(messages(loginSchema.safeParse({ username: '', password: '' }))).toEqual([
      "username: Le nom d'utilisateur est requis",
      'password: Le mot de passe est requis',
    ]);
    expect(messages(loginSchema.safeParse({}))).toEqual([
      "username: Le nom d'utilisateur est requis",
      'password: Le mot de passe est requis',
    ]);
  });

  it('enforces the minimum lengths', () => {
    expect(messages(loginSchema.safeParse({ username: 'ab', password: '12345' }))).toEqual([
      "username: Le nom d'utilisateur doit contenir au moins 3 caractères",
      'password: Le mot de passe doit contenir au moins 6 caractères',
    ]);
  });

  it('accepts valid input', () => {
    expect(loginSchema.safeParse({ username: 'admin', password: 'Admin123!' }).success).toBe(true);
  });
});

describe('registration (spec §5 Registration)', () => {
  const valid = {
    nom: 'Salma Idrissi',
    username: 'salma_1',
    section: 'Maintenance',
    password: 'Atelier2024',
    confirmPassword: 'Atelier2024',
    terms: true,
  };

  it('accepts a valid form and strips nothing the payload needs', () => {
    const parsed = registerFormSchema.parse(valid);
    expect(registerPayloadSchema.parse(parsed)).toEqual({
      nom: 'Salma Idrissi',
      username: 'salma_1',
      section: 'Maintenance',
      password: 'Atelier2024',
    });
  });

  it.each([
    [{ nom: '' }, 'nom', AUTH_MESSAGES.nomRequired],
    [{ nom: 'S' }, 'nom', 'Le nom doit contenir au moins 2 caractères'],
    [{ nom: 'x'.repeat(101) }, 'nom', 'Le nom ne peut pas dépasser 100 caractères'],
    [{ username: '' }, 'username', "Le nom d'utilisateur est requis"],
    [{ username: 'ab' }, 'username', "Le nom d'utilisateur doit contenir au moins 3 caractères"],
    [{ username: 'a'.repeat(101) }, 'username', AUTH_MESSAGES.usernameMax],
    [
      { username: 'salma-idrissi' },
      'username',
      "Le nom d'utilisateur ne peut contenir que des lettres, chiffres et underscores",
    ],
    // the admin form accepts n.elfassi (users/user-schemas.ts); self-registration keeps the spec's rule
    [
      { username: 'n.elfassi' },
      'username',
      "Le nom d'utilisateur ne peut contenir que des lettres, chiffres et underscores",
    ],
    [{ section: 'x'.repeat(101) }, 'section', 'La section ne peut pas dépasser 100 caractères'],
    [{ password: '', confirmPassword: '' }, 'password', 'Le mot de passe est requis'],
    // setting a password follows the security policy (10 characters), not the spec's 6 (password-policy.test.ts)
    [
      { password: 'abc12', confirmPassword: 'abc12' },
      'password',
      'Le mot de passe doit contenir au moins 10 caractères',
    ],
    [
      { password: 'abcdefghij', confirmPassword: 'abcdefghij' },
      'password',
      'Le mot de passe doit contenir au moins une lettre et un chiffre',
    ],
    [
      { password: '1234567890', confirmPassword: '1234567890' },
      'password',
      'Le mot de passe doit contenir au moins une lettre et un chiffre',
    ],
    [
      { username: 'Salma_2024', password: 'salma_2024', confirmPassword: 'salma_2024' },
      'password',
      "Le mot de passe ne doit pas être identique au nom d'utilisateur",
    ],
    [{ confirmPassword: '' }, 'confirmPassword', 'La confirmation du mot de passe est requise'],
    [{ confirmPassword: 'Atelier2025' }, 'confirmPassword', 'Les mots de passe ne correspondent pas'],
    [{ terms: false }, 'terms', "Vous devez accepter les conditions d'utilisation"],
  ])('%o → %s: %s', (override, field, message) => {
    expect(messages(registerFormSchema.safeParse({ ...valid, ...override }))).toContain(`${field}: ${message}`);
  });
});
