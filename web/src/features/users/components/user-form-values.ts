import type { AdminUser, UserCreateInput, UserUpdateInput } from '@gmao/domain/users/user-schemas';

export interface UserFormValues {
  nom: string;
  username: string;
  password: string;
  email: string;
  role_id: number | undefined;
  section_id: number | null;
  enabled: boolean;
}

/** Select value meaning "no section" (a real option, so the select shows a readable label). */
export const NONE = 'none';
export const FIELDS = ['nom', 'username', 'password', 'email', 'role_id', 'section_id', 'enabled'] as const;

export function defaults(user: AdminUser | null): UserFormValues {
  return {
    nom: user?.nom ?? '',
    username: user?.username ?? '',
    password: '',
    email: user?.email ?? '',
    role_id: user?.role_id ?? undefined,
    section_id: user?.section_id ?? null,
    enabled: user?.enabled ?? true,
  };
}

/** New user: the section is an integer or omitted (spec §5). */
export function toCreateInput(values: UserFormValues): UserCreateInput {
  return {
    nom: values.nom,
    username: values.username,
    password: values.password,
    email: values.email || null,
    role_id: values.role_id as number,
    section_id: values.section_id ?? undefined,
    enabled: values.enabled,
  };
}

/** Edit: the username is immutable, a blank password keeps the current one, null clears the section. */
export function toUpdateInput(values: UserFormValues): UserUpdateInput {
  return {
    nom: values.nom,
    password: values.password || undefined,
    email: values.email || null,
    role_id: values.role_id as number,
    section_id: values.section_id ?? null,
    enabled: values.enabled,
  };
}
