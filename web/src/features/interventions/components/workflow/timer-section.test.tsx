import { SYNC_MESSAGES } from '@gmao/domain/interventions/sync-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { TimerSection } from './timer-section';

const session = vi.hoisted(() => ({ granted: new Set<string>(), role: 'Technicien', userId: 1 }));
// The session user, read by the domain access policy.

const timerSession = (id: number, userId: number, nom: string) => ({
  id,
  user: { id: userId, nom },
  startedAt: '2026-11-27T08:00:00.000Z',
  stoppedAt: '2026-11-27T10:00:00.000Z',
  durationSeconds: 7200,
});
const log = {
  sessions: [timerSession(11, 1, 'Moi Technicien'), timerSession(12, 9, 'Collègue Technicien')],
  totalSeconds: 14400,
  perUser: [],
  running: null,
};
let fetchMock: ReturnType<typeof vi.fn>;
const sent = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === method);
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

beforeEach(() => {
  session.granted = new Set(['interventions:read', 'interventions:update']);
  session.role = 'Technicien';
  fetchMock = vi.fn((_url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE')
      return json(200, { success: true, data: { ...log, sessions: [log.sessions[1]] }, message: 'ok' });
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      if (Date.parse(body.startedAt) < Date.parse('2026-11-27T00:00:00Z'))
        return json(422, { success: false, message: SYNC_MESSAGES.timerBeforeCreation });
      return json(200, { success: true, data: log, message: 'Session de chronomètre corrigée' });
    }
    return json(200, { success: true, data: log });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderSection = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TimerSection interventionId={3} statut="EN_COURS" facts={{ createdBy: 9, technicianId: 1 }} />
    </QueryClientProvider>,
    signedIn({ id: session.userId, role: session.role, permissions: [...session.granted] }),
  );
const row = async (nom: string) => (await screen.findByText(new RegExp(nom))).closest('li') as HTMLElement;

describe('TimerSection: correcting and deleting sessions (issue 29)', () => {
  it('offers correction and deletion on the user’s own sessions only; an assigner gets them on every session', async () => {
    const { unmount } = renderSection();
    expect(within(await row('Moi Technicien')).getByRole('button', { name: /Corriger la session/ })).toBeTruthy();
    const other = await row('Collègue Technicien');
    expect(within(other).queryByRole('button', { name: /Corriger la session/ })).toBeNull();
    expect(within(other).queryByRole('button', { name: /Supprimer la session/ })).toBeNull();
    unmount();
    session.role = 'Responsable';
    session.granted.add('interventions:assign');
    renderSection();
    expect(within(await row('Collègue Technicien')).getByRole('button', { name: /Supprimer la session/ })).toBeTruthy();
  });

  it('deletes after confirmation only', async () => {
    renderSection();
    fireEvent.click(within(await row('Moi Technicien')).getByRole('button', { name: /Supprimer la session/ }));
    const dialog = await screen.findByRole('dialog');
    expect(sent('DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
    expect(sent('DELETE')[0]?.[0]).toBe('/api/interventions/3/timer/sessions/11');
  });

  it('a correction over 24 h is refused before sending; the server’s refusal shows under the fields', async () => {
    renderSection();
    fireEvent.click(within(await row('Moi Technicien')).getByRole('button', { name: /Corriger la session/ }));
    const start = screen.getByLabelText('Début');
    const stop = screen.getByLabelText('Fin');
    fireEvent.change(start, { target: { value: '2026-11-20T08:00' } });
    fireEvent.change(stop, { target: { value: '2026-11-27T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la correction' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SYNC_MESSAGES.timerTooLong);
    expect(sent('PUT')).toHaveLength(0);
    fireEvent.change(stop, { target: { value: '2026-11-20T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la correction' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SYNC_MESSAGES.timerBeforeCreation));
    fireEvent.change(start, { target: { value: '2026-11-27T09:00' } });
    fireEvent.change(stop, { target: { value: '2026-11-27T11:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la correction' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Enregistrer la correction' })).toBeNull());
    expect(sent('PUT')).toHaveLength(2);
    const [, init] = sent('PUT')[1] ?? [];
    const body = JSON.parse(String((init as RequestInit).body));
    expect(Date.parse(body.stoppedAt) - Date.parse(body.startedAt)).toBe(2 * 3_600_000);
  });
});
