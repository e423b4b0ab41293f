import { CUSTOM_FIELD_MESSAGES as M } from '@gmao/domain/custom-fields/custom-field-messages';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { getCustomFieldDefinitionsQueryOptions } from '../../api/get-custom-field-definitions';
import * as interventionToasts from '../intervention-toasts';
import { interventionRow, jsonResponse } from '../list/list-test-fixtures';
import { definitions, definitionsResponse } from './custom-field-test-fixtures';
import { CustomFieldsSection } from './custom-fields-section';

const granted = new Set<string>();
// The session user (#1, a technician holding the granted permissions), read by the domain access policy.
// The intervention toasts, stubbed on the module (spies, not a vi.mock: the file shares its worker): the success
// message shown (the server's, else the fallback) and the error's fallback, without the durations.
const toasts = { success: vi.fn(), error: vi.fn() };
beforeEach(() => {
  vi.spyOn(interventionToasts, 'toastInterventionSuccess').mockImplementation((message, fallback) =>
    toasts.success(message || fallback),
  );
  vi.spyOn(interventionToasts, 'toastInterventionError').mockImplementation((_err, fallback) => toasts.error(fallback));
});

const transformer = (extra: Partial<Intervention> = {}) => {
  const row = interventionRow(4, 'Transfo TR1', 'EN_COURS', { creerPar: { id: 1, nom: 'Moi' }, ...extra });
  return { ...row, equipement: { ...row.equipement, type_equipement: 'TRANSFORMATEUR' } };
};

let fetchMock: ReturnType<typeof vi.fn>;
let putAnswer: () => Promise<Response>;
const puts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String((init as RequestInit).body)) }));

beforeEach(() => {
  granted.clear();
  toasts.success.mockClear();
  toasts.error.mockClear();
  putAnswer = () => jsonResponse({ success: true, data: transformer(), message: M.saved });
  fetchMock = vi.fn((_url: string, init?: RequestInit) =>
    init?.method === 'PUT' ? putAnswer() : definitionsResponse(),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderSection(intervention: Intervention) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <CustomFieldsSection intervention={intervention} />
    </QueryClientProvider>,
    signedIn({ id: 1, role: 'Technicien', permissions: [...granted] }),
  );
  return { ...view, queryClient };
}

describe('CustomFieldsSection', () => {
  it("shows the fields of the equipment's type and the global ones, values formatted as in the exports", async () => {
    renderSection(transformer({ custom_fields: { puissance: 1250.5, essai_le: '2026-03-05', batteries_ok: true } }));
    const section = await screen.findByRole('region', { name: M.title });
    const value = (label: string) => within(section).getByText(label).nextElementSibling?.textContent;
    expect(value('Puissance')?.replace(/[\u00a0\u202f]/g, ' ')).toBe('1 250,5 kVA');
    expect(value("Date d'essai")).toBe('05/03/2026');
    expect(value('Bon de commande client')).toBe('-');
    expect(value('Refroidissement')).toBe('-');
    // A value of a field that does not apply (a UPS field) is not shown.
    expect(within(section).queryByText('Batteries conformes')).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/interventions/custom-fields');
  });

  it('is not shown when no field applies to the equipment', async () => {
    const row = interventionRow(5, 'Onduleur', 'PLANIFIEE');
    fetchMock.mockImplementation(() => definitionsResponse(definitions.slice(1)));
    const { queryClient } = renderSection({
      ...row,
      equipement: { ...row.equipement, type_equipement: 'COMPRESSEUR' },
    });
    const { queryKey } = getCustomFieldDefinitionsQueryOptions();
    await waitFor(() => expect(queryClient.getQueryState(queryKey)?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: M.title })).toBeNull();
  });

  it('offers no Modifier to a technician on an intervention he neither created nor holds, nor to a reader', async () => {
    granted.add('interventions:read').add('interventions:update');
    const others = renderSection(transformer({ creerPar: { id: 9, nom: 'Autre' }, technicianId: 8 }));
    const section = await screen.findByRole('region', { name: M.title });
    expect(within(section).getByText(M.noValue)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: M.editValues })).toBeNull();
    others.unmount();

    // His own intervention: the button is there while he holds interventions:update, not without it.
    const own = renderSection(transformer());
    await within(await screen.findByRole('region', { name: M.title })).findByRole('button', { name: M.editValues });
    own.unmount();
    granted.delete('interventions:update');
    renderSection(transformer());
    const reader = await screen.findByRole('region', { name: M.title });
    expect(within(reader).queryByRole('button', { name: M.editValues })).toBeNull();
  });

  it('checks the required field like the server, then sends every applicable field typed', async () => {
    granted.add('interventions:update');
    renderSection(transformer({ custom_fields: { puissance: 630, essai_le: '2026-03-05' } }));
    const section = await screen.findByRole('region', { name: M.title });
    await userEvent.click(within(section).getByRole('button', { name: M.editValues }));
    const form = within(section).getByRole('form', { name: M.formLabel });
    expect(within(form).getByLabelText(/Puissance/)).toHaveValue('630');
    expect(within(form).getByText('kVA')).toBeInTheDocument();
    expect(
      within(form)
        .getByLabelText(/Bon de commande client/)
        .closest('div')?.textContent,
    ).toContain('*');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText(M.required('Bon de commande client'))).toBeInTheDocument();
    expect(within(form).getByLabelText(/Bon de commande client/)).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toEqual([]);

    await userEvent.type(within(form).getByLabelText(/Bon de commande client/), 'BC-2026-118');
    const puissance = within(form).getByLabelText(/Puissance/);
    await userEvent.clear(puissance);
    await userEvent.type(puissance, '1250,5');
    await userEvent.selectOptions(within(form).getByLabelText(/Refroidissement/), 'ONAF');
    await userEvent.clear(within(form).getByLabelText(/Date d'essai/));
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(M.saved));
    expect(puts()).toEqual([
      {
        url: '/api/interventions/4/custom-fields',
        body: { values: { bon_commande: 'BC-2026-118', puissance: 1250.5, refroidissement: 'ONAF', essai_le: null } },
      },
    ]);
    await waitFor(() => expect(within(section).queryByRole('form')).toBeNull());
  });

  it("puts the server's message on its field and stays in the form", async () => {
    granted.add('interventions:update');
    putAnswer = () =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            success: false,
            message: M.notChoice('Refroidissement', ['ONAN', 'ONAF']),
            details: [{ field: 'refroidissement', msg: M.notChoice('Refroidissement', ['ONAN', 'ONAF']) }],
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
      );
    renderSection(transformer({ custom_fields: { bon_commande: 'BC-1' } }));
    const section = await screen.findByRole('region', { name: M.title });
    await userEvent.click(within(section).getByRole('button', { name: M.editValues }));
    const form = within(section).getByRole('form', { name: M.formLabel });
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText(M.notChoice('Refroidissement', ['ONAN', 'ONAF']))).toBeInTheDocument();
    expect(within(form).getByLabelText(/Refroidissement/)).toHaveAttribute('aria-invalid', 'true');
    expect(toasts.error).toHaveBeenCalledWith(M.saveFailed);
  });
});
