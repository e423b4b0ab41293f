import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { LIFECYCLE_LABELS as L, LIFECYCLE_MESSAGES } from '@gmao/domain/interventions/lifecycle-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { spyOnToasts } from '../../../../lib/testing/toasts';
import { notify } from '../../../../lib/toast';
import { InterventionsList } from './interventions-list';
import { listResponse, interventionRow as row } from './list-test-fixtures';

beforeEach(() => {
  spyOnToasts();
});

/** 'Supprimer' on an intervention (spec §8 "Intervention delete"): the message says where it went. */

let trash: () => Promise<Response>;
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) =>
      init?.method === 'PUT' ? trash() : listResponse([row(2, 'Poste en cours', 'EN_COURS')]),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

async function deleteRow() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <InterventionsList />
    </QueryClientProvider>,
    signedIn({ id: 1, nom: 'Nadia', role: 'Administrateur' }),
  );
  await user.click(await screen.findByRole('button', { name: L.softDelete }));
  const dialog = screen.getByRole('dialog', { name: L.softDeleteTitle });
  expect(dialog).toHaveTextContent("L'intervention sera déplacée dans la Corbeille");
  await user.click(within(dialog).getByRole('button', { name: L.moveToTrash }));
}

it("toasts 'Intervention supprimée avec succès', then where the intervention went (the server's message)", async () => {
  trash = () =>
    Promise.resolve(
      new Response(JSON.stringify({ success: true, data: {}, message: LIFECYCLE_MESSAGES.softDeleted }), {
        status: 200,
      }),
    );
  await deleteRow();
  await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith(LIFECYCLE_MESSAGES.softDeleted, 2000));
  expect(LIFECYCLE_MESSAGES.softDeleted.startsWith(MUTATION_MESSAGES.interventionDelete.success)).toBe(true);
  expect(LIFECYCLE_MESSAGES.softDeleted).toContain('restaurable depuis Interventions → Corbeille');
});

it("a failure without a server message toasts 'Erreur lors de la suppression de l'intervention' (4 s)", async () => {
  trash = () => Promise.reject(new TypeError('Failed to fetch'));
  await deleteRow();
  await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(MUTATION_MESSAGES.interventionDelete.failure, 4000));
});
