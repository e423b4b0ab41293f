import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DetailSection } from './detail-section';

describe('DetailSection', () => {
  it('shows its title and label/value pairs, with "-" for empty values but not for 0', () => {
    render(
      <DetailSection
        title="Coordonnées"
        items={[
          ['Ville', 'Casablanca'],
          ['Téléphone', ''],
          ['Équipements', 0],
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Coordonnées' })).toBeInTheDocument();
    const terms = screen.getAllByRole('term').map((dt) => dt.textContent);
    const values = screen.getAllByRole('definition').map((dd) => dd.textContent);
    expect(terms).toEqual(['Ville', 'Téléphone', 'Équipements']);
    expect(values).toEqual(['Casablanca', '-', '0']);
  });

  it('renders children without a list when no items are given', () => {
    render(
      <DetailSection title="QR code">
        <p>Contenu libre</p>
      </DetailSection>,
    );
    expect(screen.getByText('Contenu libre')).toBeInTheDocument();
    expect(screen.queryByRole('term')).not.toBeInTheDocument();
  });
});
