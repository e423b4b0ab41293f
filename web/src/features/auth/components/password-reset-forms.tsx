import { PASSWORD_MESSAGES } from '@gmao/domain/auth/password-policy';
import {
  type ForgotPasswordInput,
  forgotPasswordSchema,
  PASSWORD_RESET_MESSAGES as M,
  resetPasswordFormSchema,
} from '@gmao/domain/auth/password-reset';
import { HTTP_MESSAGES } from '@gmao/domain/common/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useForgotPassword, useResetPassword } from '../api/password-reset';
import { PasswordInput } from './password-input';

const submitClass =
  'w-full rounded-lg bg-blue-700 px-4 py-2.5 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 disabled:opacity-70';

function Done({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-6 text-green-800">
      <p className="flex items-start gap-2">
        <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <span>{children}</span>
      </p>
      <Link to={paths.login} className="mt-4 inline-block font-medium text-blue-700 hover:underline">
        {M.backToLogin}
      </Link>
    </div>
  );
}

function Failure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
    >
      <AlertCircle className="h-4 w-4 shrink-0" aria-hidden="true" />
      {message}
    </div>
  );
}

const failureOf = (err: unknown) =>
  err instanceof ApiError ? err.serverMessage || err.message : HTTP_MESSAGES.unexpected;

/** /forgot-password: a username or an e-mail; the same answer whether an account matches or not. */
export function ForgotPasswordForm() {
  const mutation = useForgotPassword();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { identifier: '' } });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const res = await mutation.mutateAsync(values);
      setDone(res.message ?? M.requested);
    } catch (err) {
      setFailure(failureOf(err));
    }
  });
  if (done) return <Done>{done}</Done>;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Failure message={failure} />
      <FormField label={M.identifierLabel} htmlFor="identifier" required error={errors.identifier?.message}>
        <input
          id="identifier"
          autoComplete="username"
          className={inputClass(!!errors.identifier)}
          aria-invalid={!!errors.identifier}
          aria-describedby={errors.identifier ? 'identifier-error' : undefined}
          {...register('identifier')}
        />
      </FormField>
      <button type="submit" disabled={mutation.isPending} className={submitClass}>
        {mutation.isPending ? 'Envoi...' : M.submit}
      </button>
      <p className="text-center text-sm">
        <Link to={paths.login} className="font-medium text-blue-700 hover:underline">
          {M.backToLogin}
        </Link>
      </p>
    </form>
  );
}

type ResetValues = z.input<typeof resetPasswordFormSchema>;

/** /reset-password?token=…: the new password twice; the link works once, for 30 minutes. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const mutation = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    if (!token) return;
    setFailure(null);
    try {
      const res = await mutation.mutateAsync({ token, password: values.password });
      setDone(res.message ?? M.done);
    } catch (err) {
      setFailure(failureOf(err));
    }
  });
  if (!token) return <Failure message={M.missingToken} />;
  if (done) return <Done>{done}</Done>;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Failure message={failure} />
      {failure === M.invalidLink && (
        <Link to={paths.forgotPassword} className="text-sm font-medium text-blue-700 hover:underline">
          Demander un nouveau lien
        </Link>
      )}
      <FormField
        label={M.newPassword}
        htmlFor="password"
        required
        error={errors.password?.message}
        help={PASSWORD_MESSAGES.help}
      >
        <PasswordInput
          id="password"
          autoComplete="new-password"
          invalid={!!errors.password}
          aria-describedby={errors.password ? 'password-error' : 'password-help'}
          {...register('password')}
        />
      </FormField>
      <FormField label={M.confirm} htmlFor="confirm" required error={errors.confirm?.message}>
        <PasswordInput id="confirm" autoComplete="new-password" invalid={!!errors.confirm} {...register('confirm')} />
      </FormField>
      <button type="submit" disabled={mutation.isPending} className={submitClass}>
        {mutation.isPending ? 'Enregistrement...' : M.resetSubmit}
      </button>
    </form>
  );
}
