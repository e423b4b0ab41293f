import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it('shows the label, the URGENT badge, unknown values as is and Inconnu when empty', () => {
    const { rerender } = render(<StatusBadge statut="EN_ATTENTE_PDR" urgence />);
    expect(screen.getByText('En Attente PDR')).toBeInTheDocument();
    expect(screen.getByText('URGENT')).toBeInTheDocument();
    rerender(<StatusBadge statut="ARCHIVEE" />);
    expect(screen.getByText('ARCHIVEE')).toBeInTheDocument();
    expect(screen.queryByText('URGENT')).not.toBeInTheDocument();
    rerender(<StatusBadge statut={null} />);
    expect(screen.getByText('Inconnu')).toBeInTheDocument();
  });

  it.each([
    ['PLANIFIEE', 'Planifiée'],
    ['EN_ATTENTE_PDR', 'En Attente PDR'],
    ['EN_COURS', 'En Cours'],
    ['EN_PAUSE', 'En Pause'],
    ['TERMINEE', 'Terminée'],
    ['ANNULEE', 'Annulée'],
    ['ECHEC', 'Échec'],
  ])('%s reads %s (spec §4 table)', (statut, label) => {
    render(<StatusBadge statut={statut} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });
});
