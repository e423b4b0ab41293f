import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from './loading-overlay';

describe('LoadingOverlay', () => {
  it('announces its text as a polite status when shown', () => {
    render(<LoadingOverlay show text="Création du client..." />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Création du client...');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveClass('fixed', 'inset-0');
  });

  it('renders nothing when hidden', () => {
    render(<LoadingOverlay show={false} text="Création du client..." />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
