import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { RECORD_MESSAGES } from '@gmao/domain/interventions/messages';
import type { InterventionFacts } from '@gmao/domain/interventions/policy';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import * as interventionToasts from '../intervention-toasts';
import { DiagnosticSection } from './diagnostic-section';
import { PlanificationSection } from './planification-section';
import { QualityControlSection } from './quality-control-section';

const granted = new Set<string>();
// The session user (#1, a technician holding the granted permissions), read by the domain access policy.
const mine: InterventionFacts = { createdBy: 1, technicianId: null };
const othersFacts: InterventionFacts = { createdBy: 9, technicianId: 8 };
// The intervention toasts, stubbed on the module (spies, not a vi.mock: the file shares its worker): the success
// message shown (the server's, else the fallback) and the error's fallback, without the durations.
const toasts = { success: vi.fn(), error: vi.fn() };
beforeEach(() => {
  vi.spyOn(interventionToasts, 'toastInterventionSuccess').mockImplementation((message, fallback) =>
    toasts.success(message || fallback),
  );
  vi.spyOn(interventionToasts, 'toastInterventionError').mockImplementation((_err, fallback) => toasts.error(fallback));
});

const empty = { diagnostic: null, planification: null, controleQualite: null };
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  granted.clear();
  toasts.success.mockClear();
  toasts.error.mockClear();
  fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify({ success: true, data: empty, message: MUTATION_MESSAGES.diagnostic.success }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>,
    signedIn({ id: 1, role: 'Technicien', permissions: [...granted] }),
  );

const intervention = { id: 4, statut: 'PLANIFIEE', creerPar: { id: 1, nom: 'Moi' }, technicianId: null } as Parameters<
  typeof QualityControlSection
>[0]['intervention'];

describe('DiagnosticSection', () => {
  it('readers see the record without an edit button', () => {
    wrap(<DiagnosticSection interventionId={4} facts={mine} diagnostic={null} />);
    expect(screen.getByText('Aucun diagnostic établi.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Établir le diagnostic' })).toBeNull();
  });

  it('a technician has no edit button on an intervention that is not his', () => {
    granted.add('interventions:update');
    wrap(<DiagnosticSection interventionId={4} facts={othersFacts} diagnostic={null} />);
    expect(screen.getByText('Aucun diagnostic établi.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Établir le diagnostic' })).toBeNull();
  });

  it('requires the constat, then posts the diagnostic and shows the spec toast', async () => {
    granted.add('interventions:update');
    wrap(<DiagnosticSection interventionId={4} facts={mine} diagnostic={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Établir le diagnostic' }));
    const form = screen.getByRole('form', { name: 'Formulaire de diagnostic' });
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText(RECORD_MESSAGES.constatRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(within(form).getByLabelText(/Constat/), 'Courroie détendue');
    await userEvent.selectOptions(within(form).getByLabelText('Gravité'), 'CRITIQUE');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MUTATION_MESSAGES.diagnostic.success));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/interventions/4/diagnostic');
    expect(JSON.parse(String(init.body))).toMatchObject({ constat: 'Courroie détendue', gravite: 'CRITIQUE' });
  });
});

describe('QualityControlSection', () => {
  it('is only offered once the work has started', () => {
    granted.add('interventions:update');
    wrap(<QualityControlSection intervention={intervention} controle={null} />);
    expect(screen.queryByRole('button', { name: 'Effectuer le contrôle' })).toBeNull();
  });

  it('requires a result', async () => {
    granted.add('interventions:update');
    wrap(<QualityControlSection intervention={{ ...intervention, statut: 'TERMINEE' }} controle={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Effectuer le contrôle' }));
    const form = screen.getByRole('form', { name: 'Formulaire de contrôle qualité' });
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText(RECORD_MESSAGES.resultatRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('failures without a server message (spec §8 defaults)', () => {
  const refuse = () => fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));

  it("a diagnostic: 'Erreur lors de la mise à jour du diagnostic'", async () => {
    granted.add('interventions:update');
    refuse();
    wrap(<DiagnosticSection interventionId={4} facts={mine} diagnostic={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Établir le diagnostic' }));
    const form = screen.getByRole('form', { name: 'Formulaire de diagnostic' });
    await userEvent.type(within(form).getByLabelText(/Constat/), 'Courroie détendue');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(toasts.error).toHaveBeenCalledWith(MUTATION_MESSAGES.diagnostic.failure));
  });

  it("a planning: 'Erreur lors de la mise à jour de la planification'", async () => {
    granted.add('interventions:update');
    refuse();
    const planned = { ...intervention, date: '2026-03-02', technician: null } as Parameters<
      typeof PlanificationSection
    >[0]['intervention'];
    wrap(<PlanificationSection intervention={planned} planification={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Planifier' }));
    const form = screen.getByRole('form', { name: 'Formulaire de planification' });
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(toasts.error).toHaveBeenCalledWith(MUTATION_MESSAGES.planning.failure));
  });

  it("a quality control: 'Erreur lors de la mise à jour du contrôle qualité'", async () => {
    granted.add('interventions:update');
    refuse();
    wrap(<QualityControlSection intervention={{ ...intervention, statut: 'TERMINEE' }} controle={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Effectuer le contrôle' }));
    const form = screen.getByRole('form', { name: 'Formulaire de contrôle qualité' });
    await userEvent.click(within(form).getAllByRole('radio')[0] as HTMLElement);
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(toasts.error).toHaveBeenCalledWith(MUTATION_MESSAGES.qualityControl.failure));
  });
});
