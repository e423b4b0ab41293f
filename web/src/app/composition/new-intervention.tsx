import { type ReactNode, useState } from 'react';
import { InterventionFormModal } from '../../features/interventions/components/intervention-form-modal';

/**
 * Opens the intervention form from other features (equipment detail, dashboard overview) without those
 * features importing the interventions feature: the app layer composes them through props.
 */
export function useNewInterventionLauncher(): {
  open: (equipment?: { id: number }) => void;
  modal: ReactNode;
} {
  // undefined: closed; null: open without a pre-selected equipment; a number: that equipment pre-selected.
  const [target, setTarget] = useState<number | null | undefined>(undefined);
  const modal =
    target === undefined ? null : (
      // Mounted only while open, with a key, so the form starts from the chosen equipment each time.
      <InterventionFormModal
        key={target ?? 'none'}
        open
        onClose={() => setTarget(undefined)}
        defaultEquipementId={target ?? undefined}
      />
    );
  return { open: (equipment) => setTarget(equipment?.id ?? null), modal };
}
