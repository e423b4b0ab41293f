import { displayRole } from '@gmao/domain/auth/user';
import { KeyRound, ShieldX } from 'lucide-react';
import { GoBackButton } from '../../components/layout/go-back-button';
import { useSession } from '../../lib/session';

/** 'Access Denied' (role guard) and 'Permission Required' (permission guard) pages of spec §2. */
export function AccessDenied({ requiredRole }: { requiredRole: string }) {
  const { user } = useSession();
  return (
    <div className="mx-auto max-w-lg rounded-xl border border-red-200 bg-white p-8 text-center shadow-sm">
      <ShieldX className="mx-auto h-12 w-12 text-red-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Access Denied</h1>
      <p className="mt-2 text-slate-600">Vous n'avez pas le rôle nécessaire pour accéder à cette page.</p>
      <dl className="mt-4 space-y-1 text-sm">
        <div>
          <dt className="inline font-medium">Rôle requis : </dt>
          <dd className="inline">{requiredRole}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Votre rôle : </dt>
          <dd className="inline">{displayRole(user)}</dd>
        </div>
      </dl>
      <div className="mt-6">
        <GoBackButton label="Go Back" />
      </div>
    </div>
  );
}

/** `permissions`: the page needs any one of them. */
export function PermissionRequired({ permissions }: { permissions: readonly string[] }) {
  return (
    <div className="mx-auto max-w-lg rounded-xl border border-amber-200 bg-white p-8 text-center shadow-sm">
      <KeyRound className="mx-auto h-12 w-12 text-amber-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Permission Required</h1>
      <p className="mt-2 text-slate-600">
        Cette page nécessite la permission{' '}
        {permissions.map((p, i) => (
          <span key={p}>
            {i > 0 && ' ou '}
            <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-800">{p}</code>
          </span>
        ))}
        .
      </p>
      <p className="mt-2 text-slate-600">Contactez votre administrateur pour obtenir l'accès.</p>
      <div className="mt-6">
        <GoBackButton label="Go Back" />
      </div>
    </div>
  );
}
