import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows title, description and action', () => {
    render(
      <EmptyState
        title="Aucun client"
        description="Ajoutez votre premier client."
        action={<button type="button">Nouveau client</button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Aucun client' })).toBeInTheDocument();
    expect(screen.getByText('Ajoutez votre premier client.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouveau client' })).toBeInTheDocument();
  });
});

describe('Badge', () => {
  it('renders its content with the tone colours', () => {
    render(<Badge tone="red">Urgente</Badge>);
    expect(screen.getByText('Urgente')).toHaveClass('bg-red-50', 'text-red-700');
  });
});
