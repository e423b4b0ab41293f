import { ALL_PERMISSIONS, isAdmin, PERMISSION_DESCRIPTIONS } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { Check } from 'lucide-react';

/** 'Vos droits': what the connected user's role allows, in words (the permissions of the session). */
export function AccessSummary({ user }: { user: SessionUser | null }) {
  if (!user) return null;
  // In the order of the permission list (clients, equipment, interventions, ...), not the server's.
  const described = ALL_PERMISSIONS.filter((p) => user.permissions.includes(p));
  return (
    <section aria-labelledby="access-title" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="access-title" className="text-lg font-semibold">
        Vos droits
      </h2>
      <p className="mt-1 text-sm text-slate-500">Accordés par votre rôle ; un administrateur peut les modifier.</p>
      {isAdmin(user) ? (
        <p className="mt-4 text-sm font-medium text-slate-700">Accès complet à toutes les fonctions.</p>
      ) : described.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">Aucun droit particulier.</p>
      ) : (
        <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
          {described.map((p) => (
            <li key={p} className="flex items-start gap-2">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
              {PERMISSION_DESCRIPTIONS[p]}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
