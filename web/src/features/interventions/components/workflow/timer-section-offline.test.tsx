import 'fake-indexeddb/auto';
import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { loadOutbox } from '../../../../lib/offline/use-outbox';
import { STORAGE_KEYS } from '../../../../lib/session-storage';
import { signedIn } from '../../../../lib/testing/session';
import { TimerSection } from './timer-section';

// The technician (#1) working on the intervention, read by the domain access policy.

const emptyLog = { sessions: [], totalSeconds: 0, perUser: [], running: null };
let log: unknown = emptyLog;
let online = true;
const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
  online
    ? Promise.resolve(
        new Response(JSON.stringify({ success: true, data: log }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      )
    : Promise.reject(new TypeError('Failed to fetch')),
);
beforeEach(async () => {
  online = true;
  log = emptyLog;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, nom: 'Yassine Idrissi', role: 'Technicien' }));
  await (await loadOutbox()).db.outbox.clear();
  fetchMock.mockClear();
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const facts = { createdBy: 9, technicianId: 1 };
const view = () => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <TimerSection interventionId={6} statut="EN_COURS" facts={facts} version={3} />
  </QueryClientProvider>
);

it('offline, the timer running on the server is stopped on the phone: a timer_stop dated now waits, shown stopped and marked', async () => {
  const user = userEvent.setup();
  const startedAt = new Date(Date.now() - 3_600_000).toISOString();
  const session = { id: 4, user: { id: 1, nom: 'Yassine Idrissi' }, startedAt, stoppedAt: null, durationSeconds: 3600 };
  log = {
    sessions: [session],
    totalSeconds: 3600,
    perUser: [{ user: session.user, totalSeconds: 3600 }],
    running: session,
  };
  render(view(), signedIn({ id: 1, role: 'Technicien', permissions: ['interventions:read', 'interventions:update'] }));
  const stop = await screen.findByRole('button', { name: 'Arrêter le chronomètre' });
  expect(screen.getByText(/Votre chronomètre tourne/)).toBeInTheDocument();
  online = false;
  const before = Date.now();
  await user.click(stop);
  await waitFor(async () => expect(await (await loadOutbox()).db.outbox.count()).toBe(1));
  const [row] = await (await loadOutbox()).db.outbox.toArray();
  expect(row).toMatchObject({ userId: 1, interventionId: 6, type: 'timer_stop', payload: {}, baseVersion: 3 });
  expect(Date.parse(row!.at)).toBeGreaterThanOrEqual(before - 1000);
  expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  // Shown stopped, marked « en attente »; a new start would be timed on the phone.
  const stopped = await screen.findByText(/Chronomètre arrêté hors ligne à/);
  expect(stopped).toHaveTextContent(OUTBOX_MESSAGES.pendingMark);
  expect(screen.queryByText(/Votre chronomètre tourne/)).toBeNull();
  expect(screen.getByRole('button', { name: 'Lancer le chronomètre' })).toBeInTheDocument();
});

it('offline, the timer runs on the phone (kept through a remount) and its stop queues one session', async () => {
  const user = userEvent.setup();
  const first = render(
    view(),
    signedIn({ id: 1, role: 'Technicien', permissions: ['interventions:read', 'interventions:update'] }),
  );
  const start = await screen.findByRole('button', { name: 'Lancer le chronomètre' });
  online = false;
  await user.click(start);
  expect(await screen.findByText(/Chronomètre démarré hors ligne à/)).toBeInTheDocument();
  expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);

  // The app closed and opened again: the start is still there.
  first.unmount();
  online = true;
  render(view(), signedIn({ id: 1, role: 'Technicien', permissions: ['interventions:read', 'interventions:update'] }));
  await screen.findByText(/Chronomètre démarré hors ligne à/);
  online = false;
  await user.click(screen.getByRole('button', { name: 'Arrêter le chronomètre' }));
  await waitFor(async () => expect(await (await loadOutbox()).db.outbox.count()).toBe(1));
  const [row] = await (await loadOutbox()).db.outbox.toArray();
  const session = row!.payload as { startedAt: string; stoppedAt: string };
  expect(row).toMatchObject({ userId: 1, interventionId: 6, type: 'timer', baseVersion: 3, state: 'pending' });
  expect(Date.parse(session.stoppedAt)).toBeGreaterThanOrEqual(Date.parse(session.startedAt));
  expect(screen.queryByText(/Chronomètre démarré hors ligne à/)).toBeNull();
  expect(await screen.findByRole('list', { name: OUTBOX_MESSAGES.pendingSessions })).toBeInTheDocument();
});
