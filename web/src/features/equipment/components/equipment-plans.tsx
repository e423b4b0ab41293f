import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { formatDate } from '@gmao/domain/format/format';
import { describePlanTriggers } from '@gmao/domain/plans/plan-words';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../lib/paths';
import { usePermissions } from '../../../lib/session';
import { useEquipmentPlans } from '../api/get-equipment-plans';

/** Issue 17: the equipment's preventive plans and their next due dates, in its detail (for readers of plans). */
export function EquipmentPlans({ equipmentId }: { equipmentId: number }) {
  const { can } = usePermissions();
  const readsPlans = can(PERMISSIONS.PLANS_READ);
  const plans = useEquipmentPlans(equipmentId, readsPlans);
  if (!readsPlans) return null;
  const rows = plans.data?.data ?? [];
  return (
    <section aria-label="Maintenance préventive" className="rounded-lg border border-slate-200 p-4">
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Maintenance préventive</h3>
      {plans.isPending ? (
        <div aria-busy="true" className="h-10 animate-pulse rounded bg-slate-100" data-skeleton="true" />
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">Aucun plan ne concerne cet équipement.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {rows.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{p.nom}</span>
                <span className="block text-slate-500">
                  {describePlanTriggers(p)} · prochaine échéance{' '}
                  {p.prochaine_echeance ? formatDate(p.prochaine_echeance) : '—'}
                </span>
              </span>
              {!p.actif && <Badge>En pause</Badge>}
            </li>
          ))}
        </ul>
      )}
      <Link
        to={paths.plans}
        className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-blue-700 hover:underline sm:min-h-0"
      >
        Voir les plans
      </Link>
    </section>
  );
}
