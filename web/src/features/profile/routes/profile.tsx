import { passwordChangeSchema, profileUpdateSchema } from '@gmao/domain/auth/auth-schemas';
import { displayName, displayRole, initials } from '@gmao/domain/auth/user';
import { AUTH_TOASTS } from '@gmao/domain/common/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PageHeader } from '../../../components/layout/page-header';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { saveSession } from '../../../lib/session-storage';
import { notify } from '../../../lib/toast';
import { useChangePassword, useUpdateProfile } from '../api/update-profile';
import { AccessSummary } from '../components/access-summary';

const submitClass =
  'rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-70';

function ProfileForm() {
  const session = useSession();
  const mutation = useUpdateProfile();
  const form = useForm<z.infer<typeof profileUpdateSchema>>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { nom: session.user?.nom ?? '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await mutation.mutateAsync(values);
      session.updateUser(res.data);
      notify.success(res.message ?? AUTH_TOASTS.profileUpdated);
    } catch (err) {
      notify.error((err instanceof ApiError && err.serverMessage) || AUTH_TOASTS.profileUpdateFailed);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label="Nom complet" htmlFor="profile-nom" required error={form.formState.errors.nom?.message}>
        <input id="profile-nom" className={inputClass(!!form.formState.errors.nom)} {...form.register('nom')} />
      </FormField>
      <button type="submit" className={submitClass} disabled={mutation.isPending}>
        {mutation.isPending ? 'Enregistrement...' : 'Enregistrer'}
      </button>
    </form>
  );
}

function PasswordForm() {
  const session = useSession();
  const mutation = useChangePassword();
  const form = useForm<z.infer<typeof passwordChangeSchema>>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await mutation.mutateAsync(values);
      saveSession(res.data);
      session.loginSuccess(res.data);
      form.reset();
      notify.success(res.message ?? AUTH_TOASTS.passwordChanged);
    } catch (err) {
      if (err instanceof ApiError && err.details.some((d) => d.field === 'currentPassword')) {
        form.setError('currentPassword', { message: err.serverMessage ?? undefined });
      }
      notify.error((err instanceof ApiError && err.serverMessage) || AUTH_TOASTS.passwordChangeFailed);
    }
  });
  const fields = [
    { name: 'currentPassword', label: 'Mot de passe actuel', auto: 'current-password' },
    { name: 'newPassword', label: 'Nouveau mot de passe', auto: 'new-password', help: '6 caractères minimum.' },
    { name: 'confirmPassword', label: 'Confirmer le nouveau mot de passe', auto: 'new-password' },
  ] as const;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {fields.map((f) => (
        <FormField
          key={f.name}
          label={f.label}
          htmlFor={`pw-${f.name}`}
          required
          error={errors[f.name]?.message}
          help={'help' in f ? f.help : undefined}
        >
          <input
            id={`pw-${f.name}`}
            type="password"
            autoComplete={f.auto}
            className={inputClass(!!errors[f.name])}
            {...fieldAria(`pw-${f.name}`, errors[f.name]?.message, 'help' in f ? f.help : undefined)}
            {...form.register(f.name)}
          />
        </FormField>
      ))}
      <button type="submit" className={submitClass} disabled={mutation.isPending}>
        {mutation.isPending ? 'Modification...' : 'Changer le mot de passe'}
      </button>
    </form>
  );
}

export default function ProfileRoute() {
  const { user } = useSession();
  return (
    <section>
      <PageHeader title="Mon profil" description="Vos informations et votre mot de passe." />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 self-start">
          <div className="rounded-xl border border-slate-200 bg-white p-6 text-center">
            <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-blue-700 text-xl font-bold text-white">
              {initials(displayName(user))}
            </span>
            <p className="mt-3 text-lg font-semibold">{displayName(user)}</p>
            <p className="text-slate-500">@{user?.username}</p>
            <dl className="mt-4 space-y-1 text-sm">
              <div>
                <dt className="inline text-slate-500">Rôle : </dt>
                <dd className="inline font-medium">{displayRole(user)}</dd>
              </div>
              <div>
                <dt className="inline text-slate-500">Section : </dt>
                <dd className="inline font-medium">{user?.section ?? '—'}</dd>
              </div>
            </dl>
          </div>
          <AccessSummary user={user} />
        </div>
        <div className="space-y-6 lg:col-span-2">
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 className="mb-4 text-lg font-semibold">Informations personnelles</h2>
            <ProfileForm />
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 className="mb-4 text-lg font-semibold">Mot de passe</h2>
            <PasswordForm />
          </div>
        </div>
      </div>
    </section>
  );
}
