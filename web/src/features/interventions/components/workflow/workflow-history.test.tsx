import type { HistoryEntry } from '@gmao/domain/interventions/intervention-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { WorkflowHistory } from './workflow-history';

const entry = (id: number, createdAt: Date, from: string | null, to: string | null, note: string | null = null) =>
  ({
    id,
    fromStatut: from,
    toStatut: to,
    note,
    createdAt: createdAt.toISOString(),
    user: { id: 1, nom: 'Nadia El Fassi' },
  }) as HistoryEntry;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 12, 15, 30));
});
afterEach(() => vi.useRealTimers());

it('dates each entry the relative way of spec §9, newest first, the exact time in the tooltip', () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WorkflowHistory
        interventionId={4}
        entries={[
          entry(1, new Date(2026, 1, 20, 8, 0), null, 'PLANIFIEE'),
          entry(2, new Date(2026, 2, 9, 10, 0), 'PLANIFIEE', 'EN_COURS'),
          entry(3, new Date(2026, 2, 11, 18, 0), 'EN_COURS', 'EN_PAUSE'),
          entry(4, new Date(2026, 2, 12, 8, 45), null, null, 'Pièce commandée'),
        ]}
      />
    </QueryClientProvider>,
    signedIn({}),
  );
  const rows = within(screen.getByRole('list', { name: 'Historique' })).getAllByRole('listitem');
  const times = rows.map((li) => li.querySelector('time'));
  expect(times.map((t) => t?.textContent)).toEqual(['08:45', 'Hier', 'Il y a 3 jours', '20/02/2026']);
  expect(times[1]).toHaveAttribute('title', '11/03/2026 18:00');
  expect(rows[0]).toHaveTextContent('Pièce commandée');
});

it("a history note is a 'Note de suivi', told apart from the 'Commentaires' section (issue 30)", () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WorkflowHistory
        interventionId={4}
        entries={[entry(4, new Date(2026, 2, 12, 8, 45), null, null, 'Pièce commandée')]}
      />
    </QueryClientProvider>,
    signedIn({}),
  );
  const row = within(screen.getByRole('list', { name: 'Historique' })).getByRole('listitem');
  expect(row).toHaveTextContent(/^Note de suivi/);
});
