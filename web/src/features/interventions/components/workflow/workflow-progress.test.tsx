import { derivePhases, PHASES } from '@gmao/domain/interventions/phases';
import type { Statut } from '@gmao/domain/interventions/status';
import { detailActions } from '@gmao/domain/interventions/workflow';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WorkflowProgress } from './workflow-progress';

const workflowAt = (statut: Statut) => ({
  id: 1,
  statut,
  urgence: false,
  startedAt: null,
  completedAt: null,
  phases: derivePhases(statut, []),
  phaseOrder: [...PHASES],
  nextActions: [],
  availableActions: detailActions(statut),
  allowedTransitions: [],
  pauseCount: 0,
  version: 1,
});

const states = () =>
  within(screen.getByRole('list', { name: 'Progression du workflow' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('data-state'));

describe('WorkflowProgress', () => {
  it('shows Terminé / En cours / En attente per phase', () => {
    render(<WorkflowProgress workflow={workflowAt('EN_COURS')} />);
    expect(states()).toEqual(['Terminé', 'Terminé', 'En cours', 'En attente']);
    expect(screen.getByText('Exécution des travaux', { exact: false })).toBeInTheDocument();
  });

  it('is all Terminé once finished', () => {
    render(<WorkflowProgress workflow={workflowAt('TERMINEE')} />);
    expect(states()).toEqual(['Terminé', 'Terminé', 'Terminé', 'Terminé']);
  });
});
