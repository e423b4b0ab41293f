import EquipmentRoute from '../../features/equipment/routes/equipment';
import { useNewInterventionLauncher } from '../composition/new-intervention';

/** /equipment: the equipment page, whose detail's 'Nouvelle Intervention' opens the intervention form. */
export default function EquipmentPage() {
  const launcher = useNewInterventionLauncher();
  return (
    <>
      <EquipmentRoute onNewIntervention={launcher.open} />
      {launcher.modal}
    </>
  );
}
