import { profileUpdateSchema } from '@gmao/domain/auth/auth-schemas';
import { displayName, displayRole, initials } from '@gmao/domain/auth/user';
import { AUTH_TOASTS } from '@gmao/domain/common/messages';
import { HABILITATION_UI } from '@gmao/domain/habilitations/habilitation-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PageHeader } from '../../../components/layout/page-header';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { AccessSummary } from '../components/access-summary';
import { PasswordForm } from '../components/password-form';

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

/** `habilitations`: the user's own titres (issue 34), composed by the app (app/routes/profile.tsx). */
export default function ProfileRoute({ habilitations }: { habilitations?: ReactNode } = {}) {
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
          {habilitations && (
            <div className="rounded-xl border border-slate-200 bg-white p-6">
              <h2 className="mb-4 text-lg font-semibold">{HABILITATION_UI.tab}</h2>
              {habilitations}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
