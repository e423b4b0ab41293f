import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { HABILITATION_UI as HU } from '@gmao/domain/habilitations/habilitation-schemas';
import { FORM_STATUTS, STATUT_LABELS } from '@gmao/domain/interventions/status';
import { REOPEN_MESSAGES } from '@gmao/domain/interventions/workflow';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { spyOnToasts } from '../../../../lib/testing/toasts';
import { notify } from '../../../../lib/toast';
import { interventionRow } from '../list/list-test-fixtures';
import { InterventionFormModal } from './intervention-form-modal';

beforeEach(() => {
  spyOnToasts();
});

const granted = new Set<string>();

const equipment = {
  id: 3,
  nom: 'Moteur LS 200',
  type_equipement: null,
  marque: null,
  modele: null,
  proprietaire: { id: 2, nom_entreprise: 'Atlas Textiles' },
};
const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
let fetchMock: ReturnType<typeof vi.fn>;
let write: (() => Promise<Response>) | null = null;
const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) }));

beforeEach(() => {
  write = null;
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (write && (init?.method === 'POST' || init?.method === 'PUT')) return write();
    if (init?.method === 'POST' || init?.method === 'PUT') {
      return json({ success: true, data: interventionRow(9, 'Moteur LS 200'), message: undefined });
    }
    if (url.startsWith('/api/interventions/technicians')) {
      return json({
        success: true,
        data: [{ id: 147, nom: 'Youssef Benali', username: 'y.benali', role: 'Technicien' }],
      });
    }
    if (url.startsWith('/api/equipment')) {
      return json({ success: true, data: [equipment], pagination: { total: 1, pages: 1, page: 1, limit: 1000 } });
    }
    return json({ success: true, data: null });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderForm(props: Partial<Parameters<typeof InterventionFormModal>[0]> = {}) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <InterventionFormModal open onClose={onClose} {...props} />
    </QueryClientProvider>,
    signedIn({ permissions: [...granted] }),
  );
  return onClose;
}

