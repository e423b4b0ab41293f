import type { ForgotPasswordInput, ResetPasswordInput } from '@gmao/domain/auth/password-reset';
import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      api.post<Envelope<null>>('/auth/forgot-password', input, { silent: true, noRefresh: true }),
    retry: false,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api.post<Envelope<null>>('/auth/reset-password', input, { silent: true, noRefresh: true }),
    retry: false,
  });
}
