import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OfflineDb, Outbox } from '../../lib/offline/outbox';
import { OutboxConflicts } from './outbox-conflicts';

describe('refused offline changes', () => {
  it('lists each with its reason and the server state; retry or discard acts on that change only', async () => {
    const box = new Outbox(new OfflineDb('conflicts-ui'));
    const base = { userId: 3, interventionId: 41, at: '2026-11-28T07:42:00Z', payload: {}, baseVersion: 4 };
    await box.enqueue({ ...base, clientId: 'a', type: 'status' });
    await box.enqueue({ ...base, clientId: 'b', type: 'material' });
    const [a, b] = await box.pending(3);
    const server = { id: 41, statut: 'ANNULEE', version: 9 };
    await box.db.outbox.update(a!.seq!, { state: 'conflict', reason: 'Transition non autorisée', serverValue: server });
    await box.db.outbox.update(b!.seq!, { state: 'conflict', reason: 'Intervention annulée', serverValue: server });

    render(<OutboxConflicts box={box} userId={3} />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Transition non autorisée')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/statut ANNULEE, version 9/)).toBeInTheDocument();

    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Abandonner' }));
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Renvoyer sur la valeur du serveur' }));
    await expect.poll(() => screen.queryAllByRole('listitem').length).toBe(0);
    const [retried] = await box.pending(3);
    expect(retried).toMatchObject({ type: 'status', baseVersion: 9 });
    expect(retried!.clientId).not.toBe('a');
    expect(await box.db.outbox.count()).toBe(1);
  });
});
