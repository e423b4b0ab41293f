import { loginSchema } from '@gmao/domain/auth/auth-schemas';
import { displayName } from '@gmao/domain/auth/user';
import { AUTH_TOASTS, HTTP_MESSAGES } from '@gmao/domain/common/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { PREFERENCES, readPreference, writePreference } from '../../../components/layout/preferences';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useLogin } from '../api/login';
import { PasswordInput } from './password-input';

const REMEMBER_KEY = PREFERENCES.rememberedUsername;
const loginFormSchema = loginSchema.extend({ remember: z.boolean() });

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const session = useSession();
  const mutation = useLogin();
  // Through the preferences helpers: the form still shows when storage is unavailable (init failure, spec §8).
  const remembered = readPreference(REMEMBER_KEY) ?? '';
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<z.infer<typeof loginFormSchema>>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username: remembered, password: '', remember: remembered !== '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    session.loginStart();
    try {
      const res = await mutation.mutateAsync({ username: values.username, password: values.password });
      // Spec §5: a login succeeds only with success and a token; otherwise the server message or 'Login failed'.
      if (!res.success || !res.data?.token) return session.loginFailure(res.message || AUTH_TOASTS.loginFailed);
      writePreference(REMEMBER_KEY, values.remember ? values.username : null);
      session.loginSuccess(res.data);
      notify.success(AUTH_TOASTS.loginSuccess(displayName(res.data.user)));
      onSuccess();
    } catch (err) {
      // Anything but an API answer (an unreadable body, a bug) is 'An unexpected error occurred' (spec §2).
      const message =
        err instanceof ApiError
          ? err.serverMessage || (err.status === 0 ? HTTP_MESSAGES.network : AUTH_TOASTS.loginFailed)
          : HTTP_MESSAGES.unexpected;
      session.loginFailure(message);
    }
  });

  const usernameField = register('username', { onChange: () => clearErrors('username') });
  const passwordField = register('password', { onChange: () => clearErrors('password') });

  return (
    // A new attempt clears the last one's banner, even when it stops at the fields' own errors (issue 14 item 9).
    <form
      onSubmit={(e) => {
        session.loginStart();
        void onSubmit(e);
      }}
      noValidate
      className="space-y-5"
    >
      {session.error && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
        >
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>{session.error}</span>
        </div>
      )}
      <FormField label="Nom d'utilisateur ou email" htmlFor="username" required error={errors.username?.message}>
        <input
          id="username"
          autoComplete="username"
          autoFocus
          className={inputClass(!!errors.username)}
          aria-invalid={!!errors.username}
          aria-describedby={errors.username ? 'username-error' : undefined}
          {...usernameField}
        />
      </FormField>
      <FormField label="Mot de passe" htmlFor="password" required error={errors.password?.message}>
        <PasswordInput
          id="password"
          autoComplete="current-password"
          invalid={!!errors.password}
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? 'password-error' : undefined}
          {...passwordField}
        />
      </FormField>
      <div className="flex items-center justify-between text-sm">
        <label className="flex items-center gap-2 text-slate-700">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...register('remember')} />
          Se souvenir de moi
        </label>
        <Link to={paths.forgotPassword} className="font-medium text-blue-700 hover:underline">
          Mot de passe oublié ?
        </Link>
      </div>
      <button
        type="submit"
        disabled={mutation.isPending}
        className="w-full rounded-lg bg-blue-700 px-4 py-2.5 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 disabled:opacity-70"
      >
        {mutation.isPending ? 'Connexion en cours...' : 'Se connecter'}
      </button>
      <p className="text-center text-sm text-slate-600">
        Pas encore de compte ?{' '}
        <Link to={paths.register} className="font-medium text-blue-700 hover:underline">
          Demander un accès
        </Link>
      </p>
    </form>
  );
}
