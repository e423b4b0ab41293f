import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useFromTemplateLauncher } from './from-template';

// Loaded when first opened (issue 16: the dashboard does not load the creation form's code until it is asked for).
const InterventionFormModal = lazy(() =>
  import('../../features/interventions/components/form/intervention-form-modal').then((m) => ({
    default: m.InterventionFormModal,
  })),
);

/**
 * Opens the intervention form from other features (equipment detail, dashboard overview) without those
 * features importing the interventions feature: the app layer composes them through props. Its 'Partir d'un modèle'
 * goes on to the templates flow (composition/from-template.tsx).
 */
export function useNewInterventionLauncher(): {
  open: (equipment?: { id: number }) => void;
  modal: ReactNode;
} {
  // undefined: closed; null: open without a pre-selected equipment; a number: that equipment pre-selected.
  const [target, setTarget] = useState<number | null | undefined>(undefined);
  const fromTemplate = useFromTemplateLauncher();
  const modal = (
    <>
      {target !== undefined && (
        // Mounted only while open, with a key, so the form starts from the chosen equipment each time.
        <Suspense fallback={null}>
          <InterventionFormModal
            key={target ?? 'none'}
            open
            onClose={() => setTarget(undefined)}
            defaultEquipementId={target ?? undefined}
            onFromTemplate={fromTemplate.open}
          />
        </Suspense>
      )}
      {fromTemplate.modal}
    </>
  );
  return { open: (equipment) => setTarget(equipment?.id ?? null), modal };
}
