import { CUSTOM_FIELD_MESSAGES as M } from '@gmao/domain/custom-fields/custom-field-messages';
import type { CustomField } from '@gmao/domain/custom-fields/custom-field-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnToasts } from '../../../lib/testing/toasts';
import { notify } from '../../../lib/toast';
import { CustomFieldsList } from './custom-fields-list';

beforeEach(() => {
  spyOnToasts();
});

const puissance: CustomField = {
  id: 1,
  cle: 'puissance',
  libelle: 'Puissance',
  type: 'NOMBRE',
  unite: 'kVA',
  options: [],
  obligatoire: false,
  type_equipement: 'TRANSFORMATEUR',
  position: 1,
  actif: true,
};
const bonCommande: CustomField = {
  ...puissance,
  id: 2,
  cle: 'bon_commande',
  libelle: 'Bon de commande client',
  type: 'TEXTE',
  unite: null,
  obligatoire: true,
  type_equipement: null,
  position: 0,
  actif: false,
};

interface Call {
  method: string;
  url: URL;
  body: unknown;
}
let calls: Call[] = [];
let writeAnswer: () => Promise<Response>;
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const writes = () => calls.filter((c) => c.method !== 'GET');

beforeEach(() => {
  calls = [];
  writeAnswer = () => json(201, { success: true, data: puissance, message: M.created });
  vi.mocked(notify.success).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url: new URL(url, 'http://x'),
        body: init.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      if (call.method !== 'GET') return writeAnswer();
      return json(200, { success: true, data: [bonCommande, puissance] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <CustomFieldsList />
    </QueryClientProvider>,
  );
}

describe('the custom fields administration', () => {
  it('lists every definition, inactive ones too, with type, unit, scope and state', async () => {
    renderList();
    const row = (await screen.findByText('Puissance')).closest('tr') as HTMLElement;
    expect(calls[0]?.url.pathname).toBe('/api/interventions/custom-fields');
    expect(calls[0]?.url.searchParams.get('actif')).toBe('all');
    for (const text of ['puissance', 'Nombre', 'kVA', 'Transformateur', 'Facultatif', 'Actif']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    const global = screen.getByText('Bon de commande client').closest('tr') as HTMLElement;
    for (const text of ['Texte', M.allTypes, 'Obligatoire', 'Inactif']) {
      expect(within(global).getByText(text)).toBeInTheDocument();
    }
  });

  it('creates a list field: key suggested from the label, options required, then the domain body', async () => {
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: M.newField }));
    const dialog = screen.getByRole('dialog', { name: M.newField });
    expect(within(dialog).queryByLabelText(M.optionsLegend)).toBeNull();
    expect(within(dialog).queryByLabelText(/Unité/)).toBeNull();
    await userEvent.type(within(dialog).getByLabelText(/Libellé/), 'Mode de refroidissement');
    expect(within(dialog).getByLabelText(/Clé/)).toHaveValue('mode_de_refroidissement');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Type\*/), 'LISTE');
    expect(within(dialog).queryByLabelText(/Unité/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: M.addOption }));
    await userEvent.type(within(dialog).getByLabelText('Option 1'), 'ONAN');
    await userEvent.click(within(dialog).getByRole('button', { name: M.createSubmit }));
    expect(await within(dialog).findByText(M.optionsRequired)).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: M.addOption }));
    await userEvent.type(within(dialog).getByLabelText('Option 2'), 'ONAF');
    await userEvent.click(within(dialog).getByRole('button', { name: "Monter l'option 2" }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: "Type d'équipement" }));
    await userEvent.click(screen.getByRole('option', { name: 'Transformateur' }));
    await userEvent.clear(within(dialog).getByLabelText('Position'));
    await userEvent.type(within(dialog).getByLabelText('Position'), '3');
    await userEvent.click(within(dialog).getByLabelText(/Champ obligatoire/));
    await userEvent.click(within(dialog).getByRole('button', { name: M.createSubmit }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      url: expect.objectContaining({ pathname: '/api/interventions/custom-fields' }),
      body: {
        cle: 'mode_de_refroidissement',
        libelle: 'Mode de refroidissement',
        type: 'LISTE',
        unite: null,
        options: ['ONAF', 'ONAN'],
        obligatoire: true,
        type_equipement: 'TRANSFORMATEUR',
        position: 3,
        actif: true,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notify.success).toHaveBeenCalledWith(M.created);
  });

  it("shows the server's field errors on their fields (409 key taken) and stays open", async () => {
    writeAnswer = () =>
      json(409, { success: false, message: M.cleTaken, details: [{ field: 'cle', msg: M.cleTaken }] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: M.newField }));
    const dialog = screen.getByRole('dialog', { name: M.newField });
    await userEvent.type(within(dialog).getByLabelText(/Libellé/), 'Puissance');
    await userEvent.click(within(dialog).getByRole('button', { name: M.createSubmit }));
    expect(await within(dialog).findByText(M.cleTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Clé/)).toHaveAttribute('aria-invalid', 'true');
    expect(logged).toHaveBeenCalledWith(M.createFailed, expect.anything());
    logged.mockRestore();
  });

  it('edits a field with its key and type locked, the unit offered for a number', async () => {
    writeAnswer = () => json(200, { success: true, data: puissance, message: M.updated });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Puissance' }));
    const dialog = screen.getByRole('dialog', { name: M.editField });
    const cle = within(dialog).getByLabelText(/Clé/);
    expect(cle).toHaveValue('puissance');
    expect(cle).toHaveAttribute('readonly');
    const type = within(dialog).getByLabelText(/^Type\*/);
    expect(type.tagName).toBe('INPUT');
    expect(type).toHaveAttribute('readonly');
    expect(type).toHaveValue('Nombre');
    expect(within(dialog).getByText(M.lockedHelp)).toBeInTheDocument();
    await userEvent.type(cle, 'x');
    expect(cle).toHaveValue('puissance');
    const unite = within(dialog).getByLabelText(/Unité/);
    await userEvent.clear(unite);
    await userEvent.type(unite, 'kW');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      url: expect.objectContaining({ pathname: '/api/interventions/custom-fields/1' }),
      body: { cle: 'puissance', type: 'NOMBRE', unite: 'kW', libelle: 'Puissance', type_equipement: 'TRANSFORMATEUR' },
    });
    expect(notify.success).toHaveBeenCalledWith(M.updated);
  });

  it('deletes after a confirmation saying the values entered are kept, hidden', async () => {
    writeAnswer = () => json(200, { success: true, data: null, message: M.deleted });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Puissance' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(M.deleteKeepsValues);
    expect(writes()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    await waitFor(() => expect(writes()).toMatchObject([{ method: 'DELETE' }]));
    expect(writes()[0]?.url.pathname).toBe('/api/interventions/custom-fields/1');
    expect(notify.success).toHaveBeenCalledWith(M.deleted);
  });
});
