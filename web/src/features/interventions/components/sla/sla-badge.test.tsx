import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SlaBadge, SlaTargets } from './sla-badge';

const now = new Date('2026-03-02T12:00:00Z');

describe('SlaBadge / SlaTargets (issue 31)', () => {
  it('says the breach in words and shows each target with the wall-clock deadline the server gives', () => {
    const sla = {
      contrat_id: 3,
      hors_contrat: false,
      cibles: [
        {
          cible: 'SUR_SITE' as const,
          echeance: '2026-03-02T09:50:00Z',
          echeance_locale: { date: '2026-03-02', time: '10:50', zone: 'Africa/Casablanca' as const },
          etat: 'DEPASSE' as const,
          consomme_minutes: 0,
          atteint_le: null,
        },
      ],
    };
    render(
      <>
        <SlaBadge sla={sla} now={now} />
        <SlaTargets sla={sla} />
      </>,
    );
    expect(screen.getByText('GTI dépassée de 2 h 10')).toBeInTheDocument();
    expect(screen.getByText('Arrivée sur site')).toBeInTheDocument();
    expect(screen.getByText('échéance 02/03/2026 10:50')).toBeInTheDocument();
    expect(screen.getByText('— Dépassé')).toBeInTheDocument();
  });

  it('says "Hors contrat" and nothing when no contract applies', () => {
    const { container, rerender } = render(<SlaBadge sla={{ contrat_id: null, hors_contrat: true, cibles: [] }} />);
    expect(screen.getByText('Hors contrat')).toBeInTheDocument();
    rerender(<SlaBadge sla={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
