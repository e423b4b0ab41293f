import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import type { NewInterventionHandler } from '../components/equipment-detail-modal';
import { EquipmentList } from '../components/equipment-list';

/** /equipment; `?id=<id>` (the URL in each QR code) opens that equipment's detail. */
export default function EquipmentRoute({ onNewIntervention }: { onNewIntervention?: NewInterventionHandler }) {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const initialDetailId = Number.isInteger(id) && id > 0 ? id : null;
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
        onDetailClose={() => {
          if (params.has('id')) setParams({}, { replace: true });
        }}
      />
    </section>
  );
}
