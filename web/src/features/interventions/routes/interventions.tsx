import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { SLA_FILTERS, type SlaFilter } from '@gmao/domain/sla/sla-clock';
import { ClipboardCopy } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { usePermissions } from '../../../lib/session';
import { useDetailParam } from '../../../lib/use-detail-param';
import type { InterventionFormModalProps } from '../components/form/intervention-form-modal';
import { MINE } from '../components/list/interventions-filters';
import { InterventionsList } from '../components/list/interventions-list';

/**
 * /interventions (permission interventions:read, enforced by the router guard); `/interventions/:id` (or `?id=`)
 * opens that intervention's detail (a notification, a shared link, an intervention just created from a template). 'Modèles' leads to the templates page for those who may
 * use or manage them; `onFromTemplate` (app/routes/interventions.tsx) adds 'Partir d'un modèle' to the creation form.
 */
export default function InterventionsRoute({
  onFromTemplate,
}: {
  onFromTemplate?: InterventionFormModalProps['onFromTemplate'];
}) {
  const { canAny } = usePermissions();
  const { initialDetailId, onDetailClose } = useDetailParam(paths.interventions);
  const [params] = useSearchParams();
  // Links from the dashboard ("Voir les interventions" under the alerts; the technician's counters and days, with
  // `mine=true`) arrive filtered.
  const sla = SLA_FILTERS.find((f) => f === params.get('sla')) as SlaFilter | undefined;
  const day = (key: string) => (/^\d{4}-\d{2}-\d{2}$/.test(params.get(key) ?? '') ? params.get(key)! : '');
  const initialFilters = {
    ...(params.get('overdue') === 'true' ? { overdue: true } : {}),
    ...(params.get('urgence') === 'true' ? { urgence: 'true' as const } : {}),
    // Issue 31: the dashboard's "Délais garantis" card opens the list on ?sla=A_RISQUE or ?sla=DEPASSE&open=true.
    ...(sla ? { sla } : {}),
    ...(params.has('overdue') || params.has('urgence') || sla ? { technician: '' } : {}),
    ...(params.get('mine') === 'true' ? { technician: MINE } : {}),
    ...(params.get('open') === 'true' ? { open: true } : {}),
    ...(day('due_on') ? { dueOn: day('due_on') } : {}),
    ...(day('due_before') ? { dueBefore: day('due_before') } : {}),
  };
  return (
    <section>
      <PageHeader
        title="Interventions"
        description="Suivi des interventions de maintenance et de leur workflow de statuts."
        actions={
          canAny([PERMISSIONS.INTERVENTIONS_CREATE, PERMISSIONS.TEMPLATES_MANAGE]) && (
            <Link to={paths.interventionTemplates} className={buttonClass('secondary')}>
              <ClipboardCopy className="h-4 w-4" aria-hidden="true" /> Modèles
            </Link>
          )
        }
      />
      <InterventionsList
        variant="page"
        initialDetailId={initialDetailId}
        initialFilters={initialFilters}
        onFromTemplate={onFromTemplate}
        onDetailClose={onDetailClose}
      />
    </section>
  );
}
