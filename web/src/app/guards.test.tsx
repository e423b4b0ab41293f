import type { SessionUser } from '@gmao/domain/auth/user';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../lib/testing/session';
import { RequireInternal, RequirePermission, RequirePortalUser } from './guards';

let user: Partial<SessionUser> | null = null;
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
    render(page, signedIn(user));
    expect(screen.getByText('Modèles')).toBeInTheDocument();
  });

  it('names every accepted permission to the others', () => {
    user = { role: 'Consultation', permissions: ['interventions:read'] };
    render(page, signedIn(user));
    expect(screen.queryByText('Modèles')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Permission Required' })).toBeInTheDocument();
    expect(screen.getByText('interventions:create')).toBeInTheDocument();
    expect(screen.getByText('templates:manage')).toBeInTheDocument();
  });
});

describe('the client portal and the internal pages keep apart (issue 33)', () => {
  const app = (start: string) => (
    <MemoryRouter initialEntries={[start]}>
      <Routes>
        <Route element={<RequirePortalUser />}>
          <Route path="/portail" element={<p>Portail</p>} />
        </Route>
        <Route element={<RequireInternal />}>
          <Route path="/" element={<p>Tableau interne</p>} />
          <Route path="/clients" element={<p>Clients internes</p>} />
        </Route>
      </Routes>
    </MemoryRouter>
  );

  it('sends a portal user from any internal page to /portail', () => {
    user = { role: '', permissions: [], clientId: 4, portalDroit: 'LECTURE' };
    render(app('/clients'), signedIn(user));
    expect(screen.getByText('Portail')).toBeInTheDocument();
    expect(screen.queryByText('Clients internes')).toBeNull();
  });

  it('sends an internal user from /portail to the dashboard', () => {
    user = { role: 'Administrateur', permissions: [] };
    render(app('/portail'), signedIn(user));
    expect(screen.getByText('Tableau interne')).toBeInTheDocument();
  });
});
