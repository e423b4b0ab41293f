import { LIFECYCLE_LABELS as L, LIFECYCLE_MESSAGES } from '@gmao/domain/interventions/lifecycle-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { InterventionsList } from './interventions-list';
import { jsonResponse, listResponse, interventionRow as row } from './list-test-fixtures';

const granted = new Set<string>();

const json = jsonResponse;
const list = listResponse;
let fetchMock: ReturnType<typeof vi.fn>;
const calls = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([u]) => String(u));

beforeEach(() => {
  granted.clear();
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return json({ success: true, data: {}, message: LIFECYCLE_MESSAGES.softDeleted });
    if (init?.method === 'DELETE') return json({ success: true, data: null, message: LIFECYCLE_MESSAGES.forceDeleted });
    if (url.includes('scope=deleted')) return list([row(9, 'Poste corbeille', 'PLANIFIEE')]);
    if (url.includes('scope=archived')) return list([row(8, 'Poste archivé', 'TERMINEE')]);
    return list([row(1, 'Poste terminé', 'TERMINEE'), row(2, 'Poste en cours', 'EN_COURS')]);
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

describe('InterventionsList lifecycle', () => {
  it('archives closed records only and sends "Supprimer" to the trash after confirmation', async () => {
    granted.add('interventions:update').add('interventions:delete');
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Poste terminé');
    expect(screen.getByRole('button', { name: 'Actives' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('button', { name: L.archive })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: L.archive }));
    await vi.waitFor(() => expect(calls('PUT')).toEqual(['/api/interventions/1/archive']));

    const [, secondRowDelete] = screen.getAllByRole('button', { name: L.softDelete });
    if (!secondRowDelete) throw new Error('one delete button per row expected');
    await user.click(secondRowDelete);
    const dialog = await screen.findByRole('dialog', { name: L.softDeleteTitle });
    expect(dialog.textContent).toContain('Poste en cours');
    expect(dialog.textContent).toContain(L.softDeleteHint);
    await user.click(within(dialog).getByRole('button', { name: L.moveToTrash }));
    await vi.waitFor(() => expect(calls('PUT')).toContain('/api/interventions/2/soft-delete'));
  });

  it('the Corbeille restores or deletes for good with the spec confirmation', async () => {
    granted.add('interventions:delete');
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Corbeille' }));
    await screen.findByText('Poste corbeille');
    expect(calls('GET').some((u) => u.includes('scope=deleted'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Nouvelle Intervention' })).toBeNull();
    await user.click(screen.getByRole('button', { name: L.restore }));
    await vi.waitFor(() => expect(calls('PUT')).toEqual(['/api/interventions/9/restore']));

    await user.click(screen.getByRole('button', { name: L.forceDelete }));
    const dialog = await screen.findByRole('dialog', { name: L.forceDeleteTitle });
    expect(dialog.textContent).toContain(L.confirmPrefix);
    expect(dialog.textContent).toContain(L.irreversible);
    expect(calls('DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: L.forceDelete }));
    await vi.waitFor(() => expect(calls('DELETE')).toEqual(['/api/interventions/9/force']));
  });

  it('without interventions:delete (a technician) there is no Archiver nor Supprimer', async () => {
    granted.add('interventions:update');
    renderList();
    await screen.findByText('Poste terminé');
    expect(screen.queryByRole('button', { name: L.archive })).toBeNull();
    expect(screen.queryByRole('button', { name: L.softDelete })).toBeNull();
  });

  it('readers get no lifecycle actions on archived records', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Archivées' }));
    await screen.findByText('Poste archivé');
    expect(screen.queryByRole('button', { name: L.unarchive })).toBeNull();
    expect(screen.queryByRole('button', { name: L.softDelete })).toBeNull();
  });
});
