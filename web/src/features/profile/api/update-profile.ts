import type { AuthTokens } from '@gmao/domain/auth/auth-schemas';
import type { SessionUser } from '@gmao/domain/auth/user';
import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

export function updateProfile(input: { nom: string }) {
  return api.put<Envelope<SessionUser>>('/auth/profile', input, { silent: true });
}

export function changePassword(input: { currentPassword: string; newPassword: string; confirmPassword?: string }) {
  return api.put<Envelope<AuthTokens>>('/auth/profile', input, { silent: true });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
