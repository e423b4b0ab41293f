import type { Plan } from '@gmao/domain/plans/plan-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { PlanFormModal } from './plan-form-modal';

const plan: Plan = {
  id: 3,
  nom: 'Vidange groupe',
  template_id: 2,
  template_nom: 'Vidange',
  equipement_id: 5,
  equipement_nom: 'Groupe G1',
  client_id: 4,
  nom_entreprise: 'Atlas',
  type_equipement: 'GROUPE_ELECTROGENE',
  rrule: 'FREQ=YEARLY',
  date_debut: '2026-03-02',
  jours_avance: 7,
  technicien_id: null,
  technicien_nom: null,
  actif: true,
  mode: 'CALENDRIER',
  intervalle_jours: null,
  seuil_heures: null,
  equipements: 1,
  prochaine_echeance: '2027-03-02',
  generated_through: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn((_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return json(200, { success: true, data: plan, message: 'ok' });
    return json(200, { success: true, data: [], pagination: { total: 0, pages: 0, page: 1, limit: 1000 } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderForm = (p: Plan) =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PlanFormModal plan={p} onClose={() => {}} />
      </QueryClientProvider>
    </MemoryRouter>,
    signedIn({ id: 1, role: 'Administrateur' }),
  );
const putBody = () => {
  const call = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

describe('plan form: recurrence mode and meter threshold', () => {
  it('tells the recurrence in French; the RFC 5545 rule sits folded in an "Avancé" disclosure (issue 30)', () => {
    renderForm({ ...plan, rrule: 'FREQ=YEARLY;BYMONTH=3,9;BYDAY=1MO' });
    expect(screen.getByText('Tous les ans, en mars et septembre, le premier lundi')).toBeTruthy();
    const rule = screen.getByLabelText(/Règle \(RFC 5545\)/);
    const details = rule.closest('details');
    expect(details?.querySelector('summary')?.textContent).toMatch(/^Avancé/);
    // a custom rule opens the disclosure; a preset keeps it folded
    expect(details?.open).toBe(true);
    fireEvent.change(screen.getByLabelText(/Récurrence/, { selector: 'select' }), { target: { value: 'FREQ=YEARLY' } });
    expect(screen.getByText('Tous les ans', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByLabelText(/Règle \(RFC 5545\)/).closest('details')?.open).toBe(false);
  });

  it('switching to "N jours après la dernière réalisation" replaces the rule by the number of days', async () => {
    renderForm(plan);
    expect(screen.getByLabelText(/Règle \(RFC 5545\)/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('N jours après la dernière réalisation'));
    expect(screen.queryByLabelText(/Règle \(RFC 5545\)/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Jours après la dernière réalisation/), { target: { value: '45' } });
    fireEvent.change(screen.getByLabelText(/heures de fonctionnement/), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(putBody()).toBeDefined());
    expect(putBody()).toMatchObject({
      mode: 'APRES_REALISATION',
      intervalle_jours: 45,
      seuil_heures: 250,
      rrule: 'FREQ=DAILY;INTERVAL=45',
    });
  });

  it('shows the schema’s messages on the fields: days required in that mode, a whole threshold', async () => {
    renderForm(plan);
    fireEvent.click(screen.getByLabelText('N jours après la dernière réalisation'));
    fireEvent.change(screen.getByLabelText(/heures de fonctionnement/), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/nombre de jours après la dernière réalisation doit être/)).toBeTruthy();
    expect(screen.getByText(/seuil d'heures de fonctionnement doit être/)).toBeTruthy();
    expect(putBody()).toBeUndefined();
  });

  it('an existing after-completion plan with a threshold opens in its mode', () => {
    renderForm({ ...plan, mode: 'APRES_REALISATION', intervalle_jours: 30, seuil_heures: 500 });
    expect((screen.getByLabelText(/Jours après la dernière réalisation/) as HTMLInputElement).value).toBe('30');
    expect((screen.getByLabelText(/heures de fonctionnement/) as HTMLInputElement).value).toBe('500');
  });
});
