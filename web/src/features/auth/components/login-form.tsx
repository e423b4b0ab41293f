import type { LoginInput } from '@gmao/domain/auth/login-schema';
import { displayName } from '@gmao/domain/auth/user';
import { AUTH_TOASTS, HTTP_MESSAGES } from '@gmao/domain/common/messages';
import { AlertCircle } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PREFERENCES, readPreference, writePreference } from '../../../components/layout/preferences';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useLogin } from '../api/login';
import { PasswordInput } from './password-input';

const REMEMBER_KEY = PREFERENCES.rememberedUsername;
type Field = keyof LoginInput;

/**
 * The schema (and the part of zod it needs) is fetched once the user starts typing or submits, not with the page:
 * zod's shared chunk would be an eighth of the login page's first load (issue 16).
 */
let schema: Promise<typeof import('@gmao/domain/auth/login-schema')> | null = null;
const loadSchema = () => {
  schema ??= import('@gmao/domain/auth/login-schema').catch((err: unknown) => {
    schema = null; // the next attempt fetches it again
    throw err;
  });
  return schema;
};

/**
 * Two fields checked by the server's own schema on submit, each error cleared when its field is edited. Plain React
 * state rather than react-hook-form: the login page is the first one loaded and must stay light (issue 16).
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const session = useSession();
  const mutation = useLogin();
  // Through the preferences helpers: the form still shows when storage is unavailable (init failure, spec §8).
  const [remembered] = useState(() => readPreference(REMEMBER_KEY) ?? '');
  const [values, setValues] = useState<LoginInput>({ username: remembered, password: '' });
  const [remember, setRemember] = useState(remembered !== '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const edit = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    loadSchema().catch(() => {}); // fetched ahead of the submit; a failure there is handled on submit
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((errs) => (errs[field] ? { ...errs, [field]: undefined } : errs));
  };

  const submit = async (credentials: LoginInput) => {
    try {
      const res = await mutation.mutateAsync(credentials);
      // Spec §5: a login succeeds only with success and a token; otherwise the server message or 'Login failed'.
      if (!res.success || !res.data?.token) return session.loginFailure(res.message || AUTH_TOASTS.loginFailed);
      writePreference(REMEMBER_KEY, remember ? credentials.username : null);
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
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // A new attempt clears the last one's banner, even when it stops at the fields' own errors (issue 14 item 9).
    session.loginStart();
    const loaded = await loadSchema().catch(() => null);
    // Without its chunk (network lost), the server's validation of the same schema answers instead.
    if (!loaded) return void submit({ ...values, username: values.username.trim() });
    const parsed = loaded.loginSchema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return void submit(parsed.data);
    }
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      found[field] ??= issue.message;
    }
    setErrors(found);
    inputs[found.username ? 'username' : 'password'].current?.focus();
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
      {session.error && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
        >
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>{session.error}</span>
        </div>
      )}
      <FormField label="Nom d'utilisateur ou email" htmlFor="username" required error={errors.username}>
        <input
          id="username"
          autoComplete="username"
          autoFocus
          className={inputClass(!!errors.username)}
          aria-invalid={!!errors.username}
          aria-describedby={errors.username ? 'username-error' : undefined}
          ref={inputs.username}
          name="username"
          value={values.username}
          onChange={edit('username')}
        />
      </FormField>
      <FormField label="Mot de passe" htmlFor="password" required error={errors.password}>
        <PasswordInput
          id="password"
          autoComplete="current-password"
          invalid={!!errors.password}
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? 'password-error' : undefined}
          ref={inputs.password}
          name="password"
          value={values.password}
          onChange={edit('password')}
        />
      </FormField>
      <div className="flex items-center justify-between text-sm">
        <label className="flex items-center gap-2 text-slate-700">
          <input
            type="checkbox"
            name="remember"
            className="h-4 w-4 rounded border-slate-300"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
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
