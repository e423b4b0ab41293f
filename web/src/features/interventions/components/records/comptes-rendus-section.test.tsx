import { COMPTE_RENDU_MESSAGES } from '@gmao/domain/interventions/compte-rendu-schemas';
import type { InterventionFacts } from '@gmao/domain/interventions/policy';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { ComptesRendusSection } from './comptes-rendus-section';

const granted = new Set<string>();
// The session user (#7, a technician holding the granted permissions), read by the domain access policy.
const mine: InterventionFacts = { createdBy: 7, technicianId: null };

const report = (id: number, titre: string, authorId: number) => ({
  id,
  interventionId: 5,
  titre,
  contenu: `Contenu ${titre}`,
  auteur: { id: authorId, nom: authorId === 7 ? 'Alice' : 'Bob' },
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
});
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  granted.clear();
  fetchMock = vi.fn((_url: string, init?: RequestInit) => {
    if (init?.method === 'POST' || init?.method === 'PUT')
      return json(200, { success: true, data: report(9, 'x', 7), message: COMPTE_RENDU_MESSAGES.created });
    return json(200, { success: true, data: [report(1, 'Mien', 7), report(2, 'Autre', 8)] });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderSection(facts = mine) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ComptesRendusSection interventionId={5} facts={facts} />
    </QueryClientProvider>,
    signedIn({ id: 7, nom: 'Alice', role: 'Technicien', permissions: [...granted] }),
  );
}

describe('ComptesRendusSection', () => {
  it('lists reports; readers cannot write', async () => {
    renderSection();
    expect(await screen.findByText('Contenu Mien')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Titre du compte rendu/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Modifier/ })).toBeNull();
  });

  it('on an intervention that is not his, a technician writes none but still edits his own', async () => {
    granted.add('interventions:update');
    renderSection({ createdBy: 9, technicianId: 8 });
    expect(await screen.findByRole('button', { name: 'Modifier Mien' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier Autre' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter le compte rendu' })).toBeNull();
  });

  it('writers add one (validated) and edit only their own', async () => {
    granted.add('interventions:update');
    renderSection();
    expect(await screen.findByRole('button', { name: 'Modifier Mien' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier Autre' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le compte rendu' }));
    expect(await screen.findByText(COMPTE_RENDU_MESSAGES.titreRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Titre du compte rendu/), 'Bilan');
    await userEvent.type(screen.getByLabelText(/Contenu du compte rendu/), 'Tout est réparé');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le compte rendu' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, i]) => i?.method === 'POST' && String(u).endsWith('/interventions/5/report')),
      ).toBe(true),
    );
  });
});
