import { CHECKLIST_MESSAGES } from '@gmao/domain/interventions/checklist-schemas';
import type { InterventionFacts } from '@gmao/domain/interventions/policy';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { ChecklistSection } from './checklist-section';

const granted = new Set<string>();
// The session user (#1, a technician holding the granted permissions), read by the domain access policy.
const mine: InterventionFacts = { createdBy: 1, technicianId: null };
const othersFacts: InterventionFacts = { createdBy: 9, technicianId: 8 };

const item = (id: number, label: string, checked: boolean) => ({
  id,
  label,
  position: id,
  checked,
  checkedAt: checked ? '2026-01-01T10:00:00.000Z' : null,
  checkedBy: checked ? { id: 1, nom: 'Admin' } : null,
});
const items = [item(1, 'Contrôle visuel', true), item(2, "Mesure d'isolement", false)];
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  granted.clear();
  fetchMock = vi.fn((_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT')
      return json(200, {
        success: true,
        data: { items: items.map((i) => ({ ...i, checked: true })), done: 2, total: 2 },
      });
    return json(200, { success: true, data: { items, done: 1, total: 2 } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderSection(facts = mine) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ChecklistSection interventionId={5} facts={facts} />
    </QueryClientProvider>,
    signedIn({ id: 1, role: 'Technicien', permissions: [...granted] }),
  );
}

describe('ChecklistSection', () => {
  it('shows the items and the N/M progress; readers cannot tick or edit', async () => {
    renderSection();
    expect(await screen.findByLabelText('Contrôle visuel')).toBeChecked();
    expect(screen.getByTestId('checklist-progress').textContent).toBe('1/2');
    expect(screen.getByRole('progressbar', { name: 'Avancement de la checklist' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    expect(screen.getByLabelText("Mesure d'isolement")).toBeDisabled();
    expect(screen.queryByRole('form', { name: 'Ajouter une étape' })).toBeNull();
  });

  it('a technician cannot tick or edit the checklist of an intervention that is not his', async () => {
    granted.add('interventions:update');
    renderSection(othersFacts);
    expect(await screen.findByLabelText("Mesure d'isolement")).toBeDisabled();
    expect(screen.queryByRole('form', { name: 'Ajouter une étape' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retirer Contrôle visuel' })).toBeNull();
  });

  it('ticks an item (PUT {checked: true}) and updates the progress', async () => {
    granted.add('interventions:update');
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByLabelText("Mesure d'isolement"));
    await vi.waitFor(() => expect(screen.getByTestId('checklist-progress').textContent).toBe('2/2'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/interventions/5/checklist/2');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ checked: true });
  });

  it('validates a new step with the domain message and asks before removing one', async () => {
    granted.add('interventions:update');
    const user = userEvent.setup();
    renderSection();
    const form = await screen.findByRole('form', { name: 'Ajouter une étape' });
    await user.click(within(form).getByRole('button', { name: 'Ajouter l’étape' }));
    expect(await within(form).findByText(CHECKLIST_MESSAGES.labelRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Retirer Contrôle visuel' }));
    const dialog = await screen.findByRole('dialog', { name: "Retirer l'étape" });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    await vi.waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, init]) => init?.method === 'DELETE' && u === '/api/interventions/5/checklist/1'),
      ).toBe(true),
    );
  });
});
