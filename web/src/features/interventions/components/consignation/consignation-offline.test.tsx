import 'fake-indexeddb/auto';
import { CONSIGNATION_MESSAGES as M } from '@gmao/domain/habilitations/consignation';
import { CONSIGNATION_LABELS as L } from '@gmao/domain/habilitations/consignation-labels';
import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadOutbox } from '../../../../lib/offline/use-outbox';
import { STORAGE_KEYS } from '../../../../lib/session-storage';
import { signedIn } from '../../../../lib/testing/session';
import { interventionRow } from '../list/list-test-fixtures';
import { ConsignationSection } from './consignation-section';

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
const fetchMock = vi.fn((url: string, init?: RequestInit) => {
  if (init?.method === 'PUT') return Promise.reject(new TypeError('Failed to fetch'));
  if (String(url).includes('/technicians'))
    return json({ success: true, data: [{ id: 1, nom: 'Yassine Idrissi', username: 'y', role: 'Technicien' }] });
  return json({ success: true, data: null });
});

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => false);
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

describe('ConsignationSection offline', () => {
  it("checks with the server's schema, then keeps the record in the outbox, marked « en attente »", async () => {
    const user = userEvent.setup();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const intervention = interventionRow(5, 'Transformateur HTA', 'PLANIFIEE', {
      technicianId: 1,
      type_travail: 'CONSIGNATION',
      version: 3,
    });
    render(
      <QueryClientProvider client={queryClient}>
        <ConsignationSection intervention={intervention} />
      </QueryClientProvider>,
      signedIn({ id: 1, role: 'Technicien', permissions: ['interventions:read', 'interventions:update'] }),
    );
    await user.click(await screen.findByRole('button', { name: `${L.done} : Séparation` }));
    const ident = screen.getByRole('button', { name: `${L.done} : Identification de l'ouvrage` });
    await user.click(ident);
    await user.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      M.outOfOrder('Séparation', "Identification de l'ouvrage"),
    );
    expect(await (await loadOutbox()).db.outbox.count()).toBe(0);

    const row = screen.getByRole('listitem', { name: "Identification de l'ouvrage" });
    await user.click(within(row).getByRole('button', { name: `${L.undo} : Identification de l'ouvrage` }));
    await user.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByRole('status')).toHaveTextContent(OUTBOX_MESSAGES.queued);
    const kept = await (await loadOutbox()).db.outbox.toArray();
    expect(kept.map((c) => [c.type, c.interventionId, c.baseVersion])).toEqual([['consignation', 5, 3]]);
    expect((kept[0]!.payload as { etapes: { etape: string }[] }).etapes.map((s) => s.etape)).toEqual(['SEPARATION']);
    expect(await screen.findByTestId('pending-mark')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => c[1]?.method === 'PUT')).toBe(false);
  });
});
