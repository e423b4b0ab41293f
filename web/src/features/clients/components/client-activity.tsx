import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { formatDate, formatNumber, truncate } from '@gmao/domain/format/format';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/ui/status-badge';
import { equipmentPath, interventionPath } from '../../../lib/paths';
import { usePermissions } from '../../../lib/session';
import { useClientEquipment, useClientInterventions } from '../api/get-client-activity';

function Block({ title, total, children }: { title: string; total: number | undefined; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 p-4">
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
        {title}
        {total !== undefined ? ` (${formatNumber(total)})` : ''}
      </h3>
      {children}
    </section>
  );
}

/** The client's equipment and latest interventions in its detail, each opening its own page (issue 14). */
export function ClientActivity({ clientId }: { clientId: number }) {
  const { can } = usePermissions();
  const readsEquipment = can(PERMISSIONS.EQUIPMENT_READ);
  const readsInterventions = can(PERMISSIONS.INTERVENTIONS_READ);
  const equipment = useClientEquipment(clientId, readsEquipment);
  const interventions = useClientInterventions(clientId, readsInterventions);
  const empty = <p className="text-sm text-slate-500">Aucun</p>;
  const placeholder = (
    <div aria-busy="true" className="space-y-2 py-1">
      <span className="sr-only">Chargement…</span>
      {['w-3/4', 'w-2/3', 'w-1/2'].map((w) => (
        <div key={w} data-skeleton="true" className={`h-4 ${w} animate-pulse rounded bg-slate-200`} />
      ))}
    </div>
  );
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {readsEquipment && (
        <Block title="Équipements du client" total={equipment.data?.pagination.total}>
          {equipment.data?.data.length ? (
            <ul className="divide-y divide-slate-100 text-sm">
              {equipment.data.data.map((e) => (
                <li key={e.id} className="py-2">
                  <Link to={equipmentPath(e.id)} className="font-medium text-blue-800 hover:underline">
                    {e.nom}
                  </Link>
                  {e.type_equipement && (
                    <span className="text-slate-500"> · {equipmentTypeLabel(e.type_equipement)}</span>
                  )}
                </li>
              ))}
            </ul>
          ) : equipment.isPending ? (
            placeholder
          ) : (
            empty
          )}
        </Block>
      )}
      {readsInterventions && (
        <Block title="Dernières interventions" total={interventions.data?.pagination.total}>
          {interventions.data?.data.length ? (
            <ul className="divide-y divide-slate-100 text-sm">
              {interventions.data.data.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <Link to={interventionPath(i.id)} className="font-medium text-blue-800 hover:underline">
                      #{i.id} — {i.equipement.nom}
                    </Link>
                    <span className="block text-slate-500">
                      {formatDate(i.date)} · {truncate(i.description, 40) || '-'}
                    </span>
                  </span>
                  <StatusBadge statut={i.statut} urgence={i.urgence} />
                </li>
              ))}
            </ul>
          ) : interventions.isPending ? (
            placeholder
          ) : (
            empty
          )}
        </Block>
      )}
    </div>
  );
}
