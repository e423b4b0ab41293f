import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { PORTAL_DROIT_LABELS, PORTAL_DROITS, type PortalDroit } from '@gmao/domain/portal/portal-access';
import { PORTAL_MESSAGES as M } from '@gmao/domain/portal/portal-messages';
import type { PortalUser } from '@gmao/domain/portal/portal-schemas';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useCreatePortalUser, useDeletePortalUser, usePortalUsers } from '../api/portal-users';

type Errors = Partial<Record<'nom' | 'email' | 'username' | 'password' | 'droit' | 'form', string>>;

function InviteForm({ clientId, onDone }: { clientId: number; onDone: () => void }) {
  const create = useCreatePortalUser();
  const [withPassword, setWithPassword] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const d = new FormData(e.currentTarget);
    const base = {
      nom: String(d.get('nom') ?? ''),
      droit: String(d.get('droit') ?? 'LECTURE') as PortalDroit,
      notifications: d.get('notifications') === 'on',
    };
    const input = withPassword
      ? {
          ...base,
          username: String(d.get('username') ?? ''),
          password: String(d.get('password') ?? ''),
          email: String(d.get('email') ?? ''),
        }
      : { ...base, email: String(d.get('email') ?? '') };
    try {
      const r = await create.mutateAsync({ clientId, input });
      notify.success(r.message ?? M.created);
      onDone();
    } catch (err) {
      const next: Errors = { form: err instanceof ApiError ? err.message : M.loadError };
      if (err instanceof ApiError) for (const x of err.details) next[x.field as keyof Errors] ??= x.msg;
      setErrors(next);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3 rounded-lg border border-slate-200 p-3">
      <p className="font-medium text-slate-900">{M.inviteTitle}</p>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Nom" htmlFor="pu-nom" required error={errors.nom}>
          <input id="pu-nom" name="nom" className={inputClass(!!errors.nom)} />
        </FormField>
        <FormField label="E-mail" htmlFor="pu-email" required={!withPassword} error={errors.email}>
          <input id="pu-email" name="email" type="email" className={inputClass(!!errors.email)} />
        </FormField>
        {withPassword && (
          <>
            <FormField label="Identifiant" htmlFor="pu-username" required error={errors.username}>
              <input id="pu-username" name="username" className={inputClass(!!errors.username)} />
            </FormField>
            <FormField label="Mot de passe initial" htmlFor="pu-password" required error={errors.password}>
              <input id="pu-password" name="password" type="password" className={inputClass(!!errors.password)} />
            </FormField>
          </>
        )}
        <FormField label={M.droit} htmlFor="pu-droit" error={errors.droit}>
          <select id="pu-droit" name="droit" className={inputClass(false)} defaultValue="LECTURE">
            {PORTAL_DROITS.map((d) => (
              <option key={d} value={d}>
                {PORTAL_DROIT_LABELS[d]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" name="notifications" defaultChecked className="mt-1" /> {M.notifications}
      </label>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={withPassword}
          onChange={(e) => setWithPassword(e.target.checked)}
          className="mt-1"
        />{' '}
        {M.withPassword}
      </label>
      <div className="flex gap-2">
        <Button type="submit" loading={create.isPending}>
          {M.invite}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Annuler
        </Button>
      </div>
    </form>
  );
}

/** The client page's "Portail client" section (issue 33): its accounts, invite, remove (clients:update). */
export function PortalUsersSection({ clientId }: { clientId: number }) {
  const { can } = usePermissions();
  const manage = can(PERMISSIONS.CLIENTS_UPDATE);
  const query = usePortalUsers(clientId);
  const remove = useDeletePortalUser();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<PortalUser | null>(null);
  const users = query.data?.data ?? [];
  return (
    <section aria-labelledby="portal-users-title" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="portal-users-title" className="font-semibold text-slate-900">
          {M.section}
        </h3>
        {manage && !inviting && (
          <Button size="sm" variant="secondary" onClick={() => setInviting(true)}>
            <UserPlus className="h-4 w-4" aria-hidden="true" /> {M.invite}
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-600">{M.sectionIntro}</p>
      {inviting && <InviteForm clientId={clientId} onDone={() => setInviting(false)} />}
      {query.isSuccess && users.length === 0 ? (
        <p className="text-sm text-slate-500">{M.noUsers}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {users.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 p-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{u.nom}</span>{' '}
                <span className="text-slate-500">{u.email ?? u.username}</span>
              </span>
              <span className="flex items-center gap-2">
                <Badge tone={u.droit === 'DEMANDEUR' ? 'blue' : 'gray'}>{PORTAL_DROIT_LABELS[u.droit]}</Badge>
                {u.en_attente && <Badge tone="yellow">{M.pending}</Badge>}
                {manage && (
                  <Button size="sm" variant="secondary" onClick={() => setRemoving(u)}>
                    {M.remove}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        kind="danger"
        title={M.remove}
        message={removing ? M.removeConfirm(removing.nom) : ''}
        confirmLabel={M.remove}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { clientId, id: removing.id },
            {
              onSuccess: () => {
                notify.success(M.removed);
                setRemoving(null);
              },
            },
          );
        }}
      />
    </section>
  );
}
