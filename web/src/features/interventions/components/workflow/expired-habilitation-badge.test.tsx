import { HABILITATION_MESSAGES as M } from '@gmao/domain/habilitations/symbols';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { InterventionsList } from '../list/interventions-list';
import { listResponse, interventionRow as row } from '../list/list-test-fixtures';
import { ExpiredHabilitationBadge } from './expired-habilitation-badge';

/** Issue 34: « Habilitation expirée » on the list's rows the server flags, its title naming what expired. */

const reason = 'Habilitation H2V requise — celle de Karim Alaoui a expiré le 01/03/2027';
const technician = { id: 7, nom: 'Karim Alaoui' };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      listResponse([
        row(1, 'Transformateur TR1', 'PLANIFIEE', { technician, technicianId: 7, habilitation_expiree: [reason] }),
        row(2, 'Tableau TGBT', 'PLANIFIEE', { technician, technicianId: 7, habilitation_expiree: null }),
      ]),
    ),
  );
  window.matchMedia = vi
    .fn()
    .mockReturnValue({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('« Habilitation expirée »', () => {
  it('marks the flagged row only, with a title naming what expired', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <InterventionsList variant="tab" />
      </QueryClientProvider>,
      signedIn({ id: 1, nom: 'Nadia', role: 'Responsable', permissions: [] }),
    );
    const flagged = (await screen.findByText('Transformateur TR1')).closest('tr') as HTMLElement;
    const badge = within(flagged).getByTestId('habilitation-expiree');
    expect(badge).toHaveTextContent(M.expiredBadge);
    expect(badge).toHaveAttribute('title', M.expiredBadgeTitle([reason]));
    expect(badge.title).toContain('a expiré le 01/03/2027');
    const other = screen.getByText('Tableau TGBT').closest('tr') as HTMLElement;
    expect(within(other).queryByTestId('habilitation-expiree')).toBeNull();
  });

  it('shows nothing without a reason, and every reason in the title', () => {
    const { container } = render(
      <ExpiredHabilitationBadge reasons={[]} />,
      signedIn({ id: 1, nom: 'Nadia', role: 'Responsable', permissions: [] }),
    );
    expect(container).toBeEmptyDOMElement();
    const second = "Habilitation BR requise — l'aptitude médicale de Karim Alaoui a expiré le 10/03/2027";
    render(
      <ExpiredHabilitationBadge reasons={[reason, second]} />,
      signedIn({ id: 1, nom: 'Nadia', role: 'Responsable', permissions: [] }),
    );
    const title = screen.getByTestId('habilitation-expiree').title;
    expect(title).toContain(reason);
    expect(title).toContain(second);
  });
});
