import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadErrorState } from './load-error-state';

describe('LoadErrorState', () => {
  it("shows 'Erreur de chargement', the description and a 'Réessayer' button that retries", async () => {
    const onRetry = vi.fn();
    render(<LoadErrorState description="Impossible de charger la liste des rôles" onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Erreur de chargement' })).toBeInTheDocument();
    expect(screen.getByText('Impossible de charger la liste des rôles')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('takes another title, retry label, button variant and icon', () => {
    render(
      <LoadErrorState
        title="Liste indisponible"
        description="Impossible de charger la liste des clients."
        retryLabel="Recharger"
        retryVariant="secondary"
        icon={<span data-testid="custom-icon" />}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Liste indisponible' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recharger' })).toHaveClass('bg-white');
    expect(screen.getByTestId('custom-icon')).toBeInTheDocument();
  });
});
