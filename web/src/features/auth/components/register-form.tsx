import { type RegisterFormInput, registerFormSchema } from '@gmao/domain/auth/auth-schemas';
import { PASSWORD_MESSAGES } from '@gmao/domain/auth/password-policy';
import { AUTH_TOASTS, HTTP_MESSAGES } from '@gmao/domain/common/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { notify } from '../../../lib/toast';
import { useRegister } from '../api/register';
import { PasswordInput } from './password-input';

export const REGISTER_TEXTS = {
  errorTitle: "Erreur d'inscription",
  submit: 'Demander un accès',
  submitting: 'Création en cours...',
  doneTitle: 'Demande envoyée',
  welcome: (nom: string) => `Bienvenue chez GMAO, ${nom} ! Votre demande d'accès a été envoyée.`,
} as const;

export function RegisterForm() {
  const mutation = useRegister();
  const [rootError, setRootError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<RegisterFormInput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { nom: '', username: '', section: '', password: '', confirmPassword: '', terms: false },
  });

  const onSubmit = handleSubmit(async ({ confirmPassword: _c, terms: _t, ...payload }) => {
    setRootError(null);
    try {
      const res = await mutation.mutateAsync({ ...payload, section: payload.section || undefined });
      notify.success(REGISTER_TEXTS.welcome(payload.nom));
      setDone(res.message ?? '');
    } catch (err) {
      if (err instanceof ApiError) {
        for (const d of err.details) {
          if (d.field && d.msg) setError(d.field as keyof RegisterFormInput, { message: d.msg });
        }
        setRootError(err.serverMessage || (err.status === 0 ? HTTP_MESSAGES.network : AUTH_TOASTS.registrationFailed));
      } else setRootError(HTTP_MESSAGES.unexpected);
    }
  });

  if (done !== null) {
    return (
      <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-6 text-green-800">
        <div className="mb-2 flex items-center gap-2 text-lg font-semibold">
          <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
          {REGISTER_TEXTS.doneTitle}
        </div>
        <p>{done}</p>
        <Link to={paths.login} className="mt-4 inline-block font-medium text-blue-700 hover:underline">
          Retour à la connexion
        </Link>
      </div>
    );
  }

  const field = (name: keyof RegisterFormInput) => register(name, { onChange: () => clearErrors(name) });
  const a11y = (name: keyof RegisterFormInput) => ({
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {rootError && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          <p className="flex items-center gap-2 font-semibold">
            <AlertCircle className="h-4 w-4" aria-hidden="true" />
            {REGISTER_TEXTS.errorTitle}
          </p>
          <p className="mt-1">{rootError}</p>
        </div>
      )}
      <FormField label="Nom complet" htmlFor="nom" required error={errors.nom?.message}>
        <input id="nom" autoComplete="name" className={inputClass(!!errors.nom)} {...a11y('nom')} {...field('nom')} />
      </FormField>
      <FormField label="Nom d'utilisateur" htmlFor="username" required error={errors.username?.message}>
        <input
          id="username"
          autoComplete="username"
          className={inputClass(!!errors.username)}
          {...a11y('username')}
          {...field('username')}
        />
      </FormField>
      <FormField
        label="Section / département"
        htmlFor="section"
        error={errors.section?.message}
        help="Facultatif — l'administrateur confirmera votre affectation."
      >
        <input id="section" className={inputClass(!!errors.section)} {...a11y('section')} {...field('section')} />
      </FormField>
      <FormField
        label="Mot de passe"
        htmlFor="password"
        required
        error={errors.password?.message}
        help={PASSWORD_MESSAGES.help}
      >
        <PasswordInput
          id="password"
          autoComplete="new-password"
          invalid={!!errors.password}
          {...a11y('password')}
          aria-describedby={errors.password ? 'password-error' : 'password-help'}
          {...field('password')}
        />
      </FormField>
      <FormField
        label="Confirmer le mot de passe"
        htmlFor="confirmPassword"
        required
        error={errors.confirmPassword?.message}
      >
        <PasswordInput
          id="confirmPassword"
          autoComplete="new-password"
          invalid={!!errors.confirmPassword}
          {...a11y('confirmPassword')}
          {...field('confirmPassword')}
        />
      </FormField>
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 rounded border-slate-300"
            {...a11y('terms')}
            {...field('terms')}
          />
          <span>
            J'accepte les{' '}
            <Link to={paths.terms} className="text-blue-700 hover:underline">
              conditions d'utilisation
            </Link>{' '}
            et la{' '}
            <Link to={paths.privacy} className="text-blue-700 hover:underline">
              politique de confidentialité
            </Link>
          </span>
        </label>
        {errors.terms && (
          <p id="terms-error" role="alert" className="mt-1 text-sm text-red-600">
            {errors.terms.message}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={mutation.isPending}
        className="w-full rounded-lg bg-blue-700 px-4 py-2.5 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 disabled:opacity-70"
      >
        {mutation.isPending ? REGISTER_TEXTS.submitting : REGISTER_TEXTS.submit}
      </button>
      <p className="text-center text-sm text-slate-600">
        Déjà un compte ?{' '}
        <Link to={paths.login} className="font-medium text-blue-700 hover:underline">
          Se connecter
        </Link>
      </p>
    </form>
  );
}
