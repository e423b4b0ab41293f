import InterventionsRoute from '../../features/interventions/routes/interventions';
import { useFromTemplateLauncher } from '../composition/from-template';

/** /interventions: the interventions page, whose creation form offers 'Partir d'un modèle' (templates feature). */
export default function InterventionsPage() {
  const fromTemplate = useFromTemplateLauncher();
  return (
    <>
      <InterventionsRoute onFromTemplate={fromTemplate.open} />
      {fromTemplate.modal}
    </>
  );
}
