import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { STATUT_LABELS } from '@gmao/domain/interventions/status';
import { VERSION_CONFLICT_CODE, VERSION_MESSAGES } from '@gmao/domain/interventions/version-schemas';
import { allowedTransitions, detailActions } from '@gmao/domain/interventions/workflow';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { useWorkflow } from '../../api/get-workflow';
import { InterventionFormModal } from '../form/intervention-form-modal';
import { interventionRow } from '../list/list-test-fixtures';
import { WorkflowActions } from './workflow-actions';

// The session user (#1, a technician who created the intervention, holding interventions:update).
const mine = { createdBy: 1, technicianId: null };

type Statut = 'PLANIFIEE' | 'EN_COURS';
/** What the server holds: tab A moved it to EN_COURS (version 2) after this tab loaded version 1. */
let server: { statut: Statut; version: number };
const workflowOf = (statut: Statut, version: number) => ({
  id: 5,
  statut,
  urgence: false,
  startedAt: null,
  completedAt: null,
  phases: {},
  phaseOrder: [],
  nextActions: [],
  availableActions: detailActions(statut),
  allowedTransitions: allowedTransitions(statut),
  pauseCount: 0,
  version,
});
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let fetchMock: ReturnType<typeof vi.fn>;
const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([url, init]) => ({
      url: String(url),
      ifMatch: ((init?.headers ?? {}) as Record<string, string>)['if-match'],
    }));

beforeEach(() => {
  server = { statut: 'PLANIFIEE', version: 1 };
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const current = interventionRow(5, 'Transformateur T1', 'EN_COURS', { version: 2 });
      return json(409, {
        success: false,
        code: VERSION_CONFLICT_CODE,
        message: VERSION_MESSAGES.conflict,
        data: current,
      });
    }
    if (String(url).endsWith('/workflow'))
      return json(200, { success: true, data: workflowOf(server.statut, server.version) });
    return json(200, { success: true, data: interventionRow(5, 'Transformateur T1', server.statut, server) });
  });
  vi.stubGlobal('fetch', fetchMock);
  // react-hot-toast asks for the reduced-motion preference.
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }));
});
afterEach(() => {
  toast.remove(); // toasts live in a module-level store, shared by the tests of this file
  vi.unstubAllGlobals();
});

/** The detail's "Actions disponibles": buttons drawn from the workflow query, as in the detail modal. */
function DetailActions() {
  const workflow = useWorkflow(5);
  const wf = workflow.data?.data;
  if (!wf) return null;
  return (
    <>
      <p>Statut affiché : {STATUT_LABELS[wf.statut]}</p>
      <WorkflowActions interventionId={5} facts={mine} workflow={wf} />
    </>
  );
}

function renderWithClient(ui: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
    signedIn({ id: 1, role: 'Technicien', permissions: ['interventions:update'] }),
  );
}

describe('a write made on a version someone else has since changed (409 VERSION_CONFLICT)', () => {
  it('the status button sends If-Match with the displayed version; the 409 shows the message and reloads the state', async () => {
    const user = userEvent.setup();
    renderWithClient(<DetailActions />);
    expect(await screen.findByText('Statut affiché : Planifiée')).toBeInTheDocument();
    server = { statut: 'EN_COURS', version: 2 }; // tab A, meanwhile
    await user.click(screen.getByRole('button', { name: 'Démarrer' }));
    expect(await screen.findByText(VERSION_MESSAGES.reloaded)).toBeInTheDocument();
    expect(writes()).toEqual([{ url: '/api/interventions/5/status', ifMatch: '"v1"' }]);
    // Reloaded: the workflow now shows the other tab's status and its buttons.
    expect(await screen.findByText('Statut affiché : En Cours')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mettre en Pause' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Démarrer' })).toBeNull();
    expect(screen.queryByText(MUTATION_MESSAGES.statusUpdate.failure)).toBeNull();
  });

  it('the edit form sends If-Match with the version of the row it opened from, then closes on the conflict', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const row = interventionRow(5, 'Transformateur T1', 'PLANIFIEE', { version: 1 });
    renderWithClient(<InterventionFormModal open onClose={onClose} intervention={row} />);
    await user.selectOptions(screen.getByLabelText('Statut'), 'EN_COURS');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(VERSION_MESSAGES.reloaded)).toBeInTheDocument();
    expect(writes()).toEqual([{ url: '/api/interventions/5', ifMatch: '"v1"' }]);
    expect(onClose).toHaveBeenCalled();
  });
});
