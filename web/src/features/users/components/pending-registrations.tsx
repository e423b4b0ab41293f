import { formatDate } from '@gmao/domain/format/format';
import { USER_ADMIN_MESSAGES, USERS_SCREEN } from '@gmao/domain/users/messages';
import type { AdminUser } from '@gmao/domain/users/user-schemas';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useRoleOptions, useSectionOptions } from '../api/get-options';
import { usePendingUsers } from '../api/get-users';
import { useActivateUser } from '../api/mutate-user';

/** Sentinel option so the select shows a readable label rather than its placeholder. */
const NONE = 'none';

function PendingRow({ user }: { user: AdminUser }) {
  const roles = useRoleOptions();
  const sections = useSectionOptions();
  const activate = useActivateUser();
  const [roleId, setRoleId] = useState(user.role_id ? String(user.role_id) : '');
  const [sectionId, setSectionId] = useState(user.section_id ? String(user.section_id) : NONE);

  const onActivate = async () => {
    try {
      const res = await activate.mutateAsync({
        id: user.id,
        input: {
          role_id: roleId ? Number(roleId) : undefined,
          section_id: sectionId === NONE ? null : Number(sectionId),
        },
      });
      notify.success(res.message ?? USER_ADMIN_MESSAGES.activated);
    } catch (err) {
      notify.error((err instanceof ApiError && err.serverMessage) || USER_ADMIN_MESSAGES.activateFailed);
    }
  };

  return (
    <li className="flex flex-col gap-3 py-3 lg:flex-row lg:items-center">
      <div className="min-w-0 lg:flex-1">
        <p className="font-medium text-slate-900">
          {user.nom} <span className="font-normal text-slate-500">@{user.username}</span>
        </p>
        <p className="text-sm text-slate-500">
          Demandé le {formatDate(user.createdAt)}
          {user.requestedSection && ` · Section demandée : ${user.requestedSection}`}
        </p>
      </div>
      <Select
        className="lg:w-44"
        aria-label={`Rôle pour ${user.nom}`}
        options={(roles.data?.data ?? []).map((r) => ({ value: String(r.id), label: r.nom }))}
        value={roleId}
        onChange={setRoleId}
        placeholder="Rôle"
      />
      <Select
        className="lg:w-52"
        aria-label={`Section pour ${user.nom}`}
        options={[
          { value: NONE, label: 'Aucune section' },
          ...(sections.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.nom })),
        ]}
        value={sectionId}
        onChange={setSectionId}
        placeholder="Aucune section"
      />
      <Button
        variant="success"
        size="sm"
        loading={activate.isPending}
        onClick={onActivate}
        aria-label={`Activer ${user.nom}`}
      >
        {USERS_SCREEN.activate}
      </Button>
    </li>
  );
}

/** Self-registrations waiting for an administrator, with their count and a one-click activation. */
export function PendingRegistrations() {
  const pending = usePendingUsers();
  const [open, setOpen] = useState(true);
  const total = pending.data?.pagination.total ?? 0;
  if (total === 0) return null;
  return (
    <section aria-labelledby="pending-title" className="mb-6 rounded-xl border border-amber-200 bg-amber-50/60 p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="pending-title" className="flex items-center gap-2 font-semibold text-amber-900">
          <UserPlus className="h-5 w-5" aria-hidden="true" />
          Demandes d'accès en attente
          <Badge tone="yellow">{total}</Badge>
        </h2>
        <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Masquer' : 'Afficher'}
        </Button>
      </div>
      {open && (
        <ul className="mt-2 divide-y divide-amber-200">
          {(pending.data?.data ?? []).map((u) => (
            <PendingRow key={u.id} user={u} />
          ))}
        </ul>
      )}
    </section>
  );
}
