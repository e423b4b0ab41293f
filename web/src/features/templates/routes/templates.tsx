import { TEMPLATE_MESSAGES } from '@gmao/domain/templates/template-schemas';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { TemplatesList } from '../components/templates-list';

/**
 * /interventions/templates (interventions:create or templates:manage, enforced by the router guard). An intervention
 * created from a template opens in the interventions list.
 */
export default function TemplatesRoute() {
  const navigate = useNavigate();
  return (
    <section>
      <PageHeader
        title={TEMPLATE_MESSAGES.title}
        description="Travaux récurrents prêts à planifier : checklist et matériel prévu copiés dans chaque intervention."
        actions={
          <Link to={paths.interventions} className={buttonClass('secondary')}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Interventions
          </Link>
        }
      />
      <TemplatesList
        onInterventionCreated={(intervention) => navigate(`${paths.interventions}?id=${intervention.id}`)}
      />
    </section>
  );
}
