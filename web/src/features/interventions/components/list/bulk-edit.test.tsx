import type { TechnicianOption } from '@gmao/domain/interventions/assignment-schemas';
import { BULK_MESSAGES, BULK_LABELS as L } from '@gmao/domain/interventions/bulk-schemas';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { REOPEN_MESSAGES } from '@gmao/domain/interventions/workflow';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import * as interventionToasts from '../intervention-toasts';
import { InterventionsList } from './interventions-list';
import { jsonResponse, listResponse, interventionRow as row } from './list-test-fixtures';

const granted = new Set<string>();
// The intervention toasts, stubbed on the module (spies, not a vi.mock: the file shares its worker): the success
// message shown (the server's, else the fallback) and the error's fallback, without the durations.
const toasts = { success: vi.fn(), error: vi.fn() };
beforeEach(() => {
  vi.spyOn(interventionToasts, 'toastInterventionSuccess').mockImplementation((message, fallback) =>
    toasts.success(message || fallback),
  );
  vi.spyOn(interventionToasts, 'toastInterventionError').mockImplementation((_err, fallback) => toasts.error(fallback));
});

const technician: TechnicianOption = { id: 7, nom: 'Karim Tech', username: 'karim', role: 'Technicien' };
const refusal = {
  success: false,
  message: BULK_MESSAGES.refused(1, 2),
  failed: [{ id: 2, reason: 'Transition non autorisée : Terminée → En Cours' }],
};
/** The next answer of a bulk write: refused (422, with the failures) or accepted. */
let nextBulk: 'refuse' | 'accept' | 'motif';
let fetchMock: ReturnType<typeof vi.fn>;
const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT' || init?.method === 'DELETE')
    .map(([u, init]) => [init?.method, String(u), JSON.parse(String(init?.body))]);

beforeEach(() => {
  granted.clear();
  granted.add('interventions:update').add('interventions:assign').add('interventions:delete');
  toasts.success.mockClear();
  toasts.error.mockClear();
  nextBulk = 'accept';
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'PUT' || init?.method === 'DELETE') {
      if (nextBulk === 'motif') {
        nextBulk = 'accept';
        const msg = REOPEN_MESSAGES.motifRequired;
        const body = JSON.stringify({ success: false, message: msg, details: [{ field: 'motif', msg }] });
        return Promise.resolve(new Response(body, { status: 400, headers: { 'content-type': 'application/json' } }));
      }
      if (nextBulk === 'refuse') {
        return Promise.resolve(
          new Response(JSON.stringify(refusal), { status: 422, headers: { 'content-type': 'application/json' } }),
        );
      }
      return jsonResponse({ success: true, data: { count: 2, ids: [1, 2] }, message: BULK_MESSAGES.updated(2) });
    }
    if (url.includes('/technicians')) return jsonResponse<TechnicianOption[]>({ success: true, data: [technician] });
    const planned: Partial<Intervention> = {
      plannedAt: '2026-12-15T07:30:00.000Z',
      plannedWallClock: { date: '2026-12-15', time: '08:30', zone: 'Africa/Casablanca' as const },
      dureePrevue: 120,
    };
    return listResponse([row(1, 'Poste A', 'PLANIFIEE', planned), row(2, 'Poste B', 'TERMINEE')]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function selectBoth() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <InterventionsList />
    </QueryClientProvider>,
    signedIn({ id: 1, nom: 'Nadia', role: 'Responsable', permissions: [...granted] }),
  );
  await user.click(await screen.findByRole('checkbox', { name: L.selectRow(1) }));
  await user.click(screen.getByRole('checkbox', { name: L.selectRow(2) }));
  return { user, bar: screen.getByRole('region', { name: L.bar }) };
}

describe('list: planned column', () => {
  it('shows the planned start on Casablanca’s clock and its duration', async () => {
    await selectBoth();
    const planned = screen.getByRole('row', { name: /Poste A/ });
    // under the date, in the same cell (one column where there were two: issue 30 item 6)
    expect(within(planned).getByText(/Prévue (le 15\/12\/2026 à|à) 08:30 \(2 h\)/)).toBeInTheDocument();
  });
});

