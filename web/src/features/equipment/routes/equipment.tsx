import { PageHeader } from '../../../components/layout/page-header';
import { paths } from '../../../lib/paths';
import { useDetailParam } from '../../../lib/use-detail-param';
import type { NewInterventionHandler } from '../components/equipment-detail-modal';
import { EquipmentList } from '../components/equipment-list';

/** /equipment; `/equipment/:id` (or `?id=<id>`, the URL of the QR codes printed so far) opens that equipment's detail. */
export default function EquipmentRoute({ onNewIntervention }: { onNewIntervention?: NewInterventionHandler }) {
  const { initialDetailId, onDetailClose } = useDetailParam(paths.equipment);
  return (
    <section>
      <PageHeader
        title="Équipements"
        description="Le parc d'équipements des clients et leur historique de maintenance."
      />
      <EquipmentList
        variant="page"
        onNewIntervention={onNewIntervention}
        initialDetailId={initialDetailId}
        onDetailClose={onDetailClose}
      />
    </section>
  );
}
