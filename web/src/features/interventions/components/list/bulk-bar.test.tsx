import type { TechnicianOption } from '@gmao/domain/interventions/assignment-schemas';
import { BULK_LABELS as L } from '@gmao/domain/interventions/bulk-schemas';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { REOPEN_MESSAGES } from '@gmao/domain/interventions/workflow';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { InterventionsList } from './interventions-list';
import { jsonResponse, listResponse as list, interventionRow as row } from './list-test-fixtures';

const granted = new Set<string>();

const json = jsonResponse;
const technician: TechnicianOption = { id: 7, nom: 'Karim Tech', username: 'karim', role: 'Technicien' };
let fetchMock: ReturnType<typeof vi.fn>;
const puts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([u, init]) => [String(u), JSON.parse(String(init?.body))]);

beforeEach(() => {
  granted.clear();
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return json({ success: true, data: { count: 2 }, message: 'ok' });
    if (url.includes('/technicians')) return json<TechnicianOption[]>({ success: true, data: [technician] });
    // Rows 1 and 3 were created by the session user; row 2 belongs to another technician.
    const mine: Partial<Intervention> = { creerPar: { id: 1, nom: 'Karim' } };
    const theirs: Partial<Intervention> = {
      creerPar: { id: 9, nom: 'Autre' },
      technicianId: 8,
      technician: { id: 8, nom: 'Badr' },
    };
    return list([
      row(1, 'Poste A', 'PLANIFIEE', mine),
      row(2, 'Poste B', 'PLANIFIEE', theirs),
      row(3, 'Poste C', 'PLANIFIEE', mine),
    ]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <InterventionsList />
    </QueryClientProvider>,
    signedIn({ id: 1, nom: 'Karim', role: 'Technicien', permissions: [...granted] }),
  );
}

describe('InterventionsList bulk actions', () => {
  it('a technician selects his own rows only, changes their status (no bulk assignment), then clears', async () => {
    granted.add('interventions:update');
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('checkbox', { name: L.selectRow(1) }));
    await user.click(screen.getByRole('checkbox', { name: L.selectRow(3) }));
    expect(screen.queryByRole('checkbox', { name: L.selectRow(2) })).toBeNull();
    const bar = screen.getByRole('region', { name: L.bar });
    expect(within(bar).getByText(L.selected(2))).toBeInTheDocument();
    expect(within(bar).queryByLabelText(L.technician)).toBeNull();
    expect(within(bar).getByRole('button', { name: L.applyStatus })).toBeDisabled();
    await user.selectOptions(within(bar).getByLabelText(L.status), 'EN_COURS');
    await user.click(within(bar).getByRole('button', { name: L.applyStatus }));
    await vi.waitFor(() =>
      expect(puts()).toEqual([['/api/interventions/bulk/status', { ids: [1, 3], status: 'EN_COURS' }]]),
    );
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: L.bar })).toBeNull());
  });

  it('a selection with finished interventions: the server asks for the motif, the bar asks the user, sends it (issue 30)', async () => {
    granted.add('interventions:update');
    const base = fetchMock.getMockImplementation() as (url: string, init?: RequestInit) => Promise<Response>;
    let asked = false;
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (init?.method === 'PUT' && !asked) {
        asked = true;
        const msg = REOPEN_MESSAGES.motifRequired;
        const body = JSON.stringify({ success: false, message: msg, details: [{ field: 'motif', msg }] });
        return Promise.resolve(new Response(body, { status: 400, headers: { 'content-type': 'application/json' } }));
      }
      return base(url, init);
    });
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('checkbox', { name: L.selectRow(1) }));
    const bar = screen.getByRole('region', { name: L.bar });
    await user.selectOptions(within(bar).getByLabelText(L.status), 'PLANIFIEE');
    await user.click(within(bar).getByRole('button', { name: L.applyStatus }));
    const dialog = await screen.findByRole('dialog', { name: REOPEN_MESSAGES.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: REOPEN_MESSAGES.confirm }));
    expect(await within(dialog).findByText(REOPEN_MESSAGES.motifRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(new RegExp(REOPEN_MESSAGES.motifLabel)), 'Erreur de clôture');
    await user.click(within(dialog).getByRole('button', { name: REOPEN_MESSAGES.confirm }));
    await vi.waitFor(() =>
      expect(puts()).toEqual([
        ['/api/interventions/bulk/status', { ids: [1], status: 'PLANIFIEE' }],
        ['/api/interventions/bulk/status', { ids: [1], status: 'PLANIFIEE', motif: 'Erreur de clôture' }],
      ]),
    );
  });

  it('a responsable (interventions:assign) selects the whole page and assigns a technician', async () => {
    granted.add('interventions:update').add('interventions:assign');
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('checkbox', { name: L.selectPage }));
    const bar = screen.getByRole('region', { name: L.bar });
    expect(within(bar).getByText(L.selected(3))).toBeInTheDocument();
    await vi.waitFor(() => expect(within(bar).getByRole('option', { name: 'Karim Tech' })).toBeInTheDocument());
    await user.selectOptions(within(bar).getByLabelText(L.technician), '7');
    await user.click(within(bar).getByRole('button', { name: L.assign }));
    await vi.waitFor(() =>
      expect(puts()).toEqual([['/api/interventions/bulk/assign', { ids: [1, 2, 3], technicianId: 7 }]]),
    );
  });

  it('readers get no selection', async () => {
    renderList();
    await screen.findByText('Poste A');
    expect(screen.queryByRole('checkbox', { name: L.selectPage })).toBeNull();
  });
});