describe('bulk edit', () => {
  it('sends only the fields the user opted in, then clears the selection', async () => {
    const { user, bar } = await selectBoth();
    await user.click(within(bar).getByRole('button', { name: L.edit }));
    const modal = screen.getByRole('dialog', { name: L.editTitle(2) });
    const date = within(modal).getByLabelText(L.fieldLabel.date);
    expect(date).toBeDisabled();
    await user.click(within(modal).getByRole('button', { name: L.apply }));
    expect(await within(modal).findByText(BULK_MESSAGES.nothingToChange)).toBeInTheDocument();

    await user.click(within(modal).getByRole('checkbox', { name: L.editField.date }));
    await user.type(date, '2026-12-15');
    await user.click(within(modal).getByRole('checkbox', { name: L.editField.technicianId }));
    await vi.waitFor(() => expect(within(modal).getByRole('option', { name: 'Karim Tech' })).toBeInTheDocument());
    await user.selectOptions(within(modal).getByLabelText(L.fieldLabel.technicianId), '7');
    await user.click(within(modal).getByRole('button', { name: L.apply }));
    await vi.waitFor(() =>
      expect(writes()).toEqual([
        ['PUT', '/api/interventions/bulk', { ids: [1, 2], data: { date: '2026-12-15', technicianId: 7 } }],
      ]),
    );
    expect(toasts.success).toHaveBeenCalledWith(BULK_MESSAGES.updated(2));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: L.bar })).toBeNull());
  });

  it('a refusal lists each failed intervention and why, and keeps the selection', async () => {
    nextBulk = 'refuse';
    const { user, bar } = await selectBoth();
    await user.click(within(bar).getByRole('button', { name: L.edit }));
    const modal = screen.getByRole('dialog', { name: L.editTitle(2) });
    await user.click(within(modal).getByRole('checkbox', { name: L.editField.statut }));
    await user.selectOptions(within(modal).getByLabelText(L.fieldLabel.statut), 'EN_COURS');
    await user.click(within(modal).getByRole('button', { name: L.apply }));
    const alert = await within(modal).findByRole('alert');
    expect(alert).toHaveTextContent(L.failures);
    expect(alert).toHaveTextContent(L.failure(2, 'Transition non autorisée : Terminée → En Cours'));
    expect(toasts.success).not.toHaveBeenCalled();
    expect(screen.getByRole('region', { name: L.bar })).toHaveTextContent(L.selected(2));
  });
});

describe('bulk edit reopening finished interventions (issue 30)', () => {
  it('the server asks for the motif: the modal asks the user, then sends the same change with it', async () => {
    nextBulk = 'motif';
    const { user, bar } = await selectBoth();
    await user.click(within(bar).getByRole('button', { name: L.edit }));
    const modal = screen.getByRole('dialog', { name: L.editTitle(2) });
    await user.click(within(modal).getByRole('checkbox', { name: L.editField.statut }));
    await user.selectOptions(within(modal).getByLabelText(L.fieldLabel.statut), 'PLANIFIEE');
    await user.click(within(modal).getByRole('button', { name: L.apply }));
    const dialog = await screen.findByRole('dialog', { name: REOPEN_MESSAGES.confirmTitle });
    await user.type(within(dialog).getByLabelText(new RegExp(REOPEN_MESSAGES.motifLabel)), 'Contrôle refait');
    await user.click(within(dialog).getByRole('button', { name: REOPEN_MESSAGES.confirm }));
    await vi.waitFor(() =>
      expect(writes()).toEqual([
        ['PUT', '/api/interventions/bulk', { ids: [1, 2], data: { statut: 'PLANIFIEE' } }],
        ['PUT', '/api/interventions/bulk', { ids: [1, 2], data: { statut: 'PLANIFIEE', motif: 'Contrôle refait' } }],
      ]),
    );
    expect(toasts.error).not.toHaveBeenCalled();
  });
});

describe('bulk move to the Corbeille', () => {
  it('asks a confirmation naming the count, then sends DELETE /bulk with the ids', async () => {
    const { user, bar } = await selectBoth();
    await user.click(within(bar).getByRole('button', { name: L.trash }));
    const dialog = screen.getByRole('dialog', { name: L.trashConfirm(2) });
    expect(L.trashConfirm(2)).toBe('Mettre 2 interventions à la corbeille ?');
    await user.click(within(dialog).getByRole('button', { name: L.trash }));
    await vi.waitFor(() => expect(writes()).toEqual([['DELETE', '/api/interventions/bulk', { ids: [1, 2] }]]));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: L.bar })).toBeNull());
  });

  it('a refusal stays in the dialog with the failures; cancelling keeps the selection', async () => {
    nextBulk = 'refuse';
    const { user, bar } = await selectBoth();
    await user.click(within(bar).getByRole('button', { name: L.trash }));
    const dialog = screen.getByRole('dialog', { name: L.trashConfirm(2) });
    await user.click(within(dialog).getByRole('button', { name: L.trash }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      L.failure(2, 'Transition non autorisée : Terminée → En Cours'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.getByRole('region', { name: L.bar })).toHaveTextContent(L.selected(2));
  });

  it('is offered to holders of interventions:delete only', async () => {
    granted.delete('interventions:delete');
    const { bar } = await selectBoth();
    expect(within(bar).queryByRole('button', { name: L.trash })).toBeNull();
    expect(within(bar).getByRole('button', { name: L.edit })).toBeInTheDocument();
  });
});
