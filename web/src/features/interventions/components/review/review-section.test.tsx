import type { InterventionFacts } from '@gmao/domain/interventions/policy';
import { REVIEW_MESSAGES } from '@gmao/domain/interventions/review-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { ReviewSection } from './review-section';

const granted = new Set<string>();
// The session user (#1, a technician holding the granted permissions), read by the domain access policy.
const mine: InterventionFacts = { createdBy: 1, technicianId: null };
const othersFacts: InterventionFacts = { createdBy: 9, technicianId: 8 };

const submitted = {
  interventionId: 5,
  status: 'SOUMISE',
  comment: null,
  submittedBy: { id: 2, nom: 'Tarik' },
  submittedAt: '2026-01-01T10:00:00.000Z',
  reviewedBy: null,
  reviewedAt: null,
  reason: null,
};
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let current: unknown = null;
let superseded: unknown[] = [];
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  granted.clear();
  current = null;
  superseded = [];
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (String(url).endsWith('/review/history')) return json(200, { success: true, data: { current, superseded } });
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body ?? '{}'));
      if (String(url).endsWith('/reject'))
        current = { ...submitted, status: 'REJETEE', reason: body.reason, reviewedAt: '2026-01-02T10:00:00.000Z' };
      else current = submitted;
      return json(200, { success: true, data: current, message: REVIEW_MESSAGES.submitted });
    }
    return json(200, { success: true, data: current });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderSection(statut = 'TERMINEE', facts = mine) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ReviewSection interventionId={5} statut={statut} facts={facts} />
    </QueryClientProvider>,
    signedIn({ id: 1, role: 'Technicien', permissions: [...granted] }),
  );
}

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));

describe('ReviewSection', () => {
  it('a technician does not submit an intervention that is not his', async () => {
    granted.add('interventions:update');
    renderSection('TERMINEE', othersFacts);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Soumettre pour validation' })).toBeNull();
  });

  it('a finished intervention can be submitted by whoever works on it', async () => {
    granted.add('interventions:update');
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Soumettre pour validation' }));
    await waitFor(() => expect(posts()).toEqual([expect.stringMatching(/\/interventions\/5\/review\/submit$/)]));
    expect(await screen.findByText('À valider')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approuver' })).toBeNull();
  });

  it('no submit before the intervention is finished', async () => {
    granted.add('interventions:update');
    renderSection('EN_COURS');
    expect(await screen.findByText(/une fois l’intervention terminée/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Soumettre pour validation' })).toBeNull();
  });

  it('an approver rejects with a required reason, which is then shown', async () => {
    granted.add('interventions:approve');
    current = submitted;
    renderSection();
    expect(await screen.findByRole('button', { name: 'Approuver' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rejeter' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmer le rejet' }));
    expect(await screen.findByText(REVIEW_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(posts()).toEqual([]);
    await userEvent.type(screen.getByLabelText(/Motif du rejet/), 'Photos manquantes');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer le rejet' }));
    expect(await screen.findByText('Motif du rejet : Photos manquantes')).toBeInTheDocument();
    expect(posts()).toEqual([expect.stringMatching(/\/review\/reject$/)]);
  });

  it('a reopened intervention keeps its past approval visible in the review history (issue 30)', async () => {
    superseded = [
      {
        ...submitted,
        status: 'APPROUVEE',
        reviewedBy: { id: 3, nom: 'Rachid' },
        reviewedAt: '2026-01-02T10:00:00.000Z',
        supersededAt: '2026-01-03T10:00:00.000Z',
        supersededBy: { id: 3, nom: 'Rachid' },
        supersededMotif: 'Fuite constatée',
      },
    ];
    renderSection('PLANIFIEE');
    const past = await screen.findByRole('region', { name: REVIEW_MESSAGES.historyTitle });
    expect(past).toHaveTextContent(/Approuvée le .* par Rachid/);
    expect(past).toHaveTextContent(/Remplacée le .* par Rachid — Fuite constatée/);
  });
});