const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('InterventionFormModal', () => {
  it('creating offers the statuses a new intervention may start in, PLANIFIEE by default, and sends the choice', async () => {
    const user = userEvent.setup();
    const onClose = renderForm({ defaultEquipementId: 3 });
    const statut = screen.getByLabelText('Statut');
    expect(statut).toHaveValue('PLANIFIEE');
    expect(optionLabels(statut)).toEqual(FORM_STATUTS.map((s) => STATUT_LABELS[s]));
    expect(optionLabels(statut)).toEqual(['Planifiée', 'En Attente PDR', 'En Cours', 'Terminée']);

    await user.selectOptions(statut, 'EN_ATTENTE_PDR');
    await user.click(screen.getByRole('button', { name: "Créer l'intervention" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('POST')).toEqual([
      {
        url: '/api/interventions',
        body: expect.objectContaining({ equipement_id: 3, statut: 'EN_ATTENTE_PDR', urgence: false }),
      },
    ]);
    expect(notify.success).toHaveBeenCalledWith(MUTATION_MESSAGES.interventionCreate.success, 2000);
    // the equipment dropdown loads every equipment (limit 1000, spec §7 and §9)
    expect(fetchMock).toHaveBeenCalledWith('/api/equipment?limit=1000', expect.anything());
  });

  it('does not close on an overlay click', async () => {
    const onClose = renderForm({ defaultEquipementId: 3 });
    await userEvent.click(screen.getByTestId('modal-overlay'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('creating without touching the status sends PLANIFIEE', async () => {
    const user = userEvent.setup();
    const onClose = renderForm({ defaultEquipementId: 3 });
    await user.click(screen.getByRole('button', { name: "Créer l'intervention" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('POST')[0]?.body.statut).toBe('PLANIFIEE');
  });

  it('a dispatcher (interventions:assign) may assign at creation; others do not see the field', async () => {
    const user = userEvent.setup();
    renderForm({ defaultEquipementId: 3 });
    expect(screen.queryByLabelText('Technicien assigné')).toBeNull();
    cleanup();
    granted.add('interventions:assign');
    const onClose = renderForm({ defaultEquipementId: 3 });
    const select = screen.getByLabelText('Technicien assigné');
    await screen.findByRole('option', { name: 'Youssef Benali — Technicien' });
    await user.selectOptions(select, '147');
    await user.click(screen.getByRole('button', { name: "Créer l'intervention" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('POST')[0]?.body.technicianId).toBe(147);
    granted.clear();
  });

  it('editing offers the current status and those reachable from it, and sends only the status', async () => {
    const user = userEvent.setup();
    const onClose = renderForm({ intervention: interventionRow(9, 'Moteur LS 200', 'EN_COURS') });
    const statut = screen.getByLabelText('Statut');
    expect(optionLabels(statut)).toEqual(['En Attente PDR', 'En Cours (actuel)', 'Terminée']);
    await user.selectOptions(statut, 'TERMINEE');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('PUT')).toEqual([{ url: '/api/interventions/9', body: { statut: 'TERMINEE' } }]);
  });

  it('editing the kind of work sends it (issue 34); a 422 HABILITATION_REQUISE is shown and the form stays', async () => {
    const user = userEvent.setup();
    const row = { ...interventionRow(9, 'Moteur LS 200', 'EN_COURS'), type_travail: 'NON_ELECTRIQUE' as const };
    const refusal = "Habilitation H2V requise — Karim Alaoui n'en a pas";
    write = () =>
      Promise.resolve(
        new Response(JSON.stringify({ success: false, code: 'HABILITATION_REQUISE', message: refusal }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        }),
      );
    const onClose = renderForm({ intervention: row });
    const kind = screen.getByLabelText(HU.typeTravail);
    expect(kind).toHaveValue('NON_ELECTRIQUE');
    await user.selectOptions(kind, 'HORS_TENSION');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(refusal, 4000));
    expect(onClose).not.toHaveBeenCalled();
    expect(sent('PUT')).toEqual([
      { url: '/api/interventions/9', body: { statut: 'EN_COURS', type_travail: 'HORS_TENSION' } },
    ]);
    // back to « Non précisé »: null is sent; accepted this time
    write = null;
    await user.selectOptions(kind, '');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('PUT')[1]).toEqual({ url: '/api/interventions/9', body: { statut: 'EN_COURS', type_travail: null } });
  });

  it('moving a finished intervention back to Planifiée asks for the motif first, then sends it (issue 30)', async () => {
    const user = userEvent.setup();
    const onClose = renderForm({ intervention: interventionRow(9, 'Moteur LS 200', 'TERMINEE') });
    await user.selectOptions(screen.getByLabelText('Statut'), 'PLANIFIEE');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { name: REOPEN_MESSAGES.confirmTitle });
    expect(sent('PUT')).toEqual([]);
    await user.type(within(dialog).getByLabelText(new RegExp(REOPEN_MESSAGES.motifLabel)), 'Fuite après clôture');
    await user.click(within(dialog).getByRole('button', { name: REOPEN_MESSAGES.confirm }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('PUT')).toEqual([
      { url: '/api/interventions/9', body: { statut: 'PLANIFIEE', motif: 'Fuite après clôture' } },
    ]);
  });

  it.each([
    ['creating', { defaultEquipementId: 3 }, "Créer l'intervention", "Création de l'intervention..."],
    [
      'a status change',
      { intervention: interventionRow(9, 'Moteur LS 200', 'EN_COURS') },
      'Enregistrer',
      'Mise à jour du statut...',
    ],
  ] as const)('%s shows its blocking overlay while saving', async (_case, props, submit, overlay) => {
    write = () => new Promise(() => {});
    const user = userEvent.setup();
    renderForm(props);
    if ('intervention' in props) await user.selectOptions(screen.getByLabelText('Statut'), 'TERMINEE');
    await user.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByRole('status')).toHaveTextContent(overlay);
  });

  it.each([
    ['creating', { defaultEquipementId: 3 }, "Créer l'intervention", MUTATION_MESSAGES.interventionCreate.failure],
    [
      'a status change',
      { intervention: interventionRow(9, 'Moteur LS 200', 'EN_COURS') },
      'Enregistrer',
      MUTATION_MESSAGES.statusUpdate.failure,
    ],
  ] as const)(
    '%s that fails without a server message shows the default error toast (4 s)',
    async (_case, props, submit, message) => {
      write = () => Promise.reject(new TypeError('Failed to fetch'));
      const user = userEvent.setup();
      const onClose = renderForm(props);
      if ('intervention' in props) await user.selectOptions(screen.getByLabelText('Statut'), 'TERMINEE');
      await user.click(screen.getByRole('button', { name: submit }));
      await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(message, 4000));
      expect(onClose).not.toHaveBeenCalled();
    },
  );
});
