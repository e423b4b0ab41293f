import { PageHeader } from '../../../components/layout/page-header';
import { InterventionsList } from '../components/interventions-list';

/** /interventions (permission interventions:read, enforced by the router guard). */
export default function InterventionsRoute() {
  return (
    <section>
      <PageHeader
        title="Interventions"
        description="Suivi des interventions de maintenance et de leur workflow de statuts."
      />
      <InterventionsList variant="page" />
    </section>
  );
}
