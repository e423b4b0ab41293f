import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequirePermission } from './guards';

let user: { role: string; permissions: string[] } | null = null;
vi.mock('../lib/session', () => ({ useSession: () => ({ user }) }));
beforeEach(() => {
  user = null;
});

const page = (
  <MemoryRouter>
    <RequirePermission permission={['interventions:create', 'templates:manage']}>
      <p>Modèles</p>
    </RequirePermission>
  </MemoryRouter>
);

describe('RequirePermission with a list (any one suffices)', () => {
  it('lets in a holder of either permission', () => {
    user = { role: 'Responsable', permissions: ['templates:manage'] };
    render(page);
    expect(screen.getByText('Modèles')).toBeInTheDocument();
  });

  it('names every accepted permission to the others', () => {
    user = { role: 'Consultation', permissions: ['interventions:read'] };
    render(page);
    expect(screen.queryByText('Modèles')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Permission Required' })).toBeInTheDocument();
    expect(screen.getByText('interventions:create')).toBeInTheDocument();
    expect(screen.getByText('templates:manage')).toBeInTheDocument();
  });
});
