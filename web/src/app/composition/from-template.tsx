import type { Template } from '@gmao/domain/templates/template-schemas';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FromTemplateEquipment } from '../../features/interventions/components/form/intervention-form-modal';

// Loaded when first opened, like the creation form (issue 16).
const TemplatePickerModal = lazy(() =>
  import('../../features/templates/components/template-picker-modal').then((m) => ({ default: m.TemplatePickerModal })),
);
const UseTemplateModal = lazy(() =>
  import('../../features/templates/components/use-template-modal').then((m) => ({ default: m.UseTemplateModal })),
);

import { paths } from '../../lib/paths';

type Step =
  | { kind: 'pick'; equipment: FromTemplateEquipment | null }
  | { kind: 'use'; equipment: FromTemplateEquipment | null; template: Template };

/**
 * 'Partir d'un modèle' in the intervention creation form: the interventions feature hands over the equipment chosen
 * so far, the templates feature offers the templates fitting its type, then its creation form pre-filled from the
 * chosen template for that equipment. The created intervention opens in the interventions list.
 */
export function useFromTemplateLauncher(): {
  open: (equipment: FromTemplateEquipment | null) => void;
  modal: ReactNode;
} {
  const [step, setStep] = useState<Step | null>(null);
  const navigate = useNavigate();
  const close = () => setStep(null);
  let modal: ReactNode = null;
  if (step?.kind === 'pick') {
    modal = (
      <TemplatePickerModal
        equipmentType={step.equipment?.type_equipement ?? null}
        onClose={close}
        onPick={(template) => setStep({ kind: 'use', equipment: step.equipment, template })}
      />
    );
  } else if (step?.kind === 'use') {
    // The chosen equipment is kept only when the template fits it (the server refuses another type).
    const fits = !step.template.type_equipement || step.template.type_equipement === step.equipment?.type_equipement;
    modal = (
      <UseTemplateModal
        key={step.template.id}
        template={step.template}
        defaultEquipementId={fits ? step.equipment?.id : undefined}
        onClose={close}
        onCreated={(intervention) => navigate(`${paths.interventions}?id=${intervention.id}`)}
      />
    );
  }
  return {
    open: (equipment) => setStep({ kind: 'pick', equipment }),
    modal: modal && <Suspense fallback={null}>{modal}</Suspense>,
  };
}
