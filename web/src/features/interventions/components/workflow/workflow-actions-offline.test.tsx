import 'fake-indexeddb/auto';
import { OUTBOX_MESSAGES, SIGNATURE_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { allowedTransitions, detailActions } from '@gmao/domain/interventions/workflow';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'react-hot-toast';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import * as signatureField from '../../../../components/ui/signature-field';
import { loadOutbox } from '../../../../lib/offline/use-outbox';
import { STORAGE_KEYS } from '../../../../lib/session-storage';
import { signedIn } from '../../../../lib/testing/session';
import { WorkflowActions } from './workflow-actions';

// The signature pads need a canvas (jsdom has none): a stand-in that signs at once (a spy on the module, set in
// beforeEach: not a vi.mock, the file shares its worker).
const signsAtOnce = ({ label, onChange }: { label: string; onChange: (png: string | null) => void }) => (
  <button type="button" onClick={() => onChange('data:image/png;base64,iVBORw0KGgo=')}>
    {`Signer : ${label}`}
  </button>
);

const facts = { createdBy: 1, technicianId: 1 };
const workflow = (clientSignature = { required: false, signed: false }) => ({
  id: 5,
  statut: 'PLANIFIEE' as const,
  urgence: false,
  startedAt: null,
  completedAt: null,
  phases: {} as never,
  phaseOrder: [],
  nextActions: [],
  availableActions: detailActions('PLANIFIEE'),
  allowedTransitions: allowedTransitions('PLANIFIEE'),
  pauseCount: 0,
  version: 4,
  clientSignature,
});

let online = false;
const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
beforeEach(async () => {
  vi.spyOn(signatureField, 'SignatureField').mockImplementation(signsAtOnce);
  online = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }));
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, nom: 'Yassine Idrissi', role: 'Technicien' }));
  await (await loadOutbox()).db.outbox.clear();
  fetchMock.mockClear();
});
afterEach(() => {
  toast.remove();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderActions(wf = workflow()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WorkflowActions interventionId={5} facts={facts} workflow={wf} />
      <Toaster />
    </QueryClientProvider>,
    // The signed-in technician (#1), who works on the intervention.
    signedIn({ id: 1, role: 'Technicien', permissions: ['interventions:update'] }),
  );
}
const queued = async () => (await loadOutbox()).db.outbox.toArray();

it('offline, « Démarrer » is kept on the phone with its base version and the buttons of En cours show at once', async () => {
  const user = userEvent.setup();
  renderActions();
  await user.click(await screen.findByRole('button', { name: 'Démarrer' }));
  expect(await screen.findByText(OUTBOX_MESSAGES.queued)).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Terminer' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Démarrer' })).toBeNull();
  expect(fetchMock).not.toHaveBeenCalled();
  expect(await queued()).toMatchObject([
    { userId: 1, interventionId: 5, type: 'status', payload: { statut: 'EN_COURS' }, baseVersion: 4 },
  ]);
});

it('« Terminer » asks for both signatures first; they are kept before the close, in that order', async () => {
  const user = userEvent.setup();
  renderActions();
  await user.click(await screen.findByRole('button', { name: 'Démarrer' }));
  await user.click(await screen.findByRole('button', { name: 'Terminer' }));
  const submit = await screen.findByRole('button', { name: SIGNATURE_MESSAGES.submitAndClose });
  // Nothing signed yet: French messages, nothing kept but the start.
  await user.click(submit);
  expect(await screen.findByText(SIGNATURE_MESSAGES.nameRequired)).toBeInTheDocument();
  expect(screen.getByText(SIGNATURE_MESSAGES.clientMissing)).toBeInTheDocument();
  expect(screen.getByText(SIGNATURE_MESSAGES.technicianMissing)).toBeInTheDocument();
  expect(await queued()).toHaveLength(1);

  await user.type(screen.getByLabelText(new RegExp(SIGNATURE_MESSAGES.signerName)), 'Samir Alaoui');
  await user.type(screen.getByLabelText(SIGNATURE_MESSAGES.signerQualite), 'Chef de poste');
  await user.click(screen.getByRole('button', { name: `Signer : ${SIGNATURE_MESSAGES.clientSignature}` }));
  await user.click(screen.getByRole('button', { name: `Signer : ${SIGNATURE_MESSAGES.technicianSignature}` }));
  await user.click(submit);
  await waitFor(async () => expect(await queued()).toHaveLength(4));
  const rows = await queued();
  expect(rows.map((r) => [r.type, (r.payload as { role?: string; statut?: string }).role ?? r.payload])).toEqual([
    ['status', { statut: 'EN_COURS' }],
    ['signature', 'CLIENT'],
    ['signature', 'TECHNICIEN'],
    ['status', { statut: 'TERMINEE' }],
  ]);
  expect(rows[1]).toMatchObject({ payload: { nom: 'Samir Alaoui', qualite: 'Chef de poste' } });
  expect(rows[2]).toMatchObject({ payload: { nom: 'Yassine Idrissi', qualite: '' } });
  // (the PNG itself: fake-indexeddb clones a jsdom Blob as a plain object; a browser keeps the Blob)
  expect(rows[1]!.blob).toBeDefined();
});

it('when the client’s signature is required, the close cannot skip it', async () => {
  const user = userEvent.setup();
  online = true;
  renderActions({
    ...workflow({ required: true, signed: false }),
    statut: 'EN_COURS' as never,
    availableActions: detailActions('EN_COURS'),
  });
  await user.click(await screen.findByRole('button', { name: 'Terminer' }));
  expect(await screen.findByText(SIGNATURE_MESSAGES.required)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: SIGNATURE_MESSAGES.closeWithout })).toBeNull();
  expect(fetchMock).not.toHaveBeenCalled();
});
