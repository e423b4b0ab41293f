import 'fake-indexeddb/auto';
import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { loadOutbox, notifyOutboxChanged } from '../../lib/offline/use-outbox';
import { STORAGE_KEYS } from '../../lib/session-storage';
import { QueuedStatusBadge } from './queued-status-badge';

beforeEach(async () => {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 3, nom: 'Yassine Idrissi', role: 'Technicien' }));
  await (await loadOutbox()).db.outbox.clear();
});
afterEach(() => localStorage.clear());

const move = async (interventionId: number, statut: string, userId = 3) =>
  (await loadOutbox()).enqueue({
    userId,
    interventionId,
    type: 'status',
    at: '2026-11-28T07:42:00+01:00',
    payload: { statut },
    baseVersion: 1,
  });

it('a row shows the status moved to on the phone, marked « en attente », until the outbox sends it', async () => {
  render(
    <ul>
      <li data-testid="row-7">
        <QueuedStatusBadge id={7} statut="PLANIFIEE" />
      </li>
      <li data-testid="row-8">
        <QueuedStatusBadge id={8} statut="PLANIFIEE" />
      </li>
    </ul>,
  );
  expect(screen.getByTestId('row-7').textContent).toBe('Planifiée');
  await move(7, 'EN_COURS');
  await move(7, 'TERMINEE');
  await move(8, 'EN_COURS', 4); // another user's phone session: not his
  await act(async () => notifyOutboxChanged());
  await screen.findByText(OUTBOX_MESSAGES.pendingMark);
  expect(screen.getByTestId('row-7').textContent).toBe(`Terminée${OUTBOX_MESSAGES.pendingMark}`);
  expect(screen.getByTestId('row-8').textContent).toBe('Planifiée');
  await (await loadOutbox()).db.outbox.clear();
  await act(async () => notifyOutboxChanged());
  await waitFor(() => expect(screen.getByTestId('row-7').textContent).toBe('Planifiée'));
});
